namespace MicroDb;

/// <summary>Names the column a property maps to.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = true)]
public sealed class ColumnAttribute : Attribute
{
    /// <summary>Maps the member to the column <paramref name="name"/>.</summary>
    /// <param name="name">The column name.</param>
    public ColumnAttribute(string name) => Name = name;

    /// <summary>The column name.</summary>
    public string Name { get; }
}
