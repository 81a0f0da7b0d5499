using MicroDb.Concurrency;
using SQLitePCL;

namespace MicroDb;

// Ad-hoc SQL. Queries run on a reader connection; a statement that turns out to write (SQLITE_READONLY on the
// read-only reader, raised before anything changes) is run again on the writer. Execute always uses the writer.
// Each SQL method has three forms: (sql, params args), (sql, args, token) and (sql, token), so that a token is never
// taken for a parameter value.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Runs a query and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public ValueTask<List<T>> QueryAsync<T>(string sql, params object?[] args) => QueryAsync<T>(sql, args, CancellationToken.None);

    /// <summary>Runs a query without parameters and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows.</param>
    public ValueTask<List<T>> QueryAsync<T>(string sql, CancellationToken cancellationToken) => QueryAsync<T>(sql, [], cancellationToken);

    /// <summary>Runs a query and maps every row to a new <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked between rows.</param>
    public ValueTask<List<T>> QueryAsync<T>(string sql, object?[] args, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return ReadOrWriteAsync((sql, args), static (c, s, ct) => QueryList<T>(c, s.sql, s.args, ct), cancellationToken);
    }

    /// <summary>Runs a query and returns the first column of every row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public ValueTask<List<T>> QueryScalarsAsync<T>(string sql, params object?[] args) => QueryScalarsAsync<T>(sql, args, CancellationToken.None);

    /// <summary>Runs a query without parameters and returns the first column of every row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<List<T>> QueryScalarsAsync<T>(string sql, CancellationToken cancellationToken) => QueryScalarsAsync<T>(sql, [], cancellationToken);

    /// <summary>Runs a query and returns the first column of every row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<List<T>> QueryScalarsAsync<T>(string sql, object?[] args, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return ReadOrWriteAsync((sql, args), static (c, s, _) => c.QueryScalars<T>(s.sql, s.args), cancellationToken);
    }

    /// <summary>Runs a query and returns the first column of the first row; default when there is no row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public ValueTask<T> ExecuteScalarAsync<T>(string sql, params object?[] args) => ExecuteScalarAsync<T>(sql, args, CancellationToken.None);

    /// <summary>Runs a query without parameters and returns the first column of the first row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T> ExecuteScalarAsync<T>(string sql, CancellationToken cancellationToken) => ExecuteScalarAsync<T>(sql, [], cancellationToken);

    /// <summary>Runs a query and returns the first column of the first row; default when there is no row.</summary>
    /// <typeparam name="T">A scalar type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<T> ExecuteScalarAsync<T>(string sql, object?[] args, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return ReadOrWriteAsync((sql, args), static (c, s, _) => c.ExecuteScalar<T>(s.sql, s.args), cancellationToken);
    }

    /// <summary>Runs a statement on the writer and returns the number of rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public ValueTask<int> ExecuteAsync(string sql, params object?[] args) => ExecuteAsync(sql, args, CancellationToken.None);

    /// <summary>Runs a statement without parameters on the writer and returns the number of rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<int> ExecuteAsync(string sql, CancellationToken cancellationToken) => ExecuteAsync(sql, [], cancellationToken);

    /// <summary>Runs a statement on the writer and returns the number of rows it changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<int> ExecuteAsync(string sql, object?[] args, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return _pool.WriteAsync((sql, args), static (c, s, _) => c.Execute(s.sql, s.args), cancellationToken);
    }

    /// <summary>
    /// Streams a query's rows: each row is read when the enumeration asks for it, on a reader connection held until the
    /// enumeration ends (dispose it; <c>await foreach</c> does). Cancel with <c>WithCancellation</c>. The SQL must not write.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    public IAsyncEnumerable<T> DeferredQueryAsync<T>(string sql, params object?[] args) => DeferredQueryAsync<T>(sql, args, CancellationToken.None);

    /// <summary>Streams a query's rows; see <see cref="DeferredQueryAsync{T}(string, object?[])"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The parameter values.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader; checked before each row; interrupts a running step.</param>
    public IAsyncEnumerable<T> DeferredQueryAsync<T>(string sql, object?[] args, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(sql);
        return new AsyncDeferredQuery<T>(_pool, sql, args ?? [], cancellationToken);
    }

    private ValueTask<TResult> ReadOrWriteAsync<TState, TResult>(TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> work, CancellationToken cancellationToken)
    {
        var read = _pool.ReadAsync(state, work, cancellationToken);
        if (read.IsCompletedSuccessfully || _pool.IsSingleConnection || _pool.Options.Connection.ReadOnly)
        {
            return read;
        }

        return RetryOnWriterAsync(read, state, work, cancellationToken);
    }

    private async ValueTask<TResult> RetryOnWriterAsync<TState, TResult>(ValueTask<TResult> read, TState state, Func<MicroDbConnection, TState, CancellationToken, TResult> work, CancellationToken cancellationToken)
    {
        try
        {
            return await read.ConfigureAwait(false);
        }
        catch (MicroDbException e) when (e.ResultCode == raw.SQLITE_READONLY)
        {
            return await _pool.WriteAsync(state, work, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Query with a cancellation check between rows.</summary>
    private static List<T> QueryList<T>(MicroDbConnection connection, string sql, object?[] args, CancellationToken cancellationToken) =>
        ValueTupleRowReader<T>.IsTuple
            ? connection.Runner.ReadAll<T, ValueTupleRowReader<T>>(sql, StatementArguments.Positional(args), new ValueTupleRowReader<T>(sqliteNetRules: false), cancellationToken)
            : connection.Runner.Query(connection.GetMap<T>(), sql, StatementArguments.Positional(args), cancellationToken);
}
