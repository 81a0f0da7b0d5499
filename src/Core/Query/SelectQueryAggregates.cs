using MicroDb.Query;

namespace MicroDb;

/// <summary>
/// <c>Sum()</c> and <c>Average()</c> of a projection to a number (<c>db.Table&lt;T&gt;().Select(x =&gt; x.Price).Sum()</c>),
/// run in SQL like <see cref="TableQuery{T}"/>'s aggregates. They are extension methods because they exist only for some
/// projected types; their receiver is more specific than <see cref="IEnumerable{T}"/>, so they win over
/// System.Linq.Enumerable's, which would read every value. After <see cref="SelectQuery{T, TResult}.Distinct"/> the
/// distinct values are read (SELECT DISTINCT) and added in .NET.
/// </summary>
public static class SelectQueryAggregates
{
    /// <summary>The sum of the projected values; 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, int}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static int Sum<T>(this SelectQuery<T, int> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values (nulls skipped); 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, int?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static int? Sum<T>(this SelectQuery<T, int?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values; 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, long}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static long Sum<T>(this SelectQuery<T, long> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values (nulls skipped); 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, long?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static long? Sum<T>(this SelectQuery<T, long?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values; 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, float}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static float Sum<T>(this SelectQuery<T, float> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values (nulls skipped); 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, float?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static float? Sum<T>(this SelectQuery<T, float?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values; 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, double}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static double Sum<T>(this SelectQuery<T, double> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values (nulls skipped); 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, double?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static double? Sum<T>(this SelectQuery<T, double?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values; 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, decimal}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static decimal Sum<T>(this SelectQuery<T, decimal> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The sum of the projected values (nulls skipped); 0 when there is none. See <see cref="TableQuery{T}.Sum(System.Linq.Expressions.Expression{Func{T, decimal?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="OverflowException">The total does not fit the result type.</exception>
    public static decimal? Sum<T>(this SelectQuery<T, decimal?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Sum() : query.Source.Sum(query.Selector);
    }

    /// <summary>The average of the projected values. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, int}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static double Average<T>(this SelectQuery<T, int> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values; null when there is no non-null value. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, int?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    public static double? Average<T>(this SelectQuery<T, int?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, long}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static double Average<T>(this SelectQuery<T, long> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values; null when there is no non-null value. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, long?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    public static double? Average<T>(this SelectQuery<T, long?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, float}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static float Average<T>(this SelectQuery<T, float> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values; null when there is no non-null value. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, float?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    public static float? Average<T>(this SelectQuery<T, float?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, double}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static double Average<T>(this SelectQuery<T, double> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values; null when there is no non-null value. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, double?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    public static double? Average<T>(this SelectQuery<T, double?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, decimal}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public static decimal Average<T>(this SelectQuery<T, decimal> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }

    /// <summary>The average of the projected values; null when there is no non-null value. See <see cref="TableQuery{T}.Average(System.Linq.Expressions.Expression{Func{T, decimal?}})"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="query">The projection.</param>
    public static decimal? Average<T>(this SelectQuery<T, decimal?> query)
    {
        ArgumentNullException.ThrowIfNull(query);
        return query.IsDistinct ? query.ToList().Average() : query.Source.Average(query.Selector);
    }
}
