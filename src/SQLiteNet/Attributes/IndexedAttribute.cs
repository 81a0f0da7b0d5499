namespace SQLite;

/// <summary>
/// Creates an index on the property's column, named <c>{table}_{column}</c> unless <see cref="Name"/> is set.
/// Properties sharing a name form one index, their columns ordered by <see cref="Order"/>.
/// </summary>
[AttributeUsage(AttributeTargets.Property)]
public class IndexedAttribute : Attribute
{
    /// <summary>An index of this column alone, with the default name.</summary>
    public IndexedAttribute()
    {
    }

    /// <summary>A named (possibly multi-column) index and this column's position in it.</summary>
    /// <param name="name">The index name.</param>
    /// <param name="order">The column's position within the index.</param>
    public IndexedAttribute(string name, int order)
    {
        Name = name;
        Order = order;
    }

    /// <summary>The index name; null for <c>{table}_{column}</c>.</summary>
    public string Name { get; set; } = null;

    /// <summary>The column's position within the index.</summary>
    public int Order { get; set; }

    /// <summary>Creates a unique index.</summary>
    public virtual bool Unique { get; set; }
}
