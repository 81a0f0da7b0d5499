using System.Linq.Expressions;

namespace MicroDb.Npgsql;

// Sum, Average, Min and Max over a PostgreSQL table query. Inside another query's lambda (Where, Select, OrderBy:
// db.Table<Line>().Where(l => l.OrderId == o.Id).Sum(l => l.Qty)) they are never called: Core's translator makes each a
// scalar sub-query of that statement, in PostgreSQL's forms (SqlTranslator.NativeAggregates). Called directly, they read
// the selected values (one column) and aggregate them here with LINQ-to-Objects, so the result, its overflow checks and
// its errors for no rows are LINQ's exactly.
public sealed partial class NpgsqlTableQuery<T>
{
    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public int Sum(Expression<Func<T, int>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public int? Sum(Expression<Func<T, int?>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public long Sum(Expression<Func<T, long>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public long? Sum(Expression<Func<T, long?>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public float Sum(Expression<Func<T, float>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public float? Sum(Expression<Func<T, float?>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public double Sum(Expression<Func<T, double>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public double? Sum(Expression<Func<T, double?>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public decimal Sum(Expression<Func<T, decimal>> selector) => Select(selector).ToList().Sum();

    /// <summary>The sum of <paramref name="selector"/> over the rows (LINQ's: nulls skipped, 0 when there are none; an overflow throws).</summary>
    /// <param name="selector">The value summed; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The sum.</returns>
    public decimal? Sum(Expression<Func<T, decimal?>> selector) => Select(selector).ToList().Sum();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: <see cref="InvalidOperationException"/> when there are no rows).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double Average(Expression<Func<T, int>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: null when there is no non-null value).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, int?>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: <see cref="InvalidOperationException"/> when there are no rows).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double Average(Expression<Func<T, long>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: null when there is no non-null value).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, long?>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: <see cref="InvalidOperationException"/> when there are no rows).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public float Average(Expression<Func<T, float>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: null when there is no non-null value).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public float? Average(Expression<Func<T, float?>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: <see cref="InvalidOperationException"/> when there are no rows).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double Average(Expression<Func<T, double>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: null when there is no non-null value).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public double? Average(Expression<Func<T, double?>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: <see cref="InvalidOperationException"/> when there are no rows).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public decimal Average(Expression<Func<T, decimal>> selector) => Select(selector).ToList().Average();

    /// <summary>The average of <paramref name="selector"/> over the rows (LINQ's: null when there is no non-null value).</summary>
    /// <param name="selector">The value averaged; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The average.</returns>
    public decimal? Average(Expression<Func<T, decimal?>> selector) => Select(selector).ToList().Average();

    /// <summary>
    /// The smallest value of <paramref name="selector"/> over the rows, by LINQ's default comparer: nulls skipped, null for a
    /// nullable type when there is none, <see cref="InvalidOperationException"/> for a non-nullable one.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The smallest value.</returns>
    public TResult? Min<TResult>(Expression<Func<T, TResult>> selector) => Select(selector).ToList().Min();

    /// <summary>
    /// The largest value of <paramref name="selector"/> over the rows, by LINQ's default comparer: nulls skipped, null for a
    /// nullable type when there is none, <see cref="InvalidOperationException"/> for a non-nullable one.
    /// </summary>
    /// <typeparam name="TResult">The value's type.</typeparam>
    /// <param name="selector">The value compared; inside another query's lambda a sub-query of that statement.</param>
    /// <returns>The largest value.</returns>
    public TResult? Max<TResult>(Expression<Func<T, TResult>> selector) => Select(selector).ToList().Max();
}
