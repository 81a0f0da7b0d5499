using System.Data;
using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// MicroDb's models on PostgreSQL (preview): one pooled <see cref="NpgsqlConnection"/> taken from an
/// <see cref="NpgsqlDataSource"/> (its pool) for the lifetime of this object, with <c>CreateTable</c>, CRUD, ad-hoc
/// queries, transactions and async with cancellation. Tables and statements are written by the shared PostgreSQL
/// dialect; entities are reached only through their <see cref="EntityMap{T}"/>. Like <see cref="NpgsqlConnection"/>,
/// an instance is for one caller at a time. When the server drops the connection, the next call throws
/// <see cref="MicroDbConnectionLostException"/> and the one after reconnects from the pool. See docs/postgresql.md.
/// </summary>
public sealed partial class MicroDbNpgsqlConnection : IDisposable, IAsyncDisposable
{
    private readonly NpgsqlConnection _connection;
    private readonly MappingMode _mapping;
    private NpgsqlTransaction? _transaction;
    private int _savepoints;
    private bool _disposed;

    // Set when the connection broke while a transaction was open; cleared when that transaction is ended (Rollback,
    // Commit, or the outermost RunInTransaction returning). Until then every statement is refused, so nothing meant for
    // the lost transaction is autocommitted on the fresh connection.
    private bool _transactionLost;

    // The first statement of the open transaction that failed, for any reason (a server error, a cancellation, a
    // timeout): PostgreSQL aborted the transaction, so Commit rolls back and throws (see FailedTransaction). Set only by
    // FailsTransaction, the filter on every statement this connection runs.
    private Exception? _transactionFailure;
    private string? _transactionFailureSql;

    // The prepared CRUD commands of each map used on this connection (CrudStatements<T> by map), and the last one used.
    private Dictionary<object, IDisposable>? _crud;
    private object? _lastCrud;

    // The server dropped prepared statements Npgsql still counts as prepared (SQLSTATE 26000): clear them before the next CRUD call.
    private bool _statementsForgotten;

    // Counts UnprepareAll calls; a CRUD command prepared under an older count is prepared again.
    private int _prepareEpoch;

    /// <summary>Takes a connection from <paramref name="dataSource"/>'s pool and opens it.</summary>
    /// <param name="dataSource">The data source (its connection string and pool).</param>
    /// <param name="mapping">Which mapping path to use (generated or reflection maps, as on SQLite; see docs/postgresql.md).</param>
    /// <exception cref="ArgumentNullException"><paramref name="dataSource"/> is null.</exception>
    public MicroDbNpgsqlConnection(NpgsqlDataSource dataSource, MappingMode mapping = MappingMode.Auto)
        : this(OpenConnection(dataSource), mapping)
    {
    }

    private MicroDbNpgsqlConnection(NpgsqlConnection connection, MappingMode mapping)
    {
        _connection = connection;
        _mapping = mapping;
    }

    /// <summary>Takes a connection from <paramref name="dataSource"/>'s pool and opens it asynchronously.</summary>
    /// <param name="dataSource">The data source.</param>
    /// <param name="mapping">Which mapping path to use.</param>
    /// <param name="cancellationToken">Cancels the open.</param>
    /// <returns>The open connection.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="dataSource"/> is null.</exception>
    public static async Task<MicroDbNpgsqlConnection> OpenAsync(NpgsqlDataSource dataSource, MappingMode mapping = MappingMode.Auto, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(dataSource);
        var connection = await dataSource.OpenConnectionAsync(cancellationToken).ConfigureAwait(false);
        return new MicroDbNpgsqlConnection(connection, mapping);
    }

    /// <summary>The underlying Npgsql connection (for what this package does not cover yet).</summary>
    public NpgsqlConnection Connection => _connection;

    /// <summary>True while a transaction begun by <see cref="BeginTransaction"/> or <see cref="RunInTransaction(Action)"/> is open.</summary>
    public bool IsInTransaction => _transaction is not null;

    /// <summary>Creates the table of <typeparamref name="T"/> and its indexes when they do not exist.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <exception cref="MicroDbMappingException">The model cannot be declared on PostgreSQL (the message says why).</exception>
    public void CreateTable<T>() => CreateTableCore<T>(false, default).GetAwaiter().GetResult();

    /// <summary>Creates the table of <typeparamref name="T"/> and its indexes when they do not exist.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>A task that completes when the table exists.</returns>
    public Task CreateTableAsync<T>(CancellationToken cancellationToken = default) => CreateTableCore<T>(true, cancellationToken).AsTask();

    /// <summary>Inserts <paramref name="entity"/>; an identity key is read back (<c>RETURNING</c>) into the entity.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <returns>The number of rows inserted (1).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="entity"/> is null.</exception>
    /// <exception cref="MicroDbConstraintException">A NOT NULL, UNIQUE, key or CHECK constraint refused the row.</exception>
    public int Insert<T>(T entity) => InsertCore(entity, false, default).GetAwaiter().GetResult();

    /// <summary>Inserts <paramref name="entity"/>; an identity key is read back into the entity.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows inserted (1).</returns>
    public Task<int> InsertAsync<T>(T entity, CancellationToken cancellationToken = default) => InsertCore(entity, true, cancellationToken).AsTask();

    /// <summary>
    /// Inserts every entity in one transaction (a savepoint inside an open one), sent as <see cref="NpgsqlBatch"/>es of up
    /// to 500 statements: one round trip per batch. Identity keys are read back into the entities. When one row is
    /// refused, none of them is stored and the error is thrown.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <returns>The number of rows inserted.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="entities"/> or one of them is null.</exception>
    /// <exception cref="MicroDbConstraintException">A constraint refused a row; nothing was stored.</exception>
    public int InsertAll<T>(IEnumerable<T> entities) => InsertAllCore(entities, false, default).GetAwaiter().GetResult();

    /// <summary>Inserts every entity in one transaction, in batches (see <see cref="InsertAll{T}(IEnumerable{T})"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <param name="cancellationToken">Cancels the work; nothing is stored then.</param>
    /// <returns>The number of rows inserted.</returns>
    public Task<int> InsertAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) =>
        InsertAllCore(entities, true, cancellationToken).AsTask();

    /// <summary>Updates the row with <paramref name="entity"/>'s key to its values.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <returns>The number of rows updated (0 when no row has the key).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Update<T>(T entity) => UpdateCore(entity, false, default).GetAwaiter().GetResult();

    /// <summary>Updates the row with <paramref name="entity"/>'s key to its values.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows updated.</returns>
    public Task<int> UpdateAsync<T>(T entity, CancellationToken cancellationToken = default) => UpdateCore(entity, true, cancellationToken).AsTask();

    /// <summary>Deletes the row with <paramref name="entity"/>'s key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    public int Delete<T>(T entity) => DeleteCore(entity, false, default).GetAwaiter().GetResult();

    /// <summary>Deletes the row with <paramref name="entity"/>'s key.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAsync<T>(T entity, CancellationToken cancellationToken = default) => DeleteCore(entity, true, cancellationToken).AsTask();

    /// <summary>The entity with primary key <paramref name="primaryKey"/>, or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <returns>The entity, or default.</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    /// <exception cref="ArgumentException">The type has a composite key (use <c>Find&lt;T, TKey1, TKey2&gt;</c>).</exception>
    public T? Find<T>(object primaryKey) => FindCore<T>(primaryKey, false, default).GetAwaiter().GetResult().Entity;

    /// <summary>The entity with primary key <paramref name="primaryKey"/>, or default when there is none.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity, or default.</returns>
    public async Task<T?> FindAsync<T>(object primaryKey, CancellationToken cancellationToken = default) =>
        (await FindCore<T>(primaryKey, true, cancellationToken).ConfigureAwait(false)).Entity;

    /// <summary>The entity with primary key <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key; the message names table and key.</exception>
    public T Get<T>(object primaryKey) => Found(FindCore<T>(primaryKey, false, default).GetAwaiter().GetResult(), primaryKey);

    /// <summary>The entity with primary key <paramref name="primaryKey"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="primaryKey">The key.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The entity.</returns>
    /// <exception cref="InvalidOperationException">No row has the key.</exception>
    public async Task<T> GetAsync<T>(object primaryKey, CancellationToken cancellationToken = default) =>
        Found(await FindCore<T>(primaryKey, true, cancellationToken).ConfigureAwait(false), primaryKey);

    /// <summary>
    /// Runs <paramref name="sql"/> with PostgreSQL's positional parameters (<c>$1</c>, <c>$2</c> ...) bound to
    /// <paramref name="args"/> and reads each row into a new <typeparamref name="T"/>, columns matched to members by
    /// name (case-insensitive); a member whose column the query lacks gets its type's default.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The query.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <returns>The rows.</returns>
    public List<T> Query<T>(string sql, params object?[] args) => QueryCore<T>(sql, args, false, default).GetAwaiter().GetResult();

    /// <summary>Runs <paramref name="sql"/> (positional <c>$n</c> parameters) and reads each row into a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The query.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <param name="cancellationToken">Cancels the query.</param>
    /// <returns>The rows.</returns>
    public Task<List<T>> QueryAsync<T>(string sql, object?[] args, CancellationToken cancellationToken = default) =>
        QueryCore<T>(sql, args, true, cancellationToken).AsTask();

    /// <summary>Runs a statement with positional <c>$n</c> parameters.</summary>
    /// <param name="sql">The statement.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <returns>The number of rows changed.</returns>
    public int Execute(string sql, params object?[] args) => ExecuteCore(sql, args, false, default).GetAwaiter().GetResult();

    /// <summary>Runs a statement with positional <c>$n</c> parameters.</summary>
    /// <param name="sql">The statement.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <param name="cancellationToken">Cancels the statement.</param>
    /// <returns>The number of rows changed.</returns>
    public Task<int> ExecuteAsync(string sql, object?[] args, CancellationToken cancellationToken = default) =>
        ExecuteCore(sql, args, true, cancellationToken).AsTask();

    /// <summary>Begins a transaction; every statement of this connection runs in it until <see cref="Commit"/> or <see cref="Rollback"/>.</summary>
    /// <exception cref="InvalidOperationException">A transaction is already open.</exception>
    /// <exception cref="MicroDbConnectionLostException">A transaction lost with a dropped connection is not ended yet (call <see cref="Rollback"/>), or no new connection could be opened.</exception>
    public void BeginTransaction()
    {
        ThrowIfDisposed();
        if (_transaction is not null)
        {
            throw new InvalidOperationException("A transaction is already open on this connection; commit or roll it back first, or use RunInTransaction to nest.");
        }

        ThrowIfTransactionLost();
        EnsureOpen(false, default).AsTask().GetAwaiter().GetResult();
        try
        {
            _transaction = _connection.BeginTransaction();
            ClearTransactionFailure();
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, "BEGIN");
        }
    }

    /// <summary>Commits the open transaction.</summary>
    /// <exception cref="InvalidOperationException">No transaction is open.</exception>
    /// <exception cref="MicroDbConnectionLostException">The connection broke while the transaction was open (it was rolled back), or during the commit (its outcome is unknown).</exception>
    /// <exception cref="MicroDbException">A statement of the transaction failed earlier, so PostgreSQL aborted it: it was rolled back, nothing of it is stored.</exception>
    public void Commit()
    {
        if (_transaction is null && _transactionLost)
        {
            _transactionLost = false;
            ClearTransactionFailure();
            throw Lost(null, "COMMIT", transactionRolledBack: true, commitOutcomeUnknown: false);
        }

        var transaction = _transaction ?? throw new InvalidOperationException("No transaction is open on this connection.");
        _transaction = null;
        using (transaction)
        {
            if (_transactionFailure is not null)
            {
                var failed = FailedTransaction("COMMIT");
                ClearTransactionFailure();
                try
                {
                    transaction.Rollback();
                }
                catch (NpgsqlException e)
                {
                    throw Failure(e, "ROLLBACK");
                }

                throw failed;
            }

            try
            {
                transaction.Commit();
            }
            catch (NpgsqlException e) when (IsBroken(e))
            {
                throw Lost(e, "COMMIT", transactionRolledBack: false, commitOutcomeUnknown: true);
            }
        }
    }

    /// <summary>
    /// Rolls the open transaction back; nothing it wrote stays. Without an open transaction it does nothing, as on SQLite
    /// (and in sqlite-net). After a <see cref="MicroDbConnectionLostException"/> it only ends the lost transaction (the
    /// server already rolled it back).
    /// </summary>
    public void Rollback()
    {
        ClearTransactionFailure();
        if (_transaction is null)
        {
            _transactionLost = false;
            return;
        }

        var transaction = _transaction;
        _transaction = null;
        using (transaction)
        {
            transaction.Rollback();
        }
    }

    /// <summary>
    /// Runs <paramref name="action"/> in a transaction: committed when it returns, rolled back when it throws (the
    /// exception is rethrown). Nested calls run in a savepoint of the outer transaction.
    /// </summary>
    /// <param name="action">The work.</param>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> is null.</exception>
    public void RunInTransaction(Action action)
    {
        ArgumentNullException.ThrowIfNull(action);
        RunInTransactionCore(() =>
        {
            action();
            return Task.CompletedTask;
        }, false, default).GetAwaiter().GetResult();
    }

    /// <summary>Runs <paramref name="action"/> in a transaction (a savepoint when nested): committed when it completes, rolled back when it throws or is cancelled.</summary>
    /// <param name="action">The work; it receives <paramref name="cancellationToken"/>.</param>
    /// <param name="cancellationToken">Cancels the work and the transaction's statements.</param>
    /// <returns>A task that completes after the commit.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="action"/> is null.</exception>
    public Task RunInTransactionAsync(Func<CancellationToken, Task> action, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(action);
        return RunInTransactionCore(() => action(cancellationToken), true, cancellationToken).AsTask();
    }

    /// <summary>Rolls back an open transaction and returns the connection to its pool.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        _transaction?.Dispose();
        _transaction = null;
        DisposeCrud();
        _adHoc.Dispose();
        _connection.Dispose();
    }

    /// <summary>Rolls back an open transaction and returns the connection to its pool.</summary>
    /// <returns>A task that completes when the connection is back in the pool.</returns>
    public async ValueTask DisposeAsync()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        if (_transaction is not null)
        {
            await _transaction.DisposeAsync().ConfigureAwait(false);
            _transaction = null;
        }

        DisposeCrud();
        _adHoc.Dispose();
        await _connection.DisposeAsync().ConfigureAwait(false);
    }

    private static NpgsqlConnection OpenConnection(NpgsqlDataSource dataSource)
    {
        ArgumentNullException.ThrowIfNull(dataSource);
        return dataSource.OpenConnection();
    }


    private async ValueTask<int> InsertCore<T>(T entity, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        if (entity is null)
        {
            throw new ArgumentNullException(nameof(entity));
        }

        var crud = Crud(MapOf<T>());
        var statement = crud.Insert();
        statement.Bind(crud.Map, entity, only: -1, skip: crud.Identity);
        for (var attempt = 0; ; attempt++)
        {
        try
        {
            var command = await Ready(statement, async, cancellationToken).ConfigureAwait(false);
            if (crud.Identity < 0)
            {
                return async ? await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteNonQuery();
            }

            // RETURNING the identity: read as a long whatever its integer width, and written back through the map.
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            var read = async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read();
            if (read)
            {
                crud.Map.SetGeneratedKey(entity, reader.GetFieldValue<long>(0));
            }

            return read ? 1 : 0;
        }
        catch (Exception e) when (FailsTransaction(e, statement.Command.CommandText))
        {
            throw;
        }
        catch (PostgresException e) when (ServerForgot(statement, e, attempt))
        {
        }
        catch (NpgsqlException e)
        {
            throw CrudFailure(statement, e);
        }
        }
    }

    private const int BatchSize = 500;

    private async ValueTask<int> InsertAllCore<T>(IEnumerable<T> entities, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(entities);
        var map = MapOf<T>();
        var sql = PostgresTableSql.For(map);
        var identity = map.Table.AutoIncrementColumn is not null;
        var total = 0;
        await RunInTransactionCore(async () =>
        {
            var pending = new List<T>(BatchSize);
            foreach (var entity in entities)
            {
                pending.Add(entity);
                if (pending.Count == BatchSize)
                {
                    total += await InsertBatch(map, sql.Insert, identity, pending, async, cancellationToken).ConfigureAwait(false);
                    pending.Clear();
                }
            }

            if (pending.Count > 0)
            {
                total += await InsertBatch(map, sql.Insert, identity, pending, async, cancellationToken).ConfigureAwait(false);
            }
        }, async, cancellationToken).ConfigureAwait(false);
        return total;
    }

    private async Task<int> InsertBatch<T>(EntityMap<T> map, string insert, bool identity, List<T> entities, bool async, CancellationToken cancellationToken)
    {
        using var batch = new NpgsqlBatch(_connection, _transaction);
        foreach (var entity in entities)
        {
            var values = Values(map, entity);
            var command = new NpgsqlBatchCommand(insert);
            foreach (var column in map.Table.Columns)
            {
                if (!column.IsAutoIncrement)
                {
                    command.Parameters.Add(values[column.Ordinal]);
                }
            }

            batch.BatchCommands.Add(command);
        }

        try
        {
            if (!identity)
            {
                return async ? await batch.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) : batch.ExecuteNonQuery();
            }

            // One result set per INSERT ... RETURNING, in the order of the entities.
            await using var reader = async ? await batch.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false) : batch.ExecuteReader();
            var inserted = 0;
            foreach (var entity in entities)
            {
                if (inserted > 0 && !(async ? await reader.NextResultAsync(cancellationToken).ConfigureAwait(false) : reader.NextResult()))
                {
                    break;
                }

                if (async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read())
                {
                    map.SetGeneratedKey(entity, reader.GetFieldValue<long>(0));
                }

                inserted++;
            }

            return inserted;
        }
        catch (Exception e) when (FailsTransaction(e, insert))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, insert);
        }
    }

    private async ValueTask<int> UpdateCore<T>(T entity, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var crud = Crud(MapOf<T>());
        if (crud.Keys.Count == 0)
        {
            throw NoKey(crud.Map);
        }

        if (crud.Sql.Update is null)
        {
            return 0;
        }

        if (entity is null)
        {
            throw new ArgumentNullException(nameof(entity));
        }

        var statement = crud.Update();
        statement.Bind(crud.Map, entity, only: -1, skip: -1);
        return await RunCrud(statement, async, cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask<int> DeleteCore<T>(T entity, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var crud = Crud(MapOf<T>());
        if (crud.Keys.Count == 0)
        {
            throw NoKey(crud.Map);
        }

        if (entity is null)
        {
            throw new ArgumentNullException(nameof(entity));
        }

        // A single key binds only its column; a composite key's columns are bound with the others (only those reach $n).
        var statement = crud.Delete();
        statement.Bind(crud.Map, entity, only: crud.Key?.Ordinal ?? -1, skip: -1);
        return await RunCrud(statement, async, cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask<(bool Found, T? Entity)> FindCore<T>(object primaryKey, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        ArgumentNullException.ThrowIfNull(primaryKey);
        var crud = Crud(MapOf<T>());
        // One key value: a composite key is an ArgumentException naming its columns, no key a NotSupportedException (SQLite's rule and text).
        var key = crud.Key ?? StatementArguments.KeyColumns(crud.Map.Table, 1)[0];
        var statement = crud.Find();
        statement.BindKey(crud.Map.Table.Columns, key, primaryKey);
        return await ReadFound(crud, statement, async, cancellationToken).ConfigureAwait(false);
    }

    // Runs a bound Find statement (by one key or a composite key's values) and reads its row, if any.
    private async ValueTask<(bool Found, T? Entity)> ReadFound<T>(CrudStatements<T> crud, CrudCommand statement, bool async, CancellationToken cancellationToken)
    {
        for (var attempt = 0; ; attempt++)
        {
        try
        {
            var command = await Ready(statement, async, cancellationToken).ConfigureAwait(false);
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            if (!(async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read()))
            {
                return (false, default);
            }

            var row = new TypedRowReader(reader, crud.Ordinals);
            return (true, ((ITypedColumns<T>)crud.Map).ReadColumns(ref row));
        }
        catch (Exception e) when (FailsTransaction(e, statement.Command.CommandText))
        {
            throw;
        }
        catch (PostgresException e) when (ServerForgot(statement, e, attempt))
        {
        }
        catch (NpgsqlException e)
        {
            throw CrudFailure(statement, e);
        }
        }
    }

    private T Found<T>((bool Found, T? Entity) result, object primaryKey) => result.Found
        ? result.Entity!
        : throw new InvalidOperationException($"No row in table '{MapOf<T>().Table.TableName}' has primary key '{primaryKey}'.");

    private async ValueTask<List<T>> QueryCore<T>(string sql, object?[]? args, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        ArgumentNullException.ThrowIfNull(sql);
        var map = MapOf<T>();
        return await RunAdHoc(sql, args, map, static (command, map, async, token) => ReadRowsCore(map, command, async, token), async, cancellationToken)
            .ConfigureAwait(false);
    }

    private async ValueTask<int> ExecuteCore(string sql, object?[]? args, bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        ArgumentNullException.ThrowIfNull(sql);
        return await RunAdHoc(
            sql,
            args,
            0,
            static async (command, _, async, token) => async ? await command.ExecuteNonQueryAsync(token).ConfigureAwait(false) : command.ExecuteNonQuery(),
            async,
            cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask RunInTransactionCore(Func<Task> action, bool async, CancellationToken cancellationToken, IsolationLevel isolationLevel = IsolationLevel.Unspecified)
    {
        ThrowIfDisposed();
        if (_transaction is null)
        {
            await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
            try
            {
                _transaction = async
                    ? await _connection.BeginTransactionAsync(isolationLevel, cancellationToken).ConfigureAwait(false)
                    : _connection.BeginTransaction(isolationLevel);
                ClearTransactionFailure();
            }
            catch (NpgsqlException e)
            {
                throw Failure(e, "BEGIN");
            }

            var transaction = _transaction;
            var committing = false;
            try
            {
                await action().ConfigureAwait(false);
                if (_transactionLost)
                {
                    // The work caught the loss and went on: its transaction is gone, so it must not look committed.
                    throw Lost(null, "COMMIT", transactionRolledBack: true, commitOutcomeUnknown: false);
                }

                if (_transactionFailure is not null)
                {
                    // The work caught a failed statement and went on: the transaction is aborted, so it must not look committed.
                    throw FailedTransaction("COMMIT");
                }

                _transaction = null;
                committing = true;
                if (async)
                {
                    await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
                }
                else
                {
                    transaction.Commit();
                }
            }
            catch (NpgsqlException e) when (committing && IsBroken(e))
            {
                throw Lost(e, "COMMIT", transactionRolledBack: false, commitOutcomeUnknown: true);
            }
            catch (NpgsqlException e) when (committing)
            {
                // The server answered COMMIT with an error (a serialization failure found at commit, a deferred
                // constraint): it rolled the transaction back. The typed error, as for any statement.
                throw Failure(e, "COMMIT");
            }
            catch
            {
                _transaction = null;
                await RollBackQuietly(transaction, null).ConfigureAwait(false);
                throw;
            }
            finally
            {
                // The outermost frame ends the transaction, lost, failed or not.
                _transactionLost = false;
                ClearTransactionFailure();
                await transaction.DisposeAsync().ConfigureAwait(false);
            }

            return;
        }

        var outer = _transaction;
        var failureBefore = _transactionFailure;
        var failureSqlBefore = _transactionFailureSql;
        var savepoint = "microdb_" + (++_savepoints).ToString(System.Globalization.CultureInfo.InvariantCulture);
        try
        {
            try
            {
                outer.Save(savepoint);
            }
            catch (Exception e) when (FailsTransaction(e, "SAVEPOINT " + savepoint))
            {
                throw;
            }
            catch (NpgsqlException e)
            {
                throw Failure(e, "SAVEPOINT " + savepoint);
            }

            try
            {
                await action().ConfigureAwait(false);
                if (_transactionLost)
                {
                    throw Lost(null, "RELEASE SAVEPOINT " + savepoint, transactionRolledBack: true, commitOutcomeUnknown: false);
                }

                try
                {
                    outer.Release(savepoint);
                }
                catch (Exception e) when (FailsTransaction(e, "RELEASE SAVEPOINT " + savepoint))
                {
                    throw;
                }
                catch (NpgsqlException e)
                {
                    throw Failure(e, "RELEASE SAVEPOINT " + savepoint);
                }
            }
            catch
            {
                if (!_transactionLost)
                {
                    // ROLLBACK TO SAVEPOINT undoes the failure too: the transaction is as it was before the savepoint.
                    if (await RollBackQuietly(outer, savepoint).ConfigureAwait(false))
                    {
                        _transactionFailure = failureBefore;
                        _transactionFailureSql = failureSqlBefore;
                    }
                }

                throw;
            }
        }
        finally
        {
            _savepoints--;
        }
    }

    // --- A dropped connection (docs/postgresql.md, "A dropped connection") ---

    // True when the error left the connection unusable: Npgsql breaks (and closes) the connection on an I/O error, a
    // FATAL error from the server (57P01 when pg_terminate_backend or a shutdown ends the session) or a timeout.
    private bool IsBroken(NpgsqlException error) =>
        _connection.State != ConnectionState.Open
        || _connection.FullState.HasFlag(ConnectionState.Broken)
        || (error is PostgresException { Severity: "FATAL" or "PANIC" });

    // The typed error for a failed statement: a lost connection (the open transaction is marked lost), a constraint
    // violation or another server error, or Npgsql's own error with the statement named.
    private MicroDbException Failure(NpgsqlException error, string sql)
    {
        if (IsBroken(error))
        {
            var inTransaction = _transaction is not null || _transactionLost;
            if (_transaction is not null)
            {
                // The server rolled it back when the session ended; the object only needs to be let go.
                try
                {
                    _transaction.Dispose();
                }
                catch (InvalidOperationException)
                {
                }
                catch (NpgsqlException)
                {
                }

                _transaction = null;
                _transactionLost = true;
            }

            return Lost(error, sql, inTransaction, commitOutcomeUnknown: false);
        }

        return error is PostgresException server
            ? PostgresErrors.Translate(server, sql)
            : new MicroDbException($"Npgsql: {error.Message} (SQL: {sql})", error);
    }

    // --- A failed statement fails its transaction (docs/postgresql.md, "Transactions") ---

    // The exception filter on every statement this connection runs (CRUD, Query/Execute/ExecuteScalar, LINQ, InsertAll's
    // batches, bulk COPY, upsert, savepoints; sync and async): inside a transaction it records the first failure, whatever
    // it is. A server error aborts PostgreSQL's transaction, and so does a statement cancelled by its token or by the
    // command timeout (the server answers the cancel request with SQLSTATE 57014); after an I/O error the transaction is
    // gone with the connection. Any other failure of a statement (a value that cannot be read, one cancelled before it
    // was sent) is counted too: one rule, no guess about what reached the server. Never catches (returns false), so the
    // error propagates unchanged, and costs nothing when the statement succeeds.
    private bool FailsTransaction(Exception error, string sql)
    {
        if (_transaction is not null && _transactionFailure is null)
        {
            _transactionFailure = error;
            _transactionFailureSql = sql;
        }

        return false;
    }

    private void ClearTransactionFailure()
    {
        _transactionFailure = null;
        _transactionFailureSql = null;
    }

    // A Commit (or RunInTransaction returning) after a statement of the transaction failed: PostgreSQL would answer
    // COMMIT with ROLLBACK and report nothing, so the caller would believe the earlier work stored (on SQLite it is).
    // The message names the first failure and its statement; the failure is the inner exception.
    private MicroDbException FailedTransaction(string sql) => new(
        $"The transaction was not committed: a statement in it failed earlier ({FailureCause(_transactionFailure)}; SQL: " +
        $"{_transactionFailureSql}), and PostgreSQL aborts a transaction when one of its statements fails, is cancelled " +
        "or times out (SQLite keeps the work before it). It was rolled back: none of its writes are stored. Run the " +
        $"statement that may fail in a nested RunInTransaction (a savepoint) to keep the rest of the work. (SQL: {sql})",
        _transactionFailure);

    private static string FailureCause(Exception? error) => error switch
    {
        OperationCanceledException => "it was cancelled",
        NpgsqlException { InnerException: TimeoutException } => "it timed out (the command timeout)",
        PostgresException server => $"SQLSTATE {server.SqlState}: {server.MessageText}",
        null => "unknown",
        _ => $"{error.GetType().Name}: {error.Message}",
    };

    private static MicroDbConnectionLostException Lost(NpgsqlException? error, string sql, bool transactionRolledBack, bool commitOutcomeUnknown)
    {
        var state = (error as PostgresException)?.SqlState;
        var cause = error is null
            ? "earlier in this transaction"
            : state is null
                ? $"({error.InnerException?.Message ?? error.Message})"
                : $"(SQLSTATE {state}: {((PostgresException)error).MessageText})";
        var outcome = commitOutcomeUnknown
            ? "during COMMIT, so whether the transaction was committed is unknown: check the data before running the work again"
            : transactionRolledBack
                ? "inside a transaction, which the server rolled back: none of its writes are stored, everything committed before is"
                : "outside a transaction: nothing uncommitted was pending";
        var next = transactionRolledBack && !commitOutcomeUnknown && error is not null
            ? "End the transaction (Rollback, or let RunInTransaction return) and the next call opens a fresh connection from the pool."
            : "The next call opens a fresh connection from the pool.";
        return new MicroDbConnectionLostException(
            $"The connection to PostgreSQL was lost {cause} {outcome}. {next} (SQL: {sql})",
            transactionRolledBack,
            commitOutcomeUnknown,
            state,
            error);
    }

    private void ThrowIfTransactionLost()
    {
        if (_transactionLost)
        {
            throw new MicroDbConnectionLostException(
                "The connection to PostgreSQL was lost inside a transaction, which the server rolled back; end it (Rollback, or let RunInTransaction return) before new work, so nothing meant for it is committed on its own.",
                transactionRolledBack: true,
                commitOutcomeUnknown: false,
                sqlState: null,
                innerException: null);
        }
    }

    // Before each call: refuse work while a lost transaction is not ended, and reopen a connection Npgsql closed when it
    // broke (the data source's pool hands out a fresh physical connection; the broken one is discarded).
    private async ValueTask EnsureOpen(bool async, CancellationToken cancellationToken)
    {
        ThrowIfDisposed();
        ThrowIfTransactionLost();
        if (_connection.State == ConnectionState.Open)
        {
            return;
        }

        if (_connection.State != ConnectionState.Closed)
        {
            await _connection.CloseAsync().ConfigureAwait(false);
        }

        try
        {
            if (async)
            {
                await _connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            }
            else
            {
                _connection.Open();
            }
        }
        catch (NpgsqlException e)
        {
            throw new MicroDbConnectionLostException(
                $"The connection to PostgreSQL was lost and a new one could not be opened: {e.Message}",
                transactionRolledBack: false,
                commitOutcomeUnknown: false,
                sqlState: (e as PostgresException)?.SqlState,
                innerException: e);
        }
    }

    // A rollback after a failure must not hide the failure: a rollback that fails itself (the connection broke) is
    // left for PostgreSQL, which ends the transaction when the session ends.
    // Returns whether the rollback succeeded.
    private static async Task<bool> RollBackQuietly(NpgsqlTransaction transaction, string? savepoint)
    {
        try
        {
            if (savepoint is null)
            {
                await transaction.RollbackAsync(CancellationToken.None).ConfigureAwait(false);
            }
            else
            {
                await transaction.RollbackAsync(savepoint, CancellationToken.None).ConfigureAwait(false);
            }

            return true;
        }
        catch (NpgsqlException)
        {
            return false;
        }
        catch (InvalidOperationException)
        {
            return false;
        }
    }

    private EntityMap<T> MapOf<T>()
    {
        ThrowIfDisposed();
        var map = EntityMapResolver.Resolve<T>(_mapping, EntityMapRegistry.DefaultReflectionProvider, throwOnReflectionFallback: false);
        if (map is ITypedColumns<T>)
        {
            return map;
        }

        // A map generated by an earlier MicroDb, or an EntityMap<T> written by hand.
        throw new MicroDbMappingException(
            $"The map of '{typeof(T).FullName}' does not implement ITypedColumns<T>, through which MicroDb.Npgsql binds and reads values " +
            "(reflection maps and every map this MicroDb generates do). Rebuild the models' project with this MicroDb, implement " +
            "ITypedColumns<T> in a hand-written map, or use MappingMode.Reflection.");
    }

    // NotSupportedException, as on SQLite (EntityStatements, StatementArguments): the portable conformance suite checks both.
    private static NotSupportedException NoKey<T>(EntityMap<T> map) =>
        new($"Type '{map.Table.EntityTypeName}' has no [PrimaryKey], so it cannot be updated, deleted or found by key.");

    // --- Prepared CRUD statements (docs/postgresql.md, "Prepared CRUD statements") ---

    // The map's CRUD commands on this connection: the last one used is checked first (one type check), then the table.
    private CrudStatements<T> Crud<T>(EntityMap<T> map)
    {
        if (_lastCrud is CrudStatements<T> last && ReferenceEquals(last.Map, map))
        {
            return last;
        }

        _crud ??= new Dictionary<object, IDisposable>(ReferenceEqualityComparer.Instance);
        if (!_crud.TryGetValue(map, out var found))
        {
            found = new CrudStatements<T>(_connection, map);
            _crud.Add(map, found);
        }

        _lastCrud = found;
        return (CrudStatements<T>)found;
    }

    private async ValueTask<int> RunCrud(CrudCommand statement, bool async, CancellationToken cancellationToken)
    {
        for (var attempt = 0; ; attempt++)
        {
            try
            {
                var command = await Ready(statement, async, cancellationToken).ConfigureAwait(false);
                return async ? await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteNonQuery();
            }
            catch (Exception e) when (FailsTransaction(e, statement.Command.CommandText))
            {
                throw;
            }
            catch (PostgresException e) when (ServerForgot(statement, e, attempt))
            {
            }
            catch (NpgsqlException e)
            {
                throw CrudFailure(statement, e);
            }
        }
    }

    // The statement prepared and bound to this call's transaction. After the server forgot this session's prepared
    // statements behind Npgsql's back (DISCARD ALL, DEALLOCATE ALL), Npgsql's own list of them is cleared first, outside
    // a transaction (a failed statement leaves an open one aborted until it is rolled back).
    private ValueTask<NpgsqlCommand> Ready(CrudCommand statement, bool async, CancellationToken cancellationToken)
    {
        ClearForgottenStatements();
        return statement.Ready(_transaction, _prepareEpoch, async, cancellationToken);
    }

    private void ClearForgottenStatements()
    {
        if (_statementsForgotten && _transaction is null)
        {
            // Every prepared command of this connection (CRUD and ad-hoc) is prepared again after this, not only the one
            // that failed: Npgsql starts naming statements afresh, so an old name could now stand for another statement.
            _connection.UnprepareAll();
            _statementsForgotten = false;
            _prepareEpoch++;
        }
    }

    // SQLSTATE 26000: the server no longer has a statement Npgsql prepared on this session; 0A000 "cached plan must not
    // change result type": a table's column changed type under a prepared SELECT. Nothing ran, so outside a transaction
    // the call is tried once more, prepared again; inside one, the error is thrown (the server aborted the transaction)
    // and the statements are prepared again once it has ended.
    private bool ServerForgot(CrudCommand statement, PostgresException error, int attempt)
    {
        if (!IsStale(error))
        {
            return false;
        }

        statement.Forget();
        _statementsForgotten = true;
        return attempt == 0 && _transaction is null;
    }

    private static bool IsStale(PostgresException error) =>
        error.SqlState == PostgresErrorCodes.InvalidSqlStatementName
        || (error.SqlState == PostgresErrorCodes.FeatureNotSupported && error.MessageText.Contains("cached plan", StringComparison.Ordinal));

    // A failed prepared statement: prepared again on its next use (the server may have dropped it), and the typed error.
    private MicroDbException CrudFailure(CrudCommand statement, NpgsqlException error)
    {
        statement.Forget();
        return Failure(error, statement.Command.CommandText);
    }

    private void DisposeCrud()
    {
        if (_crud is not null)
        {
            foreach (var statements in _crud.Values)
            {
                statements.Dispose();
            }

            _crud = null;
        }

        _lastCrud = null;
    }

    // The entity's values, one typed parameter per column in column order, without boxing a member's value: the map
    // (generated or reflection, MapOf checked it) hands each column to the struct writer with its own type.
    private static NpgsqlParameter[] Values<T>(EntityMap<T> map, T entity)
    {
        if (entity is null)
        {
            throw new ArgumentNullException(nameof(entity));
        }

        var parameters = new NpgsqlParameter[map.Table.Columns.Count];
        // Every column is written, so every slot is filled.
        var writer = new TypedParameterWriter(map.Table.Columns, parameters);
        ((ITypedColumns<T>)map).WriteColumns(entity, ref writer);
        return parameters;
    }

    private async ValueTask<List<T>> ReadRows<T>(EntityMap<T> map, NpgsqlCommand command, bool async, CancellationToken cancellationToken)
    {
        try
        {
            return await ReadRowsCore(map, command, async, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (FailsTransaction(e, command.CommandText))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, command.CommandText);
        }
    }

    // The rows, columns matched to members by name; Npgsql's errors are left to the caller.
    private static async ValueTask<List<T>> ReadRowsCore<T>(EntityMap<T> map, NpgsqlCommand command, bool async, CancellationToken cancellationToken)
    {
        var rows = new List<T>();
        await using var reader = async
            ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
            : command.ExecuteReader();
        var columns = map.Table.Columns;
        var ordinals = new int[columns.Count];
        for (var i = 0; i < ordinals.Length; i++)
        {
            ordinals[i] = -1;
            for (var f = 0; f < reader.FieldCount; f++)
            {
                if (string.Equals(reader.GetName(f), columns[i].Name, StringComparison.OrdinalIgnoreCase))
                {
                    ordinals[i] = f;
                    break;
                }
            }
        }

        var typed = (ITypedColumns<T>)map;
        while (async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read())
        {
            var row = new TypedRowReader(reader, ordinals);
            rows.Add(typed.ReadColumns(ref row));
        }

        return rows;
    }

    private NpgsqlCommand Command(string sql, object?[]? args = null)
    {
        ThrowIfDisposed();
        var command = new NpgsqlCommand(sql, _connection, _transaction);
        if (args is not null)
        {
            foreach (var arg in args)
            {
                command.Parameters.Add(PostgresValues.Argument(arg));
            }
        }

        return command;
    }

    private async ValueTask<int> RunNonQuery(NpgsqlCommand command, bool async, CancellationToken cancellationToken)
    {
        try
        {
            return async ? await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false) : command.ExecuteNonQuery();
        }
        catch (Exception e) when (FailsTransaction(e, command.CommandText))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, command.CommandText);
        }
    }

    private void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(_disposed, this);
}
