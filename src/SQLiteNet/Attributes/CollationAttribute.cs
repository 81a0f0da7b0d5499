namespace SQLite;

/// <summary>Declares the column's collating sequence (<c>BINARY</c>, <c>NOCASE</c>, <c>RTRIM</c>, or a registered one).</summary>
[AttributeUsage(AttributeTargets.Property)]
public class CollationAttribute : Attribute
{
    /// <summary>Declares the collation <paramref name="collation"/>.</summary>
    /// <param name="collation">The collation name.</param>
    public CollationAttribute(string collation)
    {
        Value = collation;
    }

    /// <summary>The collation name.</summary>
    public string Value { get; private set; }
}
