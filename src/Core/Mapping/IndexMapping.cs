namespace MicroDb.Mapping;

/// <summary>An index declared with <c>[Indexed]</c> or <c>[Unique]</c>.</summary>
public sealed class IndexMapping
{
    /// <summary>Describes an index.</summary>
    /// <param name="name">The index name.</param>
    /// <param name="isUnique">True for a UNIQUE index.</param>
    /// <param name="columns">Column names in index order.</param>
    public IndexMapping(string name, bool isUnique, IReadOnlyList<string> columns)
    {
        Name = name;
        IsUnique = isUnique;
        Columns = columns;
    }

    /// <summary>The index name.</summary>
    public string Name { get; }

    /// <summary>True for a UNIQUE index.</summary>
    public bool IsUnique { get; }

    /// <summary>Column names in index order.</summary>
    public IReadOnlyList<string> Columns { get; }
}
