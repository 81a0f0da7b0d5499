using System.Linq.Expressions;

namespace MicroDb.Query;

// The aggregate sub-query forms of the async connection's table (issue 22): adb.Table<Line>().Sum(l => l.Quantity) inside
// another query's lambda is the same scalar sub-query as the sync table's (SqlTranslator.AggregateSubquery), with its rules
// (integer, double and float values; Min, Max and Average need a nullable result in a condition). Called directly they
// throw, naming the async terminal to await instead.
public sealed partial class AsyncTableQuery<T>
{
    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public int Sum(Expression<Func<T, int>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public int? Sum(Expression<Func<T, int?>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public long Sum(Expression<Func<T, long>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public long? Sum(Expression<Func<T, long?>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public float Sum(Expression<Func<T, float>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public float? Sum(Expression<Func<T, float?>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double Sum(Expression<Func<T, double>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double? Sum(Expression<Func<T, double?>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public decimal Sum(Expression<Func<T, decimal>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT coalesce(sum(...), 0) ...)</c>, <c>total(...)</c> for
    /// floating values): the sum of <paramref name="selector"/>. Only translated: to run it on its own, await <c>SumAsync</c>.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public decimal? Sum(Expression<Func<T, decimal?>> selector) => throw OutsideQuery("Sum", "SumAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double Average(Expression<Func<T, int>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double? Average(Expression<Func<T, int?>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double Average(Expression<Func<T, long>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double? Average(Expression<Func<T, long?>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public float Average(Expression<Func<T, float>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public float? Average(Expression<Func<T, float?>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double Average(Expression<Func<T, double>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public double? Average(Expression<Func<T, double?>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public decimal Average(Expression<Func<T, decimal>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT avg(...) ...)</c>): the average of <paramref name="selector"/>.
    /// Only translated: to run it on its own, await <c>AverageAsync</c>.
    /// </summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public decimal? Average(Expression<Func<T, decimal?>> selector) => throw OutsideQuery("Average", "AverageAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT min(...) ...)</c>): the smallest value of
    /// <paramref name="selector"/>. Only translated: to run it on its own, await <c>MinAsync</c>.
    /// </summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public TResult Min<TResult>(Expression<Func<T, TResult>> selector) => throw OutsideQuery("Min", "MinAsync");

    /// <summary>
    /// A sub-query inside another query's lambda (<c>(SELECT max(...) ...)</c>): the largest value of
    /// <paramref name="selector"/>. Only translated: to run it on its own, await <c>MaxAsync</c>.
    /// </summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <exception cref="NotSupportedException">Called outside a query's lambda.</exception>
    public TResult Max<TResult>(Expression<Func<T, TResult>> selector) => throw OutsideQuery("Max", "MaxAsync");
}
