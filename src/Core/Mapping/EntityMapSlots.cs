namespace MicroDb.Mapping;

/// <summary>
/// Hands out process-wide slot numbers, so a connection can keep per-map state (its prepared statements) and per-type
/// state (the resolved map, <see cref="MapSlot{T}"/>) in arrays rather than dictionaries.
/// </summary>
internal static class EntityMapSlots
{
    private static int _nextMap = -1;
    private static int _nextType = -1;

    /// <summary>The next slot for a map.</summary>
    public static int Next() => Interlocked.Increment(ref _nextMap);

    /// <summary>The next slot for a mapped type.</summary>
    public static int NextType() => Interlocked.Increment(ref _nextType);
}
