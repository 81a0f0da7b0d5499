using System.Runtime.CompilerServices;

namespace MicroDb.Mapping;

/// <summary>
/// The upsert text of a table (src/Shared <c>CrudSqlText.Upsert</c>), on its key or on one of its unique indexes, built
/// once per table and conflict target and kept beside the <see cref="TableMapping"/>. A target that is not unique is
/// refused here, before anything is prepared or run.
/// </summary>
internal static class UpsertSql
{
    private static readonly ConditionalWeakTable<TableMapping, Texts> ByTable = new();

    /// <summary>The upsert on <paramref name="table"/>'s primary key.</summary>
    /// <param name="table">The table.</param>
    /// <exception cref="NotSupportedException">The table has no primary key.</exception>
    public static string ByKey(TableMapping table)
    {
        var texts = ByTable.GetValue(table, static _ => new Texts());
        return texts.Key ??= CrudSqlText.UpsertByKey(table.TableName, table.Facts)
            ?? throw new NotSupportedException($"Cannot upsert '{table.EntityTypeName}' by key: it has no [PrimaryKey]. Name a unique index as the conflict target instead.");
    }

    /// <summary>The upsert on the columns of <paramref name="table"/>'s unique index <paramref name="indexName"/>.</summary>
    /// <param name="table">The table.</param>
    /// <param name="indexes">The table's indexes as the connection's dialect groups them.</param>
    /// <param name="indexName">The index's name, as CREATE INDEX wrote it.</param>
    /// <exception cref="ArgumentException">No index has that name, or the index is not unique.</exception>
    public static string ByIndex(TableMapping table, IReadOnlyList<IndexMapping> indexes, string indexName)
    {
        var texts = ByTable.GetValue(table, static _ => new Texts());
        lock (texts)
        {
            if (texts.Indexes.TryGetValue(indexName, out var known))
            {
                return known;
            }
        }

        var index = indexes.FirstOrDefault(i => string.Equals(i.Name, indexName, StringComparison.Ordinal))
            ?? throw new ArgumentException(
                $"'{table.TableName}' has no index named '{indexName}' to upsert on; its unique indexes are: " +
                (indexes.Any(i => i.IsUnique) ? string.Join(", ", indexes.Where(i => i.IsUnique).Select(i => "'" + i.Name + "'")) : "(none)") + ".",
                nameof(indexName));
        if (!index.IsUnique)
        {
            throw new ArgumentException(
                $"Index '{indexName}' of '{table.TableName}' is not unique, so it cannot be an upsert's conflict target (ON CONFLICT needs a PRIMARY KEY or UNIQUE constraint). Mark its members [Unique] or upsert by key.",
                nameof(indexName));
        }

        var sql = CrudSqlText.Upsert(table.TableName, table.Facts, index.Columns);
        lock (texts)
        {
            texts.Indexes[indexName] = sql;
        }

        return sql;
    }

    private sealed class Texts
    {
        public string? Key;

        public readonly Dictionary<string, string> Indexes = new(StringComparer.Ordinal);
    }
}
