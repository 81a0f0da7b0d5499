namespace MicroDb;

/// <summary>Marks a class as a mapped table and optionally names it. The source generator emits a map for every class carrying it.</summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = true)]
public sealed class TableAttribute : Attribute
{
    /// <summary>Maps the class to a table named after the class.</summary>
    public TableAttribute()
    {
    }

    /// <summary>Maps the class to the table <paramref name="name"/>.</summary>
    /// <param name="name">The table name.</param>
    public TableAttribute(string name) => Name = name;

    /// <summary>The table name; null means the class name.</summary>
    public string? Name { get; set; }

    /// <summary>Creates the table <c>WITHOUT ROWID</c> (requires a primary key; no auto-increment).</summary>
    public bool WithoutRowId { get; set; }
}
