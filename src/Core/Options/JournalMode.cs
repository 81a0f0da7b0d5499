namespace MicroDb;

/// <summary>SQLite's <c>PRAGMA journal_mode</c> values.</summary>
public enum JournalMode
{
    /// <summary>Rollback journal deleted at the end of each transaction (SQLite's default).</summary>
    Delete,
    /// <summary>Rollback journal truncated instead of deleted.</summary>
    Truncate,
    /// <summary>Rollback journal header zeroed instead of deleted.</summary>
    Persist,
    /// <summary>Journal in memory: a crash mid-transaction can corrupt the database.</summary>
    Memory,
    /// <summary>Write-ahead log: readers run concurrently with one writer.</summary>
    Wal,
    /// <summary>No journal: no rollback, no crash safety.</summary>
    Off,
}
