namespace MicroDb.Benchmarks.Infrastructure;

/// <summary>The durability settings a comparison runs under; every provider in one comparison gets the same.</summary>
public enum Durability
{
    /// <summary>SQLite's own defaults: journal_mode=DELETE, synchronous=FULL (MicroDbPreset.Untuned).</summary>
    Untuned,

    /// <summary>MicroDb's defaults: journal_mode=WAL, synchronous=NORMAL, foreign keys on (MicroDbPreset.Default).</summary>
    MicroDbDefault,
}
