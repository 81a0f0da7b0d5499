namespace MicroDb;

/// <summary>SQLite's <c>PRAGMA synchronous</c> levels.</summary>
public enum SynchronousMode
{
    /// <summary>No fsync: fastest, an OS crash or power loss can corrupt the database.</summary>
    Off = 0,
    /// <summary>fsync at checkpoints (in WAL mode): durable against process crashes.</summary>
    Normal = 1,
    /// <summary>fsync on every commit: durable against power loss.</summary>
    Full = 2,
    /// <summary>Like Full, and also syncs the directory of a deleted rollback journal.</summary>
    Extra = 3,
}
