namespace MicroDb.Mapping;

/// <summary>
/// A process-wide number per mapped type, handed out on first use, under which a connection remembers the map it
/// resolved for the type (<see cref="MicroDbConnection.GetMap{T}"/>).
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal static class MapSlot<T>
{
    /// <summary>This type's index.</summary>
    public static readonly int Index = EntityMapSlots.NextType();
}
