namespace MicroDb;

/// <summary>SQLite's <c>PRAGMA temp_store</c> values.</summary>
public enum TempStore
{
    /// <summary>The compile-time default (usually files).</summary>
    Default = 0,
    /// <summary>Temporary tables and indexes in files.</summary>
    File = 1,
    /// <summary>Temporary tables and indexes in memory.</summary>
    Memory = 2,
}
