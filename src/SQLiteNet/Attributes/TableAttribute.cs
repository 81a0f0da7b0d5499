namespace SQLite;

/// <summary>Names the table a class is stored in (sqlite-net's <c>[Table]</c>); without it the class name is used.</summary>
[AttributeUsage(AttributeTargets.Class)]
public class TableAttribute : Attribute
{
    /// <summary>Maps the class to the table <paramref name="name"/>.</summary>
    /// <param name="name">The table name.</param>
    public TableAttribute(string name)
    {
        Name = name;
    }

    /// <summary>The table name.</summary>
    public string Name { get; set; }

    /// <summary>Creates the table <c>WITHOUT ROWID</c> (it then needs a primary key).</summary>
    public bool WithoutRowId { get; set; }
}
