using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;
using SQLitePCL;

namespace MicroDb;

/// <summary>
/// The one place a connection runs statements. It owns the statement life cycle: take the statement (from the
/// per-connection cache by SQL text, or the map's own prepared CRUD statements), bind its arguments
/// (<see cref="StatementArguments"/>), step it, reset it and give it back, all under the connection's lock. Every query
/// and command path of <see cref="MicroDbConnection"/>, <see cref="TableQuery{T}"/> and the async and pool layers goes
/// through it.
/// <para>
/// Ad-hoc SQL is rented from the cache: a statement already in use (a nested or overlapping enumeration of the same SQL)
/// yields a private copy, finalized when given back. Rows are read by a reader the methods are generic over, so a struct
/// reader costs neither an allocation nor a virtual call. CRUD by entity (<c>StatementRunner.Entities.cs</c>) has typed
/// paths that call the map's binders straight onto its prepared statements: no boxing, no delegate, no rent.
/// </para>
/// </summary>
internal sealed partial class StatementRunner
{
    private readonly MicroDbConnection _connection;
    private readonly Lock _gate;
    private readonly int _cacheSize;
    private readonly Dictionary<string, SqliteStatement> _cache = new(StringComparer.Ordinal);

    // The cached statements used last, by the identity of their SQL string: a LINQ query's text is the same string
    // instance each run (QueryScratch reuses it), so a reference check spares hashing a long SQL text per call.
    private readonly string?[] _recentSql = new string?[4];
    private readonly SqliteStatement?[] _recentStatements = new SqliteStatement?[4];
    private int _nextRecent;
    private EntityStatements?[] _entityStatements = new EntityStatements?[16];

    public StatementRunner(MicroDbConnection connection, Lock gate, MicroDbOptions options)
    {
        _connection = connection;
        _gate = gate;
        _cacheSize = options.StatementCacheSize;
        _onStatement = options.OnStatement;
        _includeParameterValues = options.IncludeParameterValues;
        _databaseName = Path.GetFileName(options.DatabasePath);
    }

    /// <summary>The connection the runner belongs to.</summary>
    public MicroDbConnection Connection => _connection;

    /// <summary>The connection's lock, for enumerators that step a statement between other calls.</summary>
    public Lock Gate => _gate;

    /// <summary>How many statements this connection has prepared (tests use it to prove reuse).</summary>
    public long PrepareCount { get; private set; }

    /// <summary>Runs <paramref name="sql"/> to completion, ignoring any rows; returns the rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The arguments.</param>
    /// <param name="cached">False for SQL run once (pragmas, transaction control): prepared, run and finalized.</param>
    public int Execute(string sql, in StatementArguments args, bool cached = true)
    {
        var start = ObserveStart();
        try
        {
            using var lease = Lease(sql, args, cached);
            var statement = lease.Statement;
            while (statement.Step())
            {
            }

            var changes = raw.sqlite3_changes(_connection.Handle);
            if (start != 0)
            {
                Report(start, sql, args, statement, changes);
            }

            return changes;
        }
        catch (Exception e) when (start != 0 && ReportFailed(start, sql, args, e))
        {
            throw;
        }
    }

    /// <summary>The first column of the first row as <typeparamref name="TScalar"/>; default when there is no row.</summary>
    public TScalar Scalar<TScalar>(string sql, in StatementArguments args) =>
        TryReadFirst<TScalar, ScalarRowReader<TScalar>>(sql, args, default, out var value) ? value : default!;

    /// <summary>The first column of every row as <typeparamref name="TScalar"/>.</summary>
    public List<TScalar> Scalars<TScalar>(string sql, in StatementArguments args) =>
        ReadAll<TScalar, ScalarRowReader<TScalar>>(sql, args, default);

    /// <summary>Every row as a new entity, read through <paramref name="map"/>.</summary>
    public List<T> Query<T>(EntityMap<T> map, string sql, in StatementArguments args, CancellationToken cancellationToken = default) =>
        ReadAll<T, EntityRowReader<T>>(sql, args, new EntityRowReader<T>(map), cancellationToken);

    /// <summary>The first row as a new entity; false when there is no row.</summary>
    public bool TryQueryFirst<T>(EntityMap<T> map, string sql, in StatementArguments args, out T entity) =>
        TryReadFirst(sql, args, new EntityRowReader<T>(map), out entity);

    /// <summary>Every row as a new object of <paramref name="map"/>'s type (a type known only at run time).</summary>
    public List<object> QueryObjects(IEntityMap map, string sql, in StatementArguments args) =>
        ReadAll<object, ObjectRowReader>(sql, args, new ObjectRowReader(map));

    /// <summary>The first row as a new object of <paramref name="map"/>'s type; false when there is no row.</summary>
    public bool TryQueryFirstObject(IEntityMap map, string sql, in StatementArguments args, out object entity) =>
        TryReadFirst(sql, args, new ObjectRowReader(map), out entity);

    /// <summary>Streams the rows as new objects of <paramref name="map"/>'s type (see <see cref="Enumerate{TResult, TReader}"/>).</summary>
    public IEnumerator<object> EnumerateObjects(IEntityMap map, string sql, in StatementArguments args) =>
        Enumerate<object, ObjectRowReader>(sql, args, new ObjectRowReader(map));

    /// <summary>Reads every row with <paramref name="reader"/>.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The arguments.</param>
    /// <param name="reader">The row reader (prepared here, before the first step).</param>
    /// <param name="cancellationToken">Checked after each step, before the row is read.</param>
    /// <param name="cached">False for SQL run once.</param>
    public List<TResult> ReadAll<TResult, TReader>(string sql, in StatementArguments args, TReader reader, CancellationToken cancellationToken = default, bool cached = true)
        where TReader : IRowReader<TResult>
    {
        var start = ObserveStart();
        try
        {
            using var lease = Lease(sql, args, cached);
            var statement = lease.Statement;
            reader.Prepare(statement);
            var list = new List<TResult>();
            while (statement.Step())
            {
                cancellationToken.ThrowIfCancellationRequested();
                list.Add(reader.Read(statement));
            }

            if (start != 0)
            {
                Report(start, sql, args, statement, list.Count);
            }

            return list;
        }
        catch (Exception e) when (start != 0 && ReportFailed(start, sql, args, e))
        {
            throw;
        }
    }

    /// <summary>Reads the first row with <paramref name="reader"/> (prepared only when there is a row); false when there is none.</summary>
    public bool TryReadFirst<TResult, TReader>(string sql, in StatementArguments args, TReader reader, out TResult value)
        where TReader : IRowReader<TResult>
    {
        var start = ObserveStart();
        try
        {
            using var lease = Lease(sql, args, cached: true);
            var statement = lease.Statement;
            var found = statement.Step();
            if (found)
            {
                reader.Prepare(statement);
                value = reader.Read(statement);
            }
            else
            {
                value = default!;
            }

            if (start != 0)
            {
                Report(start, sql, args, statement, found ? 1 : 0);
            }

            return found;
        }
        catch (Exception e) when (start != 0 && ReportFailed(start, sql, args, e))
        {
            throw;
        }
    }

    /// <summary>
    /// A compiled query's plan (<see cref="MicroDb.Query.CompiledQueryPlan{TArg, T}"/>): binds <paramref name="constants"/>
    /// and <paramref name="argument"/> (typed, at each of <paramref name="argumentSlots"/>) to the statement cached for
    /// <paramref name="sql"/>, and reads the first row with <paramref name="map"/>; false when there is none.
    /// </summary>
    public bool TryReadFirstCompiled<T, TArg>(EntityMap<T> map, string sql, (int Index, object? Value)[] constants, int[] argumentSlots, TArg argument, out T entity)
    {
        var start = ObserveStart();
        try
        {
            using var lease = Lease(sql, StatementArguments.None, cached: true);
            var statement = lease.Statement;
            foreach (var (index, value) in constants)
            {
                statement.BindValue(index, value);
            }

            foreach (var index in argumentSlots)
            {
                if (typeof(TArg) == typeof(int))
                {
                    statement.Bind(index, Unsafe.As<TArg, int>(ref argument));
                }
                else if (typeof(TArg) == typeof(long))
                {
                    statement.Bind(index, Unsafe.As<TArg, long>(ref argument));
                }
                else
                {
                    statement.BindValue(index, argument);
                }
            }

            var found = statement.Step();
            entity = found ? map.Read(statement, map.GetOrdinals(statement)) : default!;
            if (start != 0)
            {
                Publish(start, sql, _includeParameterValues ? CompiledValues(constants, argumentSlots, argument) : null, found ? 1 : 0, StatementSource.Compiled, null);
            }

            return found;
        }
        catch (Exception e) when (start != 0 && CompiledFailed(start, sql, constants, argumentSlots, argument, e))
        {
            throw;
        }
    }

    private bool CompiledFailed<TArg>(long start, string sql, (int Index, object? Value)[] constants, int[] argumentSlots, TArg argument, Exception error)
    {
        Publish(start, sql, _includeParameterValues ? CompiledValues(constants, argumentSlots, argument) : null, 0, StatementSource.Compiled, error);
        return false;
    }

    private static object?[] CompiledValues<TArg>((int Index, object? Value)[] constants, int[] argumentSlots, TArg argument)
    {
        var values = new object?[constants.Length + argumentSlots.Length];
        foreach (var (index, value) in constants)
        {
            values[index - 1] = value;
        }

        foreach (var index in argumentSlots)
        {
            values[index - 1] = argument;
        }

        return values;
    }

    /// <summary>
    /// Streams the rows: the statement is taken on the first MoveNext and given back when the rows end or the enumerator
    /// is disposed; each step holds the connection's lock, so other threads' calls interleave between rows.
    /// </summary>
    public IEnumerator<TResult> Enumerate<TResult, TReader>(string sql, in StatementArguments args, TReader reader)
        where TReader : IRowReader<TResult> =>
        new StatementEnumerator<TResult, TReader>(this, sql, args, reader);

    /// <summary>Prepares <paramref name="sql"/> without caching it; the caller owns (and finalizes) the statement.</summary>
    /// <exception cref="MicroDbException">The SQL does not compile, or contains no statement.</exception>
    public SqliteStatement Prepare(string sql)
    {
        var db = _connection.Handle;
        PrepareCount++;
        var rc = raw.sqlite3_prepare_v2(db, sql, out var stmt);
        if (rc != raw.SQLITE_OK)
        {
            stmt?.Dispose();
            throw MicroDbException.FromDatabase(db, rc, sql);
        }

        if (stmt is null || stmt.IsInvalid)
        {
            // Only whitespace or a comment: SQLite gives no statement.
            throw new MicroDbException($"The SQL text contains no statement: '{sql}'");
        }

        return new SqliteStatement(db, stmt, sql, _connection.Storage);
    }

    /// <summary>
    /// Takes a statement for <paramref name="sql"/> and binds <paramref name="args"/>; give it back with <see cref="Return"/>.
    /// Call with the lock held. On a bind error the statement is given back before the error propagates.
    /// </summary>
    public SqliteStatement Start(string sql, in StatementArguments args, bool cached = true)
    {
        var statement = Rent(sql, cached);
        try
        {
            args.BindTo(statement);
        }
        catch
        {
            Return(statement);
            throw;
        }

        return statement;
    }

    /// <summary>Gives back a statement from <see cref="Start"/>: reset for the next user, or finalized when not cached or the connection is closed.</summary>
    public void Return(SqliteStatement statement)
    {
        if (statement.IsDisposed)
        {
            return;
        }

        // No sqlite3_clear_bindings: every user of a rented statement binds all of its parameters before stepping.
        statement.Reset();
        statement.IsRented = false;
        if (!statement.IsCached || !_connection.IsOpen)
        {
            statement.Dispose();
        }
    }

    /// <summary>Finalizes every statement the runner holds (the connection is closing). Call with the lock held.</summary>
    public void FinalizeAll()
    {
        foreach (var statement in _cache.Values)
        {
            statement.Dispose();
        }

        _cache.Clear();
        Array.Clear(_recentSql);
        Array.Clear(_recentStatements);
        foreach (var set in _entityStatements)
        {
            set?.Dispose();
        }

        Array.Clear(_entityStatements);
    }

    /// <summary>
    /// Takes the cached statement for <paramref name="sql"/>, preparing and caching it on first use. A statement already
    /// rented (a nested or overlapping use of the same SQL) gets a private copy instead. One dictionary lookup per call;
    /// the statement stays in the cache while rented.
    /// </summary>
    private SqliteStatement Rent(string sql, bool cached)
    {
        _connection.ThrowIfDisposed();
        if (!cached)
        {
            var once = Prepare(sql);
            once.IsRented = true;
            return once;
        }

        var hit = RecentStatement(sql);
        if (hit is null && _cache.TryGetValue(sql, out hit))
        {
            RememberStatement(sql, hit);
        }

        if (hit is not null)
        {
            if (!hit.IsRented)
            {
                hit.IsRented = true;
                return hit;
            }

            return Prepare(sql);
        }

        var statement = Prepare(sql);
        if (_cache.Count < _cacheSize)
        {
            statement.IsCached = true;
            _cache.Add(sql, statement);
            RememberStatement(sql, statement);
        }

        statement.IsRented = true;
        return statement;
    }

    /// <summary>The cached statement for <paramref name="sql"/> when that very string was used lately; null otherwise.</summary>
    private SqliteStatement? RecentStatement(string sql)
    {
        for (var i = 0; i < _recentSql.Length; i++)
        {
            if (ReferenceEquals(_recentSql[i], sql))
            {
                return _recentStatements[i];
            }
        }

        return null;
    }

    private void RememberStatement(string sql, SqliteStatement statement)
    {
        _recentSql[_nextRecent] = sql;
        _recentStatements[_nextRecent] = statement;
        _nextRecent = (_nextRecent + 1) % _recentSql.Length;
    }

    /// <summary>Enters the lock, takes and binds the statement; disposing the lease gives it back and leaves the lock.</summary>
    private StatementLease Lease(string sql, in StatementArguments args, bool cached)
    {
        var scope = _gate.EnterScope();
        try
        {
            return new StatementLease(this, Start(sql, args, cached), scope);
        }
        catch
        {
            scope.Dispose();
            throw;
        }
    }

    /// <summary>A statement taken under the lock for one call; <see cref="Dispose"/> gives it back, then leaves the lock.</summary>
    private ref struct StatementLease
    {
        private readonly StatementRunner _runner;
        private Lock.Scope _scope;

        public StatementLease(StatementRunner runner, SqliteStatement statement, Lock.Scope scope)
        {
            _runner = runner;
            Statement = statement;
            _scope = scope;
        }

        public SqliteStatement Statement { get; }

        public void Dispose()
        {
            try
            {
                _runner.Return(Statement);
            }
            finally
            {
                _scope.Dispose();
            }
        }
    }
}
