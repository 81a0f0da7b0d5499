namespace MicroDb;

/// <summary>Declares a maximum length: the column is declared <c>varchar(N)</c>. SQLite does not enforce it.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class MaxLengthAttribute : Attribute
{
    /// <summary>Declares the maximum length.</summary>
    /// <param name="length">The length in characters.</param>
    public MaxLengthAttribute(int length) => Value = length;

    /// <summary>The length in characters.</summary>
    public int Value { get; }
}
