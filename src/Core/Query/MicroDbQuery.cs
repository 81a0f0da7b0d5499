using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb;

/// <summary>Compiled queries: a LINQ query taken apart once and run many times with different arguments.</summary>
public static class MicroDbQuery
{
    /// <summary>
    /// Compiles <paramref name="query"/>, such as <c>(MicroDbConnection db, int id) =&gt; db.Table&lt;Person&gt;().FirstOrDefault(p =&gt; p.Id == id)</c>,
    /// into a delegate. The operator chain is checked now and applied once per connection; each call binds
    /// <typeparamref name="TArg"/> where the query reads its parameter and runs one statement, whose SQL is translated on
    /// the first call and taken from the translation cache afterwards. No <c>Expression.Compile</c>: it runs under NativeAOT.
    /// The delegate is thread-safe.
    /// </summary>
    /// <typeparam name="TArg">The argument type.</typeparam>
    /// <typeparam name="TResult">The result (of an operator that runs the query: ToList, First, FirstOrDefault, Single, Count, Any ...).</typeparam>
    /// <param name="query">The query: <c>db.Table&lt;T&gt;()</c>, TableQuery's operators, and one operator that runs it.</param>
    /// <exception cref="NotSupportedException">The query has another form (the message says which part).</exception>
    public static Func<MicroDbConnection, TArg, TResult> Compile<TArg, TResult>(Expression<Func<MicroDbConnection, TArg, TResult>> query)
    {
        var compiled = CompiledQuery<TArg, TResult>.Create(query);
        return compiled.Run;
    }

    /// <summary>
    /// Compiles <paramref name="query"/> as <see cref="Compile{TArg, TResult}"/> does, into a delegate that runs it on a
    /// reader of a <see cref="MicroDbAsyncConnection"/>'s pool: the same query form (written over a
    /// <see cref="MicroDbConnection"/>), for queries that read. The token cancels the wait for a reader, or interrupts the
    /// running statement, as the connection's own async operators do.
    /// </summary>
    /// <typeparam name="TArg">The argument type.</typeparam>
    /// <typeparam name="TResult">The result (of an operator that runs the query).</typeparam>
    /// <param name="query">The query: <c>db.Table&lt;T&gt;()</c>, TableQuery's operators, and one operator that runs it.</param>
    /// <exception cref="NotSupportedException">The query has another form (the message says which part).</exception>
    public static Func<MicroDbAsyncConnection, TArg, CancellationToken, ValueTask<TResult>> CompileAsync<TArg, TResult>(Expression<Func<MicroDbConnection, TArg, TResult>> query)
    {
        var compiled = CompiledQuery<TArg, TResult>.Create(query);
        return (connection, argument, cancellationToken) =>
        {
            ArgumentNullException.ThrowIfNull(connection);
            return connection.Pool.ReadAsync((Query: compiled, Argument: argument), static (c, state, _) => state.Query.Run(c, state.Argument), cancellationToken);
        };
    }
}
