using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;

namespace SQLite;

/// <summary>Reads rows into objects of a type known only at run time (sqlite-net's <c>Query(TableMapping, ...)</c>).</summary>
internal struct ObjectRowReader : IRowReader<object>
{
    private readonly IEntityMap _map;
    private int[] _ordinals;

    public ObjectRowReader(IEntityMap map)
    {
        _map = map;
        _ordinals = [];
    }

    public void Prepare(SqliteStatement statement)
    {
        var columns = _map.Table.Columns;
        _ordinals = new int[columns.Count];
        for (var i = 0; i < _ordinals.Length; i++)
        {
            _ordinals[i] = statement.GetOrdinal(columns[i].Name);
        }
    }

    public readonly object Read(SqliteStatement statement) => _map.ReadObject(statement, _ordinals);
}
