namespace MicroDb.Mapping;

/// <summary>
/// The SQL a map's CRUD operations run, built once per map with <see cref="SqlBuilder"/> from its
/// <see cref="TableMapping"/> on both mapping paths (generated maps carry the table, not the text).
/// </summary>
public sealed class EntitySql
{
    /// <summary>CREATE TABLE IF NOT EXISTS with every column and constraint.</summary>
    public required string CreateTable { get; init; }

    /// <summary>INSERT of every column except an auto-incremented key, parameters in <see cref="TableMapping.InsertColumns"/> order.</summary>
    public required string Insert { get; init; }

    /// <summary>INSERT OR REPLACE of every column, parameters in <see cref="TableMapping.Columns"/> order.</summary>
    public required string InsertOrReplace { get; init; }

    /// <summary>UPDATE of every non-key column by key (non-key parameters first, key last); null without a key or without non-key columns.</summary>
    public string? Update { get; init; }

    /// <summary>DELETE by key; null without a key.</summary>
    public string? Delete { get; init; }

    /// <summary>SELECT of every column by key; null without a key.</summary>
    public string? SelectByKey { get; init; }

    /// <summary>SELECT of every column, columns in <see cref="TableMapping.Columns"/> order.</summary>
    public required string SelectAll { get; init; }
}
