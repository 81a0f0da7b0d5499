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
        var cached = Cache<T>.Entry;
        if (cached is not null && ReferenceEquals(cached.Value.Map, map))
        {
            return cached.Value.Sql;
        }

        var sql = new PostgresTableSql(map.Table);
        Cache<T>.Entry = (map, sql);
        return sql;
    }

    private static class Cache<T>
    {
        public static (EntityMap<T> Map, PostgresTableSql Sql)? Entry;
    }
}
