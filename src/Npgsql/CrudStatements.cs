using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// The CRUD commands of one map on one <see cref="MicroDbNpgsqlConnection"/>, each made at its first use (text from
/// <see cref="PostgresTableSql"/>, written once per map) and kept, with what each call needs worked out once: the key,
/// the identity column, the parameter order, the reader's ordinals.
/// </summary>
internal sealed class CrudStatements<T> : IDisposable
{
    private readonly NpgsqlConnection _connection;
    private CrudCommand? _insert;
    private CrudCommand? _update;
    private CrudCommand? _delete;
    private CrudCommand? _find;

    public CrudStatements(NpgsqlConnection connection, EntityMap<T> map)
    {
        _connection = connection;
        Map = map;
        Sql = PostgresTableSql.For(map);
        var columns = map.Table.Columns;
        Key = map.Table.PrimaryKey;
        Keys = map.Table.PrimaryKeyColumns;
        Identity = map.Table.AutoIncrementColumn?.Ordinal ?? -1;

        // SelectByKey reads every column in column order.
        Ordinals = new int[columns.Count];
        for (var i = 0; i < Ordinals.Length; i++)
        {
            Ordinals[i] = i;
        }
    }

    public EntityMap<T> Map { get; }

    public PostgresTableSql Sql { get; }

    /// <summary>The single-column primary key, or null (then Find is refused).</summary>
    public ColumnMapping? Key { get; }

    /// <summary>The primary key's columns in key order; none: Update and Delete are refused.</summary>
    public IReadOnlyList<ColumnMapping> Keys { get; }

    /// <summary>The ordinal of the identity column, or -1.</summary>
    public int Identity { get; }

    /// <summary>The reader ordinal of each column in a row of <see cref="PostgresTableSql.SelectByKey"/>.</summary>
    public int[] Ordinals { get; }

    public CrudCommand Insert() => _insert ??= new CrudCommand(_connection, Sql.Insert, Map.Table.Columns.Count, Bound(c => !c.IsAutoIncrement, []));

    public CrudCommand Update() => _update ??= new CrudCommand(_connection, Sql.Update!, Map.Table.Columns.Count, Bound(c => !c.IsPrimaryKey, Keys));

    public CrudCommand Delete() => _delete ??= new CrudCommand(_connection, Sql.Delete!, Map.Table.Columns.Count, [.. Keys.Select(k => k.Ordinal)]);

    // Every key column in key order ($1..$k): one for a single key, each of a composite key's for Find/Get by key values.
    public CrudCommand Find() => _find ??= new CrudCommand(_connection, Sql.SelectByKey!, Map.Table.Columns.Count, [.. Keys.Select(k => k.Ordinal)]);

    public void Dispose()
    {
        _insert?.Dispose();
        _update?.Dispose();
        _delete?.Dispose();
        _find?.Dispose();
    }

    // Once per statement: the columns in $n order (the dialect's order, then the key's columns last for UPDATE).
    private int[] Bound(Func<ColumnMapping, bool> include, IReadOnlyList<ColumnMapping> last)
    {
        var bound = new List<int>();
        foreach (var column in Map.Table.Columns)
        {
            if (include(column))
            {
                bound.Add(column.Ordinal);
            }
        }

        foreach (var column in last)
        {
            bound.Add(column.Ordinal);
        }

        return bound.ToArray();
    }
}
