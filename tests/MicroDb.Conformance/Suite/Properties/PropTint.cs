namespace MicroDb.Conformance.Properties;

/// <summary>An int enum used as a key by the property tests.</summary>
public enum PropTint
{
    /// <summary>First.</summary>
    Red = 1,

    /// <summary>Second.</summary>
    Green = 2,

    /// <summary>Third.</summary>
    Blue = 3,
}
