using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads whole entities through the map, with ordinals resolved once per statement (and cached on it, see
/// <see cref="EntityMap{T}.GetOrdinals"/>). A struct: the runner holds it in a local, so reading entities allocates only the entities.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal struct EntityRowReader<T> : IRowReader<T>
{
    private readonly EntityMap<T> _map;
    private int[] _ordinals;

    public EntityRowReader(EntityMap<T> map)
    {
        _map = map;
        _ordinals = [];
    }

    public void Prepare(SqliteStatement statement) => _ordinals = _map.GetOrdinals(statement);

    public readonly T Read(SqliteStatement statement) => _map.Read(statement, _ordinals);
}
