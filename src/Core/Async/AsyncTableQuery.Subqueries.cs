using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// Sub-queries written on the async connection's table (issue 22): inside another query's lambda,
// adb.Table<Line>().Any(l => l.OrderId == o.Id) is translated into the outer statement (EXISTS, NOT EXISTS, a count), as
// on the sync connection. These members exist for that: a lambda cannot await, so the async terminals cannot be written
// there. Called directly they throw, naming the async terminal to await instead.
public sealed partial class AsyncTableQuery<T> : IAsyncSubquerySource
{
    object ISubquerySource.Connection => _query.Connection;

    TableMapping ISubquerySource.Table => _query.Table;

    ISubquerySource? ISubquerySource.LimitedSource => ((ISubquerySource)_query).LimitedSource;

    int? ISubquerySource.Limit => ((ISubquerySource)_query).Limit;

    int ISubquerySource.Offset => ((ISubquerySource)_query).Offset;

    IReadOnlyList<QueryOrdering> ISubquerySource.Orderings => ((ISubquerySource)_query).Orderings;

    IReadOnlyList<LambdaExpression> ISubquerySource.WhereLambdas => ((ISubquerySource)_query).WhereLambdas;

    /// <summary>
    /// A sub-query inside another query's lambda (<c>EXISTS (SELECT 1 ...)</c>): true when the query has a row. Only
    /// translated, never run on its own: to run it, await <see cref="AnyAsync(CancellationToken)"/>.
    /// </summary>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public bool Any() => throw OutsideQuery("Any", "AnyAsync");

    /// <summary>
    /// A sub-query inside another query's lambda: true when some row matches <paramref name="predicate"/> (which may read
    /// the outer row). Only translated: to run it on its own, await <see cref="AnyAsync(Expression{Func{T, bool}}, CancellationToken)"/>.
    /// </summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public bool Any(Expression<Func<T, bool>> predicate) => throw OutsideQuery("Any", "AnyAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>NOT EXISTS (... WHERE NOT ...)</c>): true when every row matches
    /// <paramref name="predicate"/>. Only translated: to run it on its own, await <see cref="AllAsync"/>.
    /// </summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public bool All(Expression<Func<T, bool>> predicate) => throw OutsideQuery("All", "AllAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT count(*) ...)</c>): the number of rows. Only translated: to
    /// run it on its own, await <see cref="CountAsync(CancellationToken)"/>.
    /// </summary>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public int Count() => throw OutsideQuery("Count", "CountAsync");

    /// <summary>
    /// A sub-query inside another query's lambda: the number of rows matching <paramref name="predicate"/>. Only
    /// translated: to run it on its own, await <see cref="CountAsync(Expression{Func{T, bool}}, CancellationToken)"/>.
    /// </summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public int Count(Expression<Func<T, bool>> predicate) => throw OutsideQuery("Count", "CountAsync");

    /// <summary>
    /// A sub-query inside another query's lambda: the number of rows, as a long. Only translated: to run it on its own,
    /// await <see cref="LongCountAsync(CancellationToken)"/>.
    /// </summary>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public long LongCount() => throw OutsideQuery("LongCount", "LongCountAsync");

    private NotSupportedException OutsideQuery(string name, string async) =>
        new($"AsyncTableQuery<{typeof(T).Name}>.{name} over '{_query.Table.TableName}' is a sub-query form: it is translated inside another query's lambda (Where, Select, OrderBy ...) and never runs on its own; await {async} to run it.");
}
