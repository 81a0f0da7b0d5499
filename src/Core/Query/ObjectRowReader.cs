using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads rows into new objects of a type known only at run time, through its untyped map (the compatibility package's
/// <c>Query(TableMapping, ...)</c>). The column ordinals are the map's own (<see cref="EntityMap{T}.GetOrdinals"/>:
/// resolved once per statement and cached on it), as <see cref="EntityRowReader{T}"/> reads them.
/// </summary>
internal struct ObjectRowReader : IRowReader<object>
{
    private readonly IEntityMap _map;
    private int[] _ordinals;

    public ObjectRowReader(IEntityMap map)
    {
        _map = map;
        _ordinals = [];
    }

    // Every IEntityMap is an EntityMap<T> (its type-erased view), which implements IObjectCrud.
    public void Prepare(SqliteStatement statement) => _ordinals = ((IObjectCrud)_map).GetOrdinals(statement);

    public readonly object Read(SqliteStatement statement) => _map.ReadObject(statement, _ordinals);
}
