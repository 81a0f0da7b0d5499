namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The enum of the typed join keys (<see cref="TypedKeyLeft"/>, <see cref="TypedKeyRight"/>).</summary>
public enum KeyLevel
{
    /// <summary>The lowest.</summary>
    Low = 1,

    /// <summary>The middle.</summary>
    Mid = 2,

    /// <summary>The highest.</summary>
    High = 3,
}
