namespace MicroDb;

// What compiled queries (MicroDbQuery) keep per connection, by a process-wide number per compiled query.
public sealed partial class MicroDbConnection
{
    /// <summary>How many compiled queries keep their state in the connection's array; later ones use a weak table (MicroDbQuery).</summary>
    internal const int CompiledSlots = 256;

    private static int _nextCompiledSlot = -1;

    // By the compiled query's slot; replaced, never written in place, so a reader without the lock sees a whole array.
    private object?[] _compiled = [];

    /// <summary>A number for a new compiled query, process-wide (every instantiation of CompiledQuery shares the count).</summary>
    internal static int NextCompiledSlot() => Interlocked.Increment(ref _nextCompiledSlot);

    /// <summary>The state a compiled query keeps on this connection, or null before its first call here.</summary>
    /// <param name="slot">The compiled query's number (below <see cref="CompiledSlots"/>).</param>
    internal object? CompiledState(int slot)
    {
        var states = _compiled;
        return (uint)slot < (uint)states.Length ? states[slot] : null;
    }

    /// <summary>Keeps <paramref name="state"/> for the compiled query <paramref name="slot"/>; the state already kept wins a race.</summary>
    /// <param name="slot">The compiled query's number (below <see cref="CompiledSlots"/>).</param>
    /// <param name="state">Its state on this connection.</param>
    /// <returns>The state kept.</returns>
    internal object KeepCompiledState(int slot, object state)
    {
        lock (_gate)
        {
            var states = _compiled;
            if (slot < states.Length && states[slot] is { } kept)
            {
                return kept;
            }

            var copy = new object?[Math.Max(slot + 1, states.Length)];
            states.CopyTo(copy, 0);
            copy[slot] = state;
            _compiled = copy;
            return state;
        }
    }
}
