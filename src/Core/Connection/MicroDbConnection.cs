using System.Globalization;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb;

/// <summary>
/// A connection to one SQLite database with sqlite-net's API: code-first tables, CRUD, queries and transactions.
/// CRUD statements are prepared once per type and reused; ad-hoc SQL is cached by text. Calls are serialized
/// by an internal lock, so a connection may be shared between threads; a transaction or savepoint belongs to the
/// thread that opened it until it ends (other threads' calls wait), so their work never lands inside it.
/// </summary>
public sealed partial class MicroDbConnection : IDisposable
{
    private readonly Lock _gate = new();
    private readonly MicroDbOptions _options;
    private readonly IEntityMapProvider? _reflection;
    private readonly StatementRunner _runner;

    // Resolved maps by MapSlot<T>.Index; replaced, never written in place, so a reader without the lock sees a whole array.
    private IEntityMap?[] _maps = [];
    private sqlite3? _db;

    /// <summary>Opens (creating if needed) the database at <paramref name="databasePath"/> with the default preset.</summary>
    /// <param name="databasePath">A file path, or <c>:memory:</c>.</param>
    public MicroDbConnection(string databasePath)
        : this(new MicroDbOptions(databasePath))
    {
    }

    /// <summary>Opens the database described by <paramref name="options"/>.</summary>
    /// <param name="options">The options.</param>
    /// <exception cref="MicroDbException">The file cannot be opened or is not a database.</exception>
    public MicroDbConnection(MicroDbOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;

        // Captured once: a later change to the options must not re-encode values halfway through a connection's life.
        Storage = options.Storage ?? throw new ArgumentException("MicroDbOptions.Storage is null; use StorageFormat.MicroDb or StorageFormat.SqliteNet(...).", nameof(options));
        _reflection = options.ReflectionProvider;
        _runner = new StatementRunner(this, _gate, options);
        SqliteProvider.EnsureInitialized();
        _db = Open(options);
        try
        {
            ApplyPragmas(options);
        }
        catch
        {
            _db.Dispose();
            _db = null;
            throw;
        }
    }

    /// <summary>The database file path.</summary>
    public string DatabasePath => _options.DatabasePath;

    /// <summary>The options the connection was opened with.</summary>
    public MicroDbOptions Options => _options;

    /// <summary>How this connection encodes values: <see cref="MicroDbOptions.Storage"/> as it was when the connection opened.</summary>
    public StorageFormat Storage { get; }

    /// <summary>The native handle, for calls MicroDb does not wrap.</summary>
    public sqlite3 Handle => _db ?? throw Disposed();

    /// <summary>The row id of the last successful INSERT on this connection.</summary>
    public long LastInsertRowId => raw.sqlite3_last_insert_rowid(Handle);

    /// <summary>Rows changed by the last INSERT, UPDATE or DELETE.</summary>
    public int Changes => raw.sqlite3_changes(Handle);

    /// <summary>SQLite's library version, e.g. "3.50.4".</summary>
    public static string SqliteVersion
    {
        get
        {
            SqliteProvider.EnsureInitialized();
            return raw.sqlite3_libversion().utf8_to_string();
        }
    }

    /// <summary>Closes the connection (same as <see cref="Dispose"/>).</summary>
    public void Close() => Dispose();

    /// <summary>
    /// Finalizes every cached statement and closes the database; an open transaction is rolled back by SQLite.
    /// Safe to call twice. Called from a thread other than the one owning an open transaction, it waits for that transaction to end.
    /// </summary>
    public void Dispose()
    {
        lock (_gate)
        {
            if (_db is null)
            {
                return;
            }

            _runner.FinalizeAll();
            SetTransactionDepth(0);
            _db.Dispose();
            _db = null;
        }
    }

    /// <summary>The map (generated or reflection-built, per <see cref="MicroDbOptions.Mapping"/>) this connection uses for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <exception cref="MicroDbMappingException">No map is available; the message names the type and what to do.</exception>
    public EntityMap<T> GetMap<T>()
    {
        // Every CRUD call starts here, so the resolved map is remembered per connection in an array indexed by a
        // per-type number: one static read and one array read, instead of the resolver's mode switch and, on the
        // reflection path, an interface call to a generic method and the provider's own cache.
        var slot = MapSlot<T>.Index;
        var maps = _maps;
        if ((uint)slot < (uint)maps.Length && maps[slot] is { } known)
        {
            return Unsafe.As<EntityMap<T>>(known);
        }

        return ResolveAndRemember<T>(slot);
    }

    /// <summary>The table metadata of <typeparamref name="T"/>'s map.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public TableMapping GetMapping<T>() => GetMap<T>().Table;

    /// <summary>The map for a type known only at run time.</summary>
    /// <param name="type">The mapped type.</param>
    public IEntityMap GetMap(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return EntityMapResolver.Resolve(type, _options.Mapping, _reflection, _options.ThrowOnReflectionFallback);
    }

    /// <summary>How many statements this connection has prepared (tests use it to prove reuse).</summary>
    internal long PrepareCount => _runner.PrepareCount;

    /// <summary>The runner every query and command of this connection goes through.</summary>
    internal StatementRunner Runner => _runner;

    /// <summary>The connection's lock, for enumerators that step a statement between other calls.</summary>
    internal Lock Gate => _gate;

    /// <summary>False once the connection is closed.</summary>
    internal bool IsOpen => _db is not null;

    private EntityMap<T> ResolveAndRemember<T>(int slot)
    {
        var map = EntityMapResolver.Resolve<T>(_options.Mapping, _reflection, _options.ThrowOnReflectionFallback);
        if (!map.IsGenerated && (_options.Mapping != MappingMode.Reflection || _reflection is null))
        {
            // A reflection fallback is not remembered: under the JIT a model's generated map registers from its
            // assembly's module initializer, which may first run after this call, and the next call must pick it up
            // (so must a change of the process-wide default reflection provider).
            return map;
        }

        var maps = _maps;
        var copy = new IEntityMap?[Math.Max(slot + 1, maps.Length)];
        maps.CopyTo(copy, 0);
        copy[slot] = map;
        _maps = copy;
        return map;
    }

    internal void ThrowIfDisposed()
    {
        if (_db is null)
        {
            throw Disposed();
        }
    }

    private static ObjectDisposedException Disposed() => new(nameof(MicroDbConnection), "The connection has been closed.");

    private static sqlite3 Open(MicroDbOptions options)
    {
        var path = options.DatabasePath;
        if (path.Length > 0 && path != ":memory:" && !path.StartsWith("file:", StringComparison.Ordinal))
        {
            var directory = Path.GetDirectoryName(Path.GetFullPath(path));
            if (!string.IsNullOrEmpty(directory) && !Directory.Exists(directory))
            {
                throw new MicroDbException($"Cannot open database '{path}': the directory '{directory}' does not exist.", raw.SQLITE_CANTOPEN, raw.SQLITE_CANTOPEN, null);
            }
        }

        var flags = options.ReadOnly
            ? raw.SQLITE_OPEN_READONLY
            : raw.SQLITE_OPEN_READWRITE | (options.CreateIfMissing ? raw.SQLITE_OPEN_CREATE : 0);

        // The connection serializes its own calls, so SQLite's per-call mutex is redundant.
        flags |= raw.SQLITE_OPEN_NOMUTEX | raw.SQLITE_OPEN_URI;
        var rc = raw.sqlite3_open_v2(path, out var db, flags, null);
        if (rc != raw.SQLITE_OK)
        {
            var message = db is null ? raw.sqlite3_errstr(rc).utf8_to_string() : raw.sqlite3_errmsg(db).utf8_to_string();
            db?.Dispose();
            throw new MicroDbException($"Cannot open database '{path}': {message}", rc, rc, null);
        }

        raw.sqlite3_extended_result_codes(db, 1);

        // Exact group aggregates (decimal sums, Min/Max by .NET's order); see ExactAggregates.
        MicroDb.Native.ExactAggregates.Register(db);
        return db;
    }

    private void ApplyPragmas(MicroDbOptions options)
    {
        raw.sqlite3_busy_timeout(Handle, (int)Math.Clamp(options.BusyTimeout.TotalMilliseconds, 0, int.MaxValue));

        // Touch the schema first: a file that is not a database fails here with SQLITE_NOTADB, not at the first query.
        ExecuteNonQuery("PRAGMA schema_version");
        if (options.Preset != MicroDbPreset.Untuned || options.JournalMode is not null)
        {
            if (!options.ReadOnly)
            {
                SetJournalMode("PRAGMA journal_mode=" + options.EffectiveJournalMode.ToString().ToUpperInvariant(), options.BusyTimeout);
            }
        }

        if (options.Preset != MicroDbPreset.Untuned || options.Synchronous is not null)
        {
            ExecuteNonQuery("PRAGMA synchronous=" + ((int)options.EffectiveSynchronous).ToString(CultureInfo.InvariantCulture));
        }

        // Always explicit: SQLite builds differ in their compiled-in default.
        ExecuteNonQuery(options.EffectiveForeignKeys ? "PRAGMA foreign_keys=ON" : "PRAGMA foreign_keys=OFF");

        if (options.CacheSize is { } cache)
        {
            ExecuteNonQuery("PRAGMA cache_size=" + cache.ToString(CultureInfo.InvariantCulture));
        }

        if (options.MmapSize is { } mmap)
        {
            ExecuteNonQuery("PRAGMA mmap_size=" + mmap.ToString(CultureInfo.InvariantCulture));
        }

        if (options.TempStore is { } temp)
        {
            ExecuteNonQuery("PRAGMA temp_store=" + ((int)temp).ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>
    /// Switches the journal mode, retrying within <paramref name="busyTimeout"/>. Connections opening one file at once
    /// each hold a shared lock while they ask for the exclusive one the switch needs; SQLite answers all but one with
    /// SQLITE_BUSY at once instead of calling the busy handler (waiting could deadlock), so the wait is done here.
    /// </summary>
    private void SetJournalMode(string sql, TimeSpan busyTimeout)
    {
        var waited = System.Diagnostics.Stopwatch.StartNew();
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                ExecuteNonQuery(sql);
                return;
            }
            catch (MicroDbException e) when (e.IsBusy && waited.Elapsed < busyTimeout)
            {
                Thread.Sleep(Math.Min(attempt, 20));
            }
        }
    }

    /// <summary>Prepares, runs and finalizes one statement without caching it (pragmas, transaction control).</summary>
    private void ExecuteNonQuery(string sql) => _runner.Execute(sql, StatementArguments.None, cached: false);
}
