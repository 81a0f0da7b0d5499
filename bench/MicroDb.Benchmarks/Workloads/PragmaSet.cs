namespace MicroDb.Benchmarks.Workloads;

/// <summary>Study 003's pragma matrix: SQLite's defaults, MicroDb's defaults, each tuning pragma on top of them, and all together.</summary>
public enum PragmaSet
{
    /// <summary>journal_mode=DELETE, synchronous=FULL (SQLite's defaults; MicroDbPreset.Untuned).</summary>
    Untuned,

    /// <summary>journal_mode=WAL, synchronous=FULL (MicroDbPreset.Durable).</summary>
    WalFull,

    /// <summary>journal_mode=WAL, synchronous=NORMAL (MicroDbPreset.Default).</summary>
    WalNormal,

    /// <summary>WalNormal + cache_size=-65536 (64 MiB).</summary>
    WalNormalCache64M,

    /// <summary>WalNormal + mmap_size=64 MiB.</summary>
    WalNormalMmap64M,

    /// <summary>WalNormal + temp_store=MEMORY.</summary>
    WalNormalTempMemory,

    /// <summary>WalNormal + threads=2.</summary>
    WalNormalThreads2,

    /// <summary>WalNormal + cache 64 MiB + mmap 64 MiB + temp_store MEMORY + threads=2 (the study's combination).</summary>
    Combination,
}
