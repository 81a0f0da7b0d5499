using System.Diagnostics.CodeAnalysis;
using MicroDb;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using SQLitePCL;

namespace SQLite;

/// <summary>
/// sqlite-net's connection, on MicroDb: the same members and observable behaviour, over a
/// <see cref="MicroDbConnection"/> that stores values the way sqlite-net does
/// (<see cref="StorageFormat.SqliteNet(bool, string?, bool)"/>) with sqlite-net's pragmas (rollback journal, no WAL), so
/// existing database files are read and written unchanged. Subclass it as with sqlite-net.
/// </summary>
[Preserve(AllMembers = true)]
public partial class SQLiteConnection : ISQLiteConnection
{
    private readonly Dictionary<Type, TableMapping> _mappings = [];
    private readonly Lock _mappingsGate = new();

    // The mapping GetMapping returned last, read without the lock: each CRUD call looks its type up, and an app
    // mostly works on one type at a time. Written only under the lock, always the value _mappings holds for its type.
    private volatile TableMapping _lastMapping;
    private readonly MicroDbConnection _db;
    private TimeSpan _busyTimeout;
    private bool _disposed;

    /// <summary>Opens (creating if needed) the database at <paramref name="databasePath"/> for reading and writing.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true, sqlite-net's default) or as text.</param>
    public SQLiteConnection(string databasePath, bool storeDateTimeAsTicks = true)
        : this(new SQLiteConnectionString(databasePath, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create, storeDateTimeAsTicks))
    {
    }

    /// <summary>Opens the database at <paramref name="databasePath"/> with <paramref name="openFlags"/>.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="openFlags">How to open it (<see cref="SQLiteOpenFlags.ReadOnly"/>, <see cref="SQLiteOpenFlags.Create"/> ...).</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true) or as text.</param>
    public SQLiteConnection(string databasePath, SQLiteOpenFlags openFlags, bool storeDateTimeAsTicks = true)
        : this(new SQLiteConnectionString(databasePath, openFlags, storeDateTimeAsTicks))
    {
    }

    /// <summary>Opens the database <paramref name="connectionString"/> describes.</summary>
    /// <param name="connectionString">The path, flags, key and value formats.</param>
    /// <exception cref="SQLiteException">The file cannot be opened, or is not a database.</exception>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "sqlite-net maps types by reflection; so does this package (MicroDb's generated maps are used when present).")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "As above.")]
    public SQLiteConnection(SQLiteConnectionString connectionString)
    {
        ArgumentNullException.ThrowIfNull(connectionString);
        if (connectionString.DatabasePath is null)
        {
            throw new InvalidOperationException("DatabasePath must be specified");
        }

        // As sqlite-net, a wrong-sized byte[] key is refused before the file is opened.
        if (connectionString.Key is byte[] bytesKey)
        {
            CheckKeyLength(bytesKey);
        }

        var flags = connectionString.OpenFlags;

        // As sqlite-net, an empty path is SQLite's private temporary on-disk database (deleted on close).
        var options = connectionString.DatabasePath.Length == 0
            ? MicroDbOptions.ForTemporaryDatabase()
            : new MicroDbOptions(connectionString.DatabasePath);

        // sqlite-net's pragmas: SQLite's defaults (an existing app's journal mode must not change).
        options.Preset = MicroDbPreset.Untuned;
        options.ReadOnly = (flags & SQLiteOpenFlags.ReadWrite) == 0 && (flags & SQLiteOpenFlags.ReadOnly) != 0;
        options.CreateIfMissing = (flags & SQLiteOpenFlags.Create) != 0;
        options.BusyTimeout = TimeSpan.FromSeconds(1);
        options.Storage = StorageFormat.SqliteNet(connectionString.StoreDateTimeAsTicks, connectionString.DateTimeStringFormat, connectionString.StoreTimeSpanAsTicks);
        options.UseReflection(sqliteNetMemberRule: true);

        try
        {
            _db = new MicroDbConnection(options);
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }

        // sqlite-net lets any thread continue a transaction (BeginTransaction; await ...; Commit() resumes elsewhere);
        // MicroDb's default pins it to the thread that began it, which would block that continuation forever.
        _db.PinTransactionsToThread = false;

        _busyTimeout = options.BusyTimeout;
        DatabasePath = connectionString.DatabasePath;
        StoreDateTimeAsTicks = connectionString.StoreDateTimeAsTicks;
        StoreTimeSpanAsTicks = connectionString.StoreTimeSpanAsTicks;
        DateTimeStringFormat = connectionString.DateTimeStringFormat;
        LibVersionNumber = raw.sqlite3_libversion_number();
        Tracer = line => System.Diagnostics.Debug.WriteLine(line);

        if (connectionString.Key is not null)
        {
            try
            {
                connectionString.PreKeyAction?.Invoke(this);
                ApplyKey(connectionString.Key);
                connectionString.PostKeyAction?.Invoke(this);
            }
            catch
            {
                // The caller never gets the object, so nobody else could close the file handle.
                _db.Dispose();
                throw;
            }
        }
    }

    /// <summary>Raised after rows are inserted, updated or deleted through the object API.</summary>
    public event EventHandler<NotifyTableChangedEventArgs> TableChanged;

    /// <summary>The MicroDb connection underneath, for MicroDb's own API on the same database.</summary>
    public MicroDbConnection MicroDbConnection => _db;

    /// <summary>The database file path.</summary>
    public string DatabasePath { get; private set; }

    /// <summary>The SQLite library version as a number (3.45.1 is 3045001).</summary>
    public int LibVersionNumber { get; private set; }

    /// <summary>Whether <see cref="DateTime"/> values are stored as ticks.</summary>
    public bool StoreDateTimeAsTicks { get; private set; }

    /// <summary>Whether <see cref="TimeSpan"/> values are stored as ticks.</summary>
    public bool StoreTimeSpanAsTicks { get; private set; }

    /// <summary>The .NET format of <see cref="DateTime"/> text when not stored as ticks.</summary>
    public string DateTimeStringFormat { get; private set; }

    /// <summary>The native database handle.</summary>
    public sqlite3 Handle => _db.Handle;

    /// <summary>Whether every executed statement is written to <see cref="Tracer"/>.</summary>
    public bool Trace { get; set; }

    /// <summary>Receives trace lines (<c>Executing: ...</c>, <c>Finished in ... ms</c>).</summary>
    public Action<string> Tracer { get; set; }

    /// <summary>Whether the time each statement takes is written to <see cref="Tracer"/> (with <see cref="Trace"/> on).</summary>
    public bool TimeExecution { get; set; }

    /// <summary>How long a statement waits for another connection's lock before failing with <see cref="SQLite3.Result.Busy"/>.</summary>
    public TimeSpan BusyTimeout
    {
        get => _busyTimeout;
        set
        {
            _busyTimeout = value;
            raw.sqlite3_busy_timeout(Handle, (int)Math.Clamp(value.TotalMilliseconds, 0, int.MaxValue));
        }
    }

    /// <summary>The mappings this connection has built so far.</summary>
    public IEnumerable<TableMapping> TableMappings
    {
        get
        {
            lock (_mappingsGate)
            {
                return _mappings.Values.ToArray();
            }
        }
    }

    /// <summary>The mapping of <paramref name="type"/> (built once per connection and cached; <see cref="CreateFlags.None"/> returns the cached one whatever its flags).</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply (<see cref="CreateFlags.ImplicitPK"/> ...).</param>
    /// <returns>The mapping.</returns>
    public TableMapping GetMapping(Type type, CreateFlags createFlags = CreateFlags.None)
    {
        ArgumentNullException.ThrowIfNull(type);
        var last = _lastMapping;
        if (last is not null && last.MappedType == type && (createFlags == CreateFlags.None || last.CreateFlags == createFlags))
        {
            return last;
        }

        lock (_mappingsGate)
        {
            // As sqlite-net: None reuses whatever mapping CreateTable built (its conventions included); other flags rebuild it.
            if (_mappings.TryGetValue(type, out var mapping) && (createFlags == CreateFlags.None || mapping.CreateFlags == createFlags))
            {
                _lastMapping = mapping;
                return mapping;
            }

            IEntityMap map;
            try
            {
                map = _db.GetMap(type);
            }
            catch (MicroDbMappingException e)
            {
                // sqlite-net reports a model it cannot map (an unsupported property type ...) as NotSupportedException.
                throw new NotSupportedException(e.Message, e);
            }
            catch (MicroDbException e)
            {
                throw Translate(e);
            }

            mapping = new TableMapping(map, type, createFlags);
            _mappings[type] = mapping;
            _lastMapping = mapping;
            return mapping;
        }
    }

    /// <summary>The mapping of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The mapping.</returns>
    public TableMapping GetMapping<T>(CreateFlags createFlags = CreateFlags.None) => GetMapping(typeof(T), createFlags);

    /// <summary>Closes the connection.</summary>
    public void Close() => Dispose(true);

    /// <summary>Closes the connection.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Closes the connection; a subclass adds its own clean-up.</summary>
    /// <param name="disposing">True from <see cref="Dispose()"/> or <see cref="Close"/>.</param>
    protected virtual void Dispose(bool disposing)
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _db.Dispose();
    }

    /// <summary>Raises <see cref="TableChanged"/>.</summary>
    /// <param name="table">The changed table.</param>
    /// <param name="action">What changed.</param>
    protected virtual void OnTableChanged(TableMapping table, NotifyTableChangedAction action) =>
        TableChanged?.Invoke(this, new NotifyTableChangedEventArgs(table, action));

    /// <summary>Writes <paramref name="sql"/> to the tracer when tracing is on, as sqlite-net does: <c>Executing Query: </c> for a statement read for rows or a value, <c>Executing: </c> otherwise.</summary>
    internal void TraceStatement(string sql, bool query = false)
    {
        if (Trace)
        {
            Tracer?.Invoke((query ? "Executing Query: " : "Executing: ") + sql);
        }
    }

    /// <summary>Turns a MicroDb error into sqlite-net's exception, keeping the original as the inner exception.</summary>
    internal static Exception Translate(MicroDbException e, TableMapping mapping = null, object obj = null)
    {
        if (e.ResultCode == 0)
        {
            // Not a database error (a mapping or usage problem): MicroDb's exception already names what is wrong.
            return e;
        }

        var message = e.Message;
        var suffix = e.Sql is null ? null : " (SQL: " + e.Sql + ")";
        if (suffix is not null && message.EndsWith(suffix, StringComparison.Ordinal))
        {
            message = message[..^suffix.Length];
        }

        var result = (SQLite3.Result)(e.ResultCode & 0xFF);
        return e.ExtendedResultCode == (int)SQLite3.ExtendedResult.ConstraintNotNull
            ? NotNullConstraintViolationException.Wrap(result, message, mapping, obj, e)
            : SQLiteException.Wrap(result, message, e);
    }

    /// <summary>sqlite-net's rule for a raw key: 32 bytes (256-bit) or 48 bytes (384-bit, key and salt).</summary>
    internal static void CheckKeyLength(byte[] key)
    {
        if (key.Length != 32 && key.Length != 48)
        {
            throw new ArgumentException($"Key must be 32 bytes (256-bit) or 48 bytes (384-bit); {key.Length} bytes were given.", nameof(key));
        }
    }

    private void ApplyKey(object key)
    {
        // As sqlite-net: the key pragma, which only a SQLCipher build of SQLite acts on.
        var literal = key is byte[] bytes
            ? "\"x'" + Convert.ToHexString(bytes) + "'\""
            : "'" + ((string)key).Replace("'", "''", StringComparison.Ordinal) + "'";
        ExecuteScalar<string>("pragma key = " + literal);
    }
}
