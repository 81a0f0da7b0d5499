using System.Linq.Expressions;

namespace MicroDb.Query;

// The aggregates, with the sync query's SQL and LINQ's empty and null rules (see TableQuery.Aggregates.cs).
public sealed partial class AsyncTableQuery<T>
{
    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, int}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int> SumAsync(Expression<Func<T, int>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, int?}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<int?> SumAsync(Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, long}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<long> SumAsync(Expression<Func<T, long>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, long?}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<long?> SumAsync(Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, float}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<float> SumAsync(Expression<Func<T, float>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, float?}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<float?> SumAsync(Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, double}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<double> SumAsync(Expression<Func<T, double>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, double?}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<double?> SumAsync(Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, decimal}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<decimal> SumAsync(Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The sum of <paramref name="selector"/>; see <see cref="TableQuery{T}.Sum(Expression{Func{T, decimal?}})"/>.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<decimal?> SumAsync(Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Sum(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<double> AverageAsync(Expression<Func<T, int>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>; null when there is no non-null value.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<double?> AverageAsync(Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<double> AverageAsync(Expression<Func<T, long>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>; null when there is no non-null value.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<double?> AverageAsync(Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<float> AverageAsync(Expression<Func<T, float>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>; null when there is no non-null value.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<float?> AverageAsync(Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<double> AverageAsync(Expression<Func<T, double>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>; null when there is no non-null value.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<double?> AverageAsync(Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public ValueTask<decimal> AverageAsync(Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The average of <paramref name="selector"/>; null when there is no non-null value.</summary>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    public ValueTask<decimal?> AverageAsync(Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Average(s), cancellationToken);

    /// <summary>The smallest value of <paramref name="selector"/>; see <see cref="TableQuery{T}.Min{TResult}"/>.</summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public ValueTask<TResult> MinAsync<TResult>(Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Min(s), cancellationToken);

    /// <summary>The largest value of <paramref name="selector"/>; see <see cref="TableQuery{T}.Max{TResult}"/>.</summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <param name="cancellationToken">Cancels the wait for a reader, or interrupts the running statement.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public ValueTask<TResult> MaxAsync<TResult>(Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default) =>
        ReadAsync(selector, static (q, s) => q.Max(s), cancellationToken);
}
