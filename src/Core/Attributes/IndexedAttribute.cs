namespace MicroDb;

/// <summary>
/// Creates an index on the member's column. Members that share a <see cref="Name"/> form one composite
/// index, ordered by <see cref="Order"/>. Repeat the attribute to put a column in several indexes.
/// </summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = true, Inherited = true)]
public class IndexedAttribute : Attribute
{
    /// <summary>An index named <c>IX_{table}_{column}</c>.</summary>
    public IndexedAttribute()
    {
    }

    /// <summary>A (possibly composite) index with a name, and this column's position in it.</summary>
    /// <param name="name">The index name.</param>
    /// <param name="order">The column's position within a composite index.</param>
    public IndexedAttribute(string name, int order)
    {
        Name = name;
        Order = order;
    }

    /// <summary>The index name; null for the default name.</summary>
    public string? Name { get; set; }

    /// <summary>The column's position within a composite index.</summary>
    public int Order { get; set; }

    /// <summary>Creates a UNIQUE index.</summary>
    public virtual bool Unique { get; set; }
}
