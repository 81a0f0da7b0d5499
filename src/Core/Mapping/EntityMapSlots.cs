namespace MicroDb.Mapping;

/// <summary>Hands out process-wide slot numbers to maps, so a connection can keep per-map state in an array.</summary>
internal static class EntityMapSlots
{
    private static int _next = -1;

    public static int Next() => Interlocked.Increment(ref _next);
}
