namespace MicroDb;

/// <summary>Named bundles of durability and speed settings. See the README's table for what each promises.</summary>
public enum MicroDbPreset
{
    /// <summary>
    /// WAL journal, synchronous=NORMAL, busy timeout, foreign keys on. Survives a process crash with every committed
    /// transaction; a power loss may lose the last transactions (never corrupts). Fast writes and concurrent readers.
    /// </summary>
    Default,

    /// <summary>WAL journal, synchronous=FULL: every committed transaction survives a power loss too, at the cost of an fsync per commit.</summary>
    Durable,

    /// <summary>SQLite's own defaults (rollback journal, synchronous=FULL, no foreign keys): for comparisons and legacy files.</summary>
    Untuned,
}
