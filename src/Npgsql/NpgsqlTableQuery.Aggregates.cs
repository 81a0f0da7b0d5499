using System.Linq.Expressions;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql;

// Sum, Average, Min and Max over a PostgreSQL table query. Inside another query's lambda (Where, Select, OrderBy:
// db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => l.Qty)) they are never called: Core's translator makes each a
// scalar sub-query of that statement (SqlTranslator.NativeAggregates). Called directly, each runs one statement on the
// server, SELECT <aggregate> FROM ... WHERE ..., whose aggregate is the same rule's form (SqlTranslator.TranslateNativeAggregate),
// and the result follows LINQ-to-Objects: a sum over no rows is 0, a nullable Min/Max/Average over none is null, a
// non-nullable one throws InvalidOperationException, an integer sum that does not fit throws OverflowException. An
// aggregate PostgreSQL cannot give LINQ's answer for (decimal Average, double or string Min/Max) throws NotSupportedException.
public sealed partial class NpgsqlTableQuery<T>
{
    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in an <see cref="int"/> (LINQ's checked Sum).</exception>
    public int Sum(Expression<Func<T, int>> selector) => AggregateCore<int>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in an <see cref="int"/> (LINQ's checked Sum).</exception>
    public int? Sum(Expression<Func<T, int?>> selector) => AggregateCore<int>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in a <see cref="long"/> (LINQ's checked Sum).</exception>
    public long Sum(Expression<Func<T, long>> selector) => AggregateCore<long>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in a <see cref="long"/> (LINQ's checked Sum).</exception>
    public long? Sum(Expression<Func<T, long?>> selector) => AggregateCore<long>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public float Sum(Expression<Func<T, float>> selector) => AggregateCore<float>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public float? Sum(Expression<Func<T, float?>> selector) => AggregateCore<float>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public double Sum(Expression<Func<T, double>> selector) => AggregateCore<double>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public double? Sum(Expression<Func<T, double?>> selector) => AggregateCore<double>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The exact sum does not fit in a <see cref="decimal"/>.</exception>
    public decimal Sum(Expression<Func<T, decimal>> selector) => AggregateCore<decimal>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The exact sum does not fit in a <see cref="decimal"/>.</exception>
    public decimal? Sum(Expression<Func<T, decimal?>> selector) => AggregateCore<decimal>("Sum", selector, async: false, default).GetAwaiter().GetResult() ?? 0;

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public double Average(Expression<Func<T, int>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult() ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, int?>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult();

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public double Average(Expression<Func<T, long>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult() ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, long?>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult();

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>, added as doubles and narrowed to float, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public float Average(Expression<Func<T, float>> selector) => AggregateCore<float>("Average", selector, async: false, default).GetAwaiter().GetResult() ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>, added as doubles and narrowed to float, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public float? Average(Expression<Func<T, float?>> selector) => AggregateCore<float>("Average", selector, async: false, default).GetAwaiter().GetResult();

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public double Average(Expression<Func<T, double>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult() ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, double?>> selector) => AggregateCore<double>("Average", selector, async: false, default).GetAwaiter().GetResult();

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (none: PostgreSQL's avg(numeric) rounds to another scale than decimal division); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="NotSupportedException">Always when called directly: PostgreSQL has no exact decimal average; select the Sum and the Count and divide.</exception>
    public decimal Average(Expression<Func<T, decimal>> selector) => AggregateCore<decimal>("Average", selector, async: false, default).GetAwaiter().GetResult() ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (none: PostgreSQL's avg(numeric) rounds to another scale than decimal division); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    /// <exception cref="NotSupportedException">Always when called directly: PostgreSQL has no exact decimal average; select the Sum and the Count and divide.</exception>
    public decimal? Average(Expression<Func<T, decimal?>> selector) => AggregateCore<decimal>("Average", selector, async: false, default).GetAwaiter().GetResult();

    /// <summary>
    /// The smallest value of <paramref name="selector"/> over the rows, in one statement on the server (<c>min(...)</c>):
    /// nulls skipped, null for a nullable type when there is none, as in LINQ.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The smallest value.</returns>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (LINQ's "Sequence contains no elements").</exception>
    /// <exception cref="NotSupportedException">PostgreSQL does not order the type as .NET does (double and float for NaN, string by culture) or it has no order.</exception>
    public TResult? Min<TResult>(Expression<Func<T, TResult>> selector) => ExtremeCore(selector, "Min", async: false, default).GetAwaiter().GetResult();

    /// <summary>
    /// The largest value of <paramref name="selector"/> over the rows, in one statement on the server (<c>max(...)</c>):
    /// nulls skipped, null for a nullable type when there is none, as in LINQ.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The largest value.</returns>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (LINQ's "Sequence contains no elements").</exception>
    /// <exception cref="NotSupportedException">PostgreSQL does not order the type as .NET does (double and float for NaN, string by culture) or it has no order.</exception>
    public TResult? Max<TResult>(Expression<Func<T, TResult>> selector) => ExtremeCore(selector, "Max", async: false, default).GetAwaiter().GetResult();

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in an <see cref="int"/> (LINQ's checked Sum).</exception>
    public async Task<int> SumAsync(Expression<Func<T, int>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<int>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in an <see cref="int"/> (LINQ's checked Sum).</exception>
    public async Task<int?> SumAsync(Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<int>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in a <see cref="long"/> (LINQ's checked Sum).</exception>
    public async Task<long> SumAsync(Expression<Func<T, long>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<long>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The sum does not fit in a <see cref="long"/> (LINQ's checked Sum).</exception>
    public async Task<long?> SumAsync(Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<long>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    public async Task<float> SumAsync(Expression<Func<T, float>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<float>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    public async Task<float?> SumAsync(Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<float>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    public async Task<double> SumAsync(Expression<Func<T, double>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    public async Task<double?> SumAsync(Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The exact sum does not fit in a <see cref="decimal"/>.</exception>
    public async Task<decimal> SumAsync(Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<decimal>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The sum of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>coalesce(sum(...), 0)</c>); 0 when there is none, as in LINQ.</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The sum.</returns>
    /// <exception cref="OverflowException">The exact sum does not fit in a <see cref="decimal"/>.</exception>
    public async Task<decimal?> SumAsync(Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<decimal>("Sum", selector, async: true, cancellationToken).ConfigureAwait(false) ?? 0;

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public async Task<double> AverageAsync(Expression<Func<T, int>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false) ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    public async Task<double?> AverageAsync(Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public async Task<double> AverageAsync(Expression<Func<T, long>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false) ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (the exact sum as a double over the count, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    public async Task<double?> AverageAsync(Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>, added as doubles and narrowed to float, as LINQ); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public async Task<float> AverageAsync(Expression<Func<T, float>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<float>("Average", selector, async: true, cancellationToken).ConfigureAwait(false) ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>, added as doubles and narrowed to float, as LINQ); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    public async Task<float?> AverageAsync(Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<float>("Average", selector, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query returns no row (LINQ's "Sequence contains no elements").</exception>
    public async Task<double> AverageAsync(Expression<Func<T, double>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false) ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (<c>avg</c>); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    public async Task<double?> AverageAsync(Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<double>("Average", selector, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>The average of <paramref name="selector"/> over the rows, in one statement on the server (none: PostgreSQL's avg(numeric) rounds to another scale than decimal division); LINQ's exception when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="NotSupportedException">Always when called directly: PostgreSQL has no exact decimal average; select the Sum and the Count and divide.</exception>
    public async Task<decimal> AverageAsync(Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<decimal>("Average", selector, async: true, cancellationToken).ConfigureAwait(false) ?? throw NoElements("Average");

    /// <summary>The average of the non-null values of <paramref name="selector"/> over the rows, in one statement on the server (none: PostgreSQL's avg(numeric) rounds to another scale than decimal division); null when there is none.</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The average.</returns>
    /// <exception cref="NotSupportedException">Always when called directly: PostgreSQL has no exact decimal average; select the Sum and the Count and divide.</exception>
    public async Task<decimal?> AverageAsync(Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default) =>
        await AggregateCore<decimal>("Average", selector, async: true, cancellationToken).ConfigureAwait(false);

    /// <summary>
    /// The smallest value of <paramref name="selector"/> over the rows, in one statement on the server (<c>min(...)</c>):
    /// nulls skipped, null for a nullable type when there is none, as in LINQ.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The smallest value.</returns>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (LINQ's "Sequence contains no elements").</exception>
    /// <exception cref="NotSupportedException">PostgreSQL does not order the type as .NET does (double and float for NaN, string by culture) or it has no order.</exception>
    public Task<TResult?> MinAsync<TResult>(Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default) =>
        ExtremeCore(selector, "Min", async: true, cancellationToken).AsTask();

    /// <summary>
    /// The largest value of <paramref name="selector"/> over the rows, in one statement on the server (<c>max(...)</c>):
    /// nulls skipped, null for a nullable type when there is none, as in LINQ.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The largest value.</returns>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (LINQ's "Sequence contains no elements").</exception>
    /// <exception cref="NotSupportedException">PostgreSQL does not order the type as .NET does (double and float for NaN, string by culture) or it has no order.</exception>
    public Task<TResult?> MaxAsync<TResult>(Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default) =>
        ExtremeCore(selector, "Max", async: true, cancellationToken).AsTask();

    private async ValueTask<TResult?> ExtremeCore<TResult>(Expression<Func<T, TResult>> selector, string name, bool async, CancellationToken cancellationToken)
    {
        var (found, value) = await AggregateRow<TResult>(name, selector, async, cancellationToken).ConfigureAwait(false);
        if (!found && typeof(TResult).IsValueType && Nullable.GetUnderlyingType(typeof(TResult)) is null)
        {
            throw NoElements(name);
        }

        return value;
    }

    // The aggregate read as TValue? (null when SQL gave NULL: no non-null value).
    private async ValueTask<TValue?> AggregateCore<TValue>(string name, LambdaExpression selector, bool async, CancellationToken cancellationToken)
        where TValue : struct
    {
        var (_, value) = await AggregateRow<TValue?>(name, selector, async, cancellationToken).ConfigureAwait(false);
        return value;
    }

    /// <summary>
    /// Runs SELECT <paramref name="name"/>(selector) FROM ... WHERE ... (over this query as a sub-query when it is limited)
    /// and reads its one value as LINQ types it: integers narrowed checked, so a sum beyond <typeparamref name="TValue"/>
    /// throws <see cref="OverflowException"/>.
    /// </summary>
    private async ValueTask<(bool Found, TValue? Value)> AggregateRow<TValue>(string name, LambdaExpression selector, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters) = BuildAggregate(name, selector);
        (bool, TValue?) Read(NpgsqlDataReader reader)
        {
            if (reader.IsDBNull(0))
            {
                return (false, default);
            }

            try
            {
                return (true, (TValue?)NpgsqlGroupedRows.Aggregate(reader, 0, typeof(TValue)));
            }
            catch (OverflowException e)
            {
                var type = Nullable.GetUnderlyingType(typeof(TValue)) ?? typeof(TValue);
                throw new OverflowException($"The {name} of '{selector}' over '{_map.Table.TableName}' does not fit in '{type.Name}' (LINQ's checked arithmetic).", e);
            }
        }

        var rows = await _db.RunRows(sql, parameters, Read, async, cancellationToken).ConfigureAwait(false);
        return rows.Count == 0 ? (false, default) : rows[0];
    }

    /// <summary>The one statement of a direct aggregate, and its parameters.</summary>
    internal (string Sql, List<NpgsqlParameter> Parameters) BuildAggregate(string name, LambdaExpression selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        using var subqueries = SubqueryConnection.Enter(_db);
        var parameters = new List<object?>();
        var aggregate = new ValueList<SqlExpression>([SqlTranslator.TranslateNativeAggregate(_map.Table, PostgresFormat, name, selector, parameters)]);
        var model = _source is null && !IsLimited
            ? BuildModel(aggregate, parameters, null, includeOrder: false)
            : QueryModel.Select(new SqlSubquery(BuildModel(AllColumns(), parameters, null)), aggregate);
        return (Write(model), PostgresQueryDialect.Parameters(parameters));
    }

    private InvalidOperationException NoElements(string name) =>
        new($"Sequence contains no elements: the query on '{_map.Table.TableName}' returned no row, so it has no {name} (as LINQ).");
}

