using System.Linq.Expressions;
using System.Text;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Counting, testing and the numeric aggregates, each one statement. They are instance members so that they win over
// System.Linq.Enumerable's extension methods, which would load every row. The empty and null rules are LINQ's.
public sealed partial class TableQuery<T>
{
    /// <summary>The number of rows the query returns, as a long (SELECT count(*)).</summary>
    public long LongCount() => CountCore();

    /// <summary>The number of rows matching <paramref name="predicate"/>, as a long.</summary>
    /// <param name="predicate">The condition.</param>
    public long LongCount(Expression<Func<T, bool>> predicate) => Where(predicate).LongCount();

    /// <summary>True when every row matches <paramref name="predicate"/> (true for no rows, as in LINQ): SELECT NOT EXISTS of the rows that do not.</summary>
    /// <param name="predicate">The condition.</param>
    public bool All(Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);

        // The translator keeps two-valued logic (a comparison with null is false, not NULL), so NOT finds exactly the other rows.
        var negated = Expression.Lambda<Func<T, bool>>(Expression.Not(predicate.Body), predicate.Parameters);
        return !Where(negated).Any();
    }

    /// <summary>The sum of <paramref name="selector"/> over the rows, in SQL; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total does not fit in an <see cref="int"/>.</exception>
    public int Sum(Expression<Func<T, int>> selector) => checked((int)SumInteger(selector));

    /// <summary>The sum of the non-null values of <paramref name="selector"/>, in SQL; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total does not fit in an <see cref="int"/>.</exception>
    public int? Sum(Expression<Func<T, int?>> selector) => checked((int)SumInteger(selector));

    /// <summary>The sum of <paramref name="selector"/> over the rows, in SQL; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total does not fit in a <see cref="long"/> (SQLite's sum() reports integer overflow).</exception>
    public long Sum(Expression<Func<T, long>> selector) => SumInteger(selector);

    /// <summary>The sum of the non-null values of <paramref name="selector"/>, in SQL; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total does not fit in a <see cref="long"/>.</exception>
    public long? Sum(Expression<Func<T, long?>> selector) => SumInteger(selector);

    /// <summary>The sum of <paramref name="selector"/>, added in SQL as doubles and rounded to float (as LINQ does); 0 when there is no row.</summary>
    /// <param name="selector">The value to add up.</param>
    public float Sum(Expression<Func<T, float>> selector) => (float)SumReal(selector);

    /// <summary>The sum of the non-null values of <paramref name="selector"/>, added as doubles and rounded to float; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    public float? Sum(Expression<Func<T, float?>> selector) => (float)SumReal(selector);

    /// <summary>The sum of <paramref name="selector"/>, in SQL; 0 when there is no row. SQLite adds with error compensation, so the last bits can differ from a plain loop.</summary>
    /// <param name="selector">The value to add up.</param>
    public double Sum(Expression<Func<T, double>> selector) => SumReal(selector);

    /// <summary>The sum of the non-null values of <paramref name="selector"/>, in SQL; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    public double? Sum(Expression<Func<T, double?>> selector) => SumReal(selector);

    /// <summary>
    /// The exact sum of <paramref name="selector"/>; 0 when there is no row. Decimals are stored as text, which SQLite can
    /// only add as doubles, so the values are read with one SELECT of the selector (not the whole row) and added in .NET.
    /// </summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total exceeds <see cref="decimal.MaxValue"/>.</exception>
    public decimal Sum(Expression<Func<T, decimal>> selector) => FoldDecimal(Select(selector)).Sum;

    /// <summary>The exact sum of the non-null values of <paramref name="selector"/>, added in .NET as for <see cref="Sum(Expression{Func{T, decimal}})"/>; 0 when there is none.</summary>
    /// <param name="selector">The value to add up.</param>
    /// <exception cref="OverflowException">The total exceeds <see cref="decimal.MaxValue"/>.</exception>
    public decimal? Sum(Expression<Func<T, decimal?>> selector) => FoldDecimal(Select(selector)).Sum;

    /// <summary>The average of <paramref name="selector"/>: the exact integer sum from SQL divided by the count.</summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public double Average(Expression<Func<T, int>> selector) => AverageInteger(selector) ?? throw NoElements();

    /// <summary>The average of the non-null values of <paramref name="selector"/>; null when there is none.</summary>
    /// <param name="selector">The value.</param>
    public double? Average(Expression<Func<T, int?>> selector) => AverageInteger(selector);

    /// <summary>The average of <paramref name="selector"/>: the exact integer sum from SQL divided by the count.</summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public double Average(Expression<Func<T, long>> selector) => AverageInteger(selector) ?? throw NoElements();

    /// <summary>The average of the non-null values of <paramref name="selector"/>; null when there is none.</summary>
    /// <param name="selector">The value.</param>
    public double? Average(Expression<Func<T, long?>> selector) => AverageInteger(selector);

    /// <summary>The average of <paramref name="selector"/> (computed as double, rounded to float, as LINQ does).</summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public float Average(Expression<Func<T, float>> selector) => (float)(AverageReal(selector) ?? throw NoElements());

    /// <summary>The average of the non-null values of <paramref name="selector"/>; null when there is none.</summary>
    /// <param name="selector">The value.</param>
    public float? Average(Expression<Func<T, float?>> selector) => (float?)AverageReal(selector);

    /// <summary>The average of <paramref name="selector"/>: the SQL sum divided by the count.</summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public double Average(Expression<Func<T, double>> selector) => AverageReal(selector) ?? throw NoElements();

    /// <summary>The average of the non-null values of <paramref name="selector"/>; null when there is none.</summary>
    /// <param name="selector">The value.</param>
    public double? Average(Expression<Func<T, double?>> selector) => AverageReal(selector);

    /// <summary>The exact average of <paramref name="selector"/>, summed in .NET from a SELECT of the selector (see <see cref="Sum(Expression{Func{T, decimal}})"/>).</summary>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public decimal Average(Expression<Func<T, decimal>> selector)
    {
        var (sum, count) = FoldDecimal(Select(selector));
        return count == 0 ? throw NoElements() : sum / count;
    }

    /// <summary>The exact average of the non-null values of <paramref name="selector"/>; null when there is none.</summary>
    /// <param name="selector">The value.</param>
    public decimal? Average(Expression<Func<T, decimal?>> selector)
    {
        var (sum, count) = FoldDecimal(Select(selector));
        return count == 0 ? null : sum / count;
    }

    /// <summary>
    /// The smallest value of <paramref name="selector"/>, found in SQL with the same order as <see cref="OrderBy{TKey}"/>
    /// (ORDER BY the selector, LIMIT 1; nulls are skipped). Decimals are compared exactly in .NET over a SELECT of the selector;
    /// strings with the current culture, as LINQ's <c>Comparer&lt;string&gt;.Default</c> does (a registered aggregate function).
    /// </summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (otherwise the result is null).</exception>
    /// <exception cref="NotSupportedException">The selector cannot be ordered in SQL (e.g. a [StoreAsText] enum).</exception>
    public TResult Min<TResult>(Expression<Func<T, TResult>> selector) => Extreme(selector, max: false);

    /// <summary>
    /// The largest value of <paramref name="selector"/>, found in SQL with the same order as <see cref="OrderBy{TKey}"/>
    /// (ORDER BY the selector DESC, LIMIT 1; nulls are skipped). Decimals are compared exactly in .NET over a SELECT of the selector;
    /// strings with the current culture, as LINQ's <c>Comparer&lt;string&gt;.Default</c> does (a registered aggregate function).
    /// </summary>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="selector">The value.</param>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type (otherwise the result is null).</exception>
    /// <exception cref="NotSupportedException">The selector cannot be ordered in SQL (e.g. a [StoreAsText] enum).</exception>
    public TResult Max<TResult>(Expression<Func<T, TResult>> selector) => Extreme(selector, max: true);

    private long CountCore()
    {
        var (sql, args) = BuildCount();
        return Connection.Runner.Scalar<long>(sql, StatementArguments.Translated(args));
    }

    /// <summary>The SELECT count(*) of this query and its values, as <see cref="Count()"/> runs it.</summary>
    internal (string Sql, List<object?> Args) BuildCount()
    {
        var args = new List<object?>();
        var model = _source is null && !IsLimited
            ? BuildModel(QueryProjections.CountAll, includeOrder: false, args)
            : QueryModel.Select(new SqlSubquery(BuildModel(QueryProjections.One, includeOrder: false, args)), QueryProjections.CountAll);
        var sql = new StringBuilder();
        WriteModel(model, sql, args);
        return (sql.ToString(), args);
    }

    /// <summary>SELECT f1(v), f2(v) FROM (SELECT selector AS v FROM ...): the selector's arguments come first, as its text does.</summary>
    private (string Sql, List<object?> Args) BuildAggregate(LambdaExpression selector, params string[] functions)
    {
        ArgumentNullException.ThrowIfNull(selector);
        var args = new List<object?>();
        var value = TranslationCache.Translate(_map.Table, Connection.Storage, selector, TranslationKind.Value, args);
        var inner = BuildModel(new ValueList<SqlExpression>([new SqlAlias(value, "v")]), includeOrder: false, args);
        var aggregates = new SqlExpression[functions.Length];
        for (var i = 0; i < aggregates.Length; i++)
        {
            aggregates[i] = new SqlFunction(functions[i], new SqlColumn("v"));
        }

        var sql = new StringBuilder();
        WriteModel(QueryModel.Select(new SqlSubquery(inner), new ValueList<SqlExpression>(aggregates)), sql, args);
        return (sql.ToString(), args);
    }

    private long SumInteger(LambdaExpression selector)
    {
        var (sql, args) = BuildAggregate(selector, "sum");
        try
        {
            return Connection.Runner.Scalar<long?>(sql, StatementArguments.Translated(args)) ?? 0;
        }
        catch (MicroDbException e) when (e.Message.Contains("integer overflow", StringComparison.Ordinal))
        {
            throw new OverflowException($"The sum over '{_map.Table.TableName}' of '{selector}' does not fit in a 64-bit integer.", e);
        }
    }

    private double SumReal(LambdaExpression selector)
    {
        // total() adds as doubles and gives 0.0 for no rows.
        var (sql, args) = BuildAggregate(selector, "total");
        return Connection.Runner.Scalar<double>(sql, StatementArguments.Translated(args));
    }

    private double? AverageInteger(LambdaExpression selector)
    {
        var (sql, args) = BuildAggregate(selector, "sum", "count");
        SumCount<long> result;
        try
        {
            Connection.Runner.TryReadFirst<SumCount<long>, SumCountReader<long>>(sql, StatementArguments.Translated(args), default, out result);
        }
        catch (MicroDbException e) when (e.Message.Contains("integer overflow", StringComparison.Ordinal))
        {
            throw new OverflowException($"The sum over '{_map.Table.TableName}' of '{selector}' does not fit in a 64-bit integer.", e);
        }

        return result.Count == 0 ? null : (double)result.Sum / result.Count;
    }

    private double? AverageReal(LambdaExpression selector)
    {
        var (sql, args) = BuildAggregate(selector, "total", "count");
        Connection.Runner.TryReadFirst<SumCount<double>, SumCountReader<double>>(sql, StatementArguments.Translated(args), default, out var result);
        return result.Count == 0 ? null : result.Sum / result.Count;
    }

    private static (decimal Sum, long Count) FoldDecimal<TValue>(SelectQuery<T, TValue> values)
    {
        var sum = 0m;
        var count = 0L;
        foreach (var value in values)
        {
            // TValue is decimal or decimal?: a null is skipped, as LINQ does.
            if (value is decimal d)
            {
                sum += d;
                count++;
            }
        }

        return (sum, count);
    }

    private TResult Extreme<TResult>(Expression<Func<T, TResult>> selector, bool max)
    {
        ArgumentNullException.ThrowIfNull(selector);
        var canBeNull = default(TResult) is null;
        if (typeof(TResult) == typeof(decimal) || typeof(TResult) == typeof(decimal?))
        {
            return ExtremeDecimal(Select(selector), max, canBeNull);
        }

        if (typeof(TResult) == typeof(string))
        {
            // LINQ's Min/Max of strings compare with Comparer<string>.Default (the current culture), not SQLite's ordinal
            // order: the grouped Min/Max's function (ExactAggregates), over the selected values; nulls skipped, null over none.
            var (sql, args) = BuildAggregate(selector, max ? SqlAggregates.MaxText : SqlAggregates.MinText);
            return (TResult)(object?)Connection.Runner.Scalar<string?>(sql, StatementArguments.Translated(args))!;
        }

        var query = this;
        if (canBeNull)
        {
            // LINQ skips nulls; SQLite sorts them first, so they are filtered out.
            var boxed = Expression.Convert(selector.Body, typeof(object));
            query = query.Where(Expression.Lambda<Func<T, bool>>(Expression.NotEqual(boxed, Expression.Constant(null, typeof(object))), selector.Parameters));
        }

        query = max ? query.OrderByDescending(selector) : query.OrderBy(selector);
        return query.Select(selector).TryFirst(out var value)
            ? value
            : canBeNull ? default! : throw NoElements();
    }

    private TResult ExtremeDecimal<TResult>(SelectQuery<T, TResult> values, bool max, bool canBeNull)
    {
        decimal? best = null;
        foreach (var value in values)
        {
            if (value is decimal d && (best is not { } b || (max ? d > b : d < b)))
            {
                best = d;
            }
        }

        if (best is { } found)
        {
            return (TResult)(object)found;
        }

        return canBeNull ? default! : throw NoElements();
    }

    private InvalidOperationException NoElements() => new($"The query on '{_map.Table.TableName}' returned no row, so there is no value to aggregate.");

    /// <summary>A sum and a count read from one row.</summary>
    private readonly record struct SumCount<TSum>(TSum Sum, long Count);

    private readonly struct SumCountReader<TSum> : IRowReader<SumCount<TSum>>
    {
        public void Prepare(SqliteStatement statement)
        {
        }

        public SumCount<TSum> Read(SqliteStatement statement) =>
            new(statement.IsNull(0) ? default! : ScalarReader.Read<TSum>(statement, 0), statement.GetInt64(1));
    }
}
