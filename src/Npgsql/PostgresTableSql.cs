using MicroDb.Mapping;

namespace MicroDb.Npgsql;

/// <summary>A map's PostgreSQL statements, written once per map by the shared <see cref="PostgresDialect"/>.</summary>
internal sealed class PostgresTableSql
{
    private PostgresTableSql(TableMapping table)
    {
        var facts = table.Facts;
        foreach (var column in facts)
        {
            if (PostgresDialect.Refusal(table.TableName, column) is { } refusal)
            {
                throw new MicroDbMappingException(refusal);
            }
        }

        CreateTable = PostgresDialect.CreateTable(table.TableName, facts);
        CreateIndexes = table.Indexes.Select(i => PostgresDialect.CreateIndex(i.Name, i.IsUnique, table.TableName, i.Columns)).ToArray();
        Insert = PostgresDialect.Insert(table.TableName, facts);
        Update = PostgresDialect.Update(table.TableName, facts);
        Delete = PostgresDialect.Delete(table.TableName, facts);
        SelectByKey = PostgresDialect.SelectByKey(table.TableName, facts);
    }

    public string CreateTable { get; }

    public IReadOnlyList<string> CreateIndexes { get; }

    public string Insert { get; }

    public string? Update { get; }

    public string? Delete { get; }

    public string? SelectByKey { get; }

    /// <summary>The statements of <paramref name="map"/>, built at its first use and kept for the map's lifetime.</summary>
    public static PostgresTableSql For<T>(EntityMap<T> map)
    {
        // One reference, written and read whole: two threads racing here build the same text and either entry is kept.
        var cached = Cache<T>.Entry;
        if (cached is not null && ReferenceEquals(cached.Map, map))
        {
            return cached.Sql;
        }

        var sql = new PostgresTableSql(map.Table);
        Cache<T>.Entry = new CacheEntry<T>(map, sql);
        return sql;
    }

    private sealed record CacheEntry<T>(EntityMap<T> Map, PostgresTableSql Sql);

    private static class Cache<T>
    {
        public static CacheEntry<T>? Entry;
    }
}
