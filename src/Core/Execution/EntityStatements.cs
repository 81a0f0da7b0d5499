using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

/// <summary>A connection's prepared CRUD statements for one map, created on first use and reused for every call.</summary>
internal sealed class EntityStatements : IDisposable
{
    private readonly StatementRunner _runner;
    private SqliteStatement? _insert;
    private SqliteStatement? _insertOrReplace;
    private SqliteStatement? _update;
    private SqliteStatement? _delete;
    private SqliteStatement? _selectByKey;
    private SqliteStatement? _upsert;
    private Dictionary<string, SqliteStatement>? _upsertOnIndex;

    public EntityStatements(StatementRunner runner, IEntityMap map)
    {
        _runner = runner;
        Map = map;
    }

    public IEntityMap Map { get; }

    public SqliteStatement Insert => _insert ??= _runner.Prepare(Map.Sql.Insert);

    public SqliteStatement InsertOrReplace => _insertOrReplace ??= _runner.Prepare(Map.Sql.InsertOrReplace);

    public SqliteStatement Update => _update ??= _runner.Prepare(Map.Sql.Update ?? throw NoKey("update"));

    public SqliteStatement Delete => _delete ??= _runner.Prepare(Map.Sql.Delete ?? throw NoKey("delete by key"));

    // Find's statement: the getter inlines into the runner (a field read and a null test); preparing is out of line.
    public SqliteStatement SelectByKey
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _selectByKey ?? PrepareSelectByKey();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private SqliteStatement PrepareSelectByKey() => _selectByKey = _runner.Prepare(Map.Sql.SelectByKey ?? throw NoKey("find by key"));

    /// <summary>The upsert on the key (<paramref name="sql"/> is <see cref="UpsertSql.ByKey"/>'s), or on a unique index by name.</summary>
    public SqliteStatement Upsert(string? indexName, string sql)
    {
        if (indexName is null)
        {
            return _upsert ??= _runner.Prepare(sql);
        }

        _upsertOnIndex ??= new Dictionary<string, SqliteStatement>(StringComparer.Ordinal);
        if (!_upsertOnIndex.TryGetValue(indexName, out var statement))
        {
            statement = _upsertOnIndex[indexName] = _runner.Prepare(sql);
        }

        return statement;
    }

    public void Dispose()
    {
        _upsert?.Dispose();
        if (_upsertOnIndex is not null)
        {
            foreach (var statement in _upsertOnIndex.Values)
            {
                statement.Dispose();
            }
        }

        _insert?.Dispose();
        _insertOrReplace?.Dispose();
        _update?.Dispose();
        _delete?.Dispose();
        _selectByKey?.Dispose();
    }

    private NotSupportedException NoKey(string operation) => Map.Table.PrimaryKey is null
        ? new NotSupportedException($"Cannot {operation} '{Map.Table.EntityTypeName}': it has no [PrimaryKey].")
        : new NotSupportedException($"Cannot {operation} '{Map.Table.EntityTypeName}': it has no columns besides its key.");
}
