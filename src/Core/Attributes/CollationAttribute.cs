namespace MicroDb;

/// <summary>Declares the column's collation (for example <c>NOCASE</c>, <c>RTRIM</c>, <c>BINARY</c>).</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class CollationAttribute : Attribute
{
    /// <summary>Declares the collation.</summary>
    /// <param name="collation">The collation name.</param>
    public CollationAttribute(string collation) => Value = collation;

    /// <summary>The collation name.</summary>
    public string Value { get; }
}
