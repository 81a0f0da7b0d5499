using MicroDb.Mapping;

namespace MicroDb;

/// <summary>How a <see cref="MicroDbConnection"/> opens its database and maps types. Every setting has a sensible default.</summary>
public sealed class MicroDbOptions
{
    /// <summary>Options for the database file at <paramref name="databasePath"/>.</summary>
    /// <param name="databasePath">A file path, or <c>:memory:</c>.</param>
    public MicroDbOptions(string databasePath)
    {
        ArgumentException.ThrowIfNullOrEmpty(databasePath);
        DatabasePath = databasePath;
    }

    // The compat package's empty path (sqlite-net's "temporary on-disk database"): SQLite opens a private temporary
    // file deleted on close. Not public: a pool's readers would each open a different, empty temporary database.
    private MicroDbOptions()
    {
        DatabasePath = string.Empty;
    }

    /// <summary>Options for SQLite's private temporary on-disk database (the empty file name), for one connection.</summary>
    internal static MicroDbOptions ForTemporaryDatabase() => new();

    /// <summary>The database file path, or <c>:memory:</c>.</summary>
    public string DatabasePath { get; }

    /// <summary>The durability preset; <see cref="MicroDbPreset.Default"/> unless set.</summary>
    public MicroDbPreset Preset { get; set; } = MicroDbPreset.Default;

    /// <summary>Overrides the preset's journal mode.</summary>
    public JournalMode? JournalMode { get; set; }

    /// <summary>Overrides the preset's synchronous level.</summary>
    public SynchronousMode? Synchronous { get; set; }

    /// <summary>How long to wait for a lock held by another connection before failing with SQLITE_BUSY. Default 5 seconds.</summary>
    public TimeSpan BusyTimeout { get; set; } = TimeSpan.FromSeconds(5);

    /// <summary>Enforce foreign keys. Default true except with <see cref="MicroDbPreset.Untuned"/>.</summary>
    public bool? ForeignKeys { get; set; }

    /// <summary><c>PRAGMA cache_size</c>: pages if positive, KiB if negative. Null keeps SQLite's default (-2000, about 2 MB).</summary>
    public int? CacheSize { get; set; }

    /// <summary><c>PRAGMA mmap_size</c> in bytes. Null keeps SQLite's default (0, no memory mapping).</summary>
    public long? MmapSize { get; set; }

    /// <summary><c>PRAGMA temp_store</c>. Null keeps SQLite's default.</summary>
    public TempStore? TempStore { get; set; }

    /// <summary>Open read-only. Writes fail with SQLITE_READONLY.</summary>
    public bool ReadOnly { get; set; }

    /// <summary>Create the file when it does not exist. Default true.</summary>
    public bool CreateIfMissing { get; set; } = true;

    /// <summary>Which mapping path to use. Default <see cref="MappingMode.Auto"/>.</summary>
    public MappingMode Mapping { get; set; } = MappingMode.Auto;

    /// <summary>The provider of reflection-built maps; null uses <see cref="EntityMapRegistry.DefaultReflectionProvider"/>.</summary>
    public IEntityMapProvider? ReflectionProvider { get; set; }

    /// <summary>
    /// With <see cref="MappingMode.Auto"/>, throw instead of falling back to reflection for a type without a generated map,
    /// so an AOT app can prove it never reflects. The exception names the type.
    /// </summary>
    public bool ThrowOnReflectionFallback { get; set; }

    /// <summary>
    /// How values are encoded in the file: <see cref="StorageFormat.MicroDb"/> (the default) or
    /// <see cref="StorageFormat.SqliteNet"/> to read and write databases created by sqlite-net-pcl.
    /// </summary>
    public StorageFormat Storage { get; set; } = StorageFormat.MicroDb;

    /// <summary>How many ad-hoc SQL statements (Query, Execute) a connection keeps prepared. Default 128.</summary>
    public int StatementCacheSize { get; set; } = 128;

    /// <summary>
    /// Called after every statement this connection runs (CRUD, queries, LINQ, schema, transactions), on the thread
    /// that ran it and under the connection's lock: keep it short and do not use the connection from it. An exception it
    /// throws reaches the caller of the statement (which has already run). Null (the default) costs nothing. See also
    /// <see cref="MicroDbDiagnostics"/> for <see cref="System.Diagnostics.ActivitySource"/> and metrics.
    /// </summary>
    public Action<ExecutedStatement>? OnStatement { get; set; }

    /// <summary>
    /// Include parameter values in <see cref="ExecutedStatement.Parameters"/> and as <c>db.query.parameter.N</c> activity
    /// tags. Off by default: values can be personal data, and a log should not receive them unless the app decides so.
    /// </summary>
    public bool IncludeParameterValues { get; set; }

    internal JournalMode EffectiveJournalMode => JournalMode ?? (Preset == MicroDbPreset.Untuned ? MicroDb.JournalMode.Delete : MicroDb.JournalMode.Wal);

    internal SynchronousMode EffectiveSynchronous => Synchronous ?? (Preset == MicroDbPreset.Default ? SynchronousMode.Normal : SynchronousMode.Full);

    internal bool EffectiveForeignKeys => ForeignKeys ?? Preset != MicroDbPreset.Untuned;
}
