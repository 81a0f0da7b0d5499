using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>Reads whole entities through the map, with ordinals resolved once per statement.</summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal sealed class EntityRowReader<T> : RowReader<T>
{
    private readonly EntityMap<T> _map;
    private int[] _ordinals = [];

    public EntityRowReader(EntityMap<T> map) => _map = map;

    public override void Prepare(SqliteStatement statement) => _ordinals = _map.GetOrdinals(statement);

    public override T Read(SqliteStatement statement) => _map.Read(statement, _ordinals);
}
