namespace SQLite;

/// <summary>Names the column a property is stored in; without it the property name is used.</summary>
[AttributeUsage(AttributeTargets.Property)]
public class ColumnAttribute : Attribute
{
    /// <summary>Maps the property to the column <paramref name="name"/>.</summary>
    /// <param name="name">The column name.</param>
    public ColumnAttribute(string name)
    {
        Name = name;
    }

    /// <summary>The column name.</summary>
    public string Name { get; set; }
}
