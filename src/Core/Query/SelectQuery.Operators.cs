using System.Linq.Expressions;
using System.Text;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Distinct and the operators that pick, count or aggregate projected rows; like TableQuery's, they run in SQL and win
// over System.Linq.Enumerable's extension methods.
public sealed partial class SelectQuery<T, TResult>
{
    /// <summary>
    /// Keeps distinct values (SELECT DISTINCT). Only for a projection to one mapped column (<c>x =&gt; x.Name</c>): SQL
    /// compares stored values, which is LINQ's equality for a single column but not for an object built from several.
    /// </summary>
    /// <exception cref="NotSupportedException">The projection is not a single mapped column.</exception>
    public SelectQuery<T, TResult> Distinct()
    {
        if (!_plan.IsScalar)
        {
            throw new NotSupportedException($"Distinct() after Select('{_selector}') on '{_source.Table.TableName}' is not supported: SQL DISTINCT compares columns, while LINQ compares {typeof(TResult).Name} values with their Equals. Select a single mapped column, or call ToList() first.");
        }

        // After Take/Skip, LINQ removes duplicates from the limited rows, so they become a sub-query.
        return _distinct ? this : new(_source.AsSubquery(), _selector, _plan, distinct: true);
    }

    /// <summary>The number of rows, as a long (after <see cref="Distinct"/>, of distinct values).</summary>
    public long LongCount()
    {
        if (!_distinct)
        {
            return _source.LongCount();
        }

        var args = new List<object?>();
        var distinct = _source.BuildModel(_plan.Columns, includeOrder: false, args, distinct: true);
        var sql = new StringBuilder();
        TableQuery<T>.WriteModel(QueryModel.Select(new SqlSubquery(distinct), QueryProjections.CountAll), sql, args);
        return _source.Connection.Runner.Scalar<long>(sql.ToString(), StatementArguments.Translated(args));
    }

    /// <summary>The number of projected rows matching <paramref name="predicate"/>, as a long.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public long LongCount(Expression<Func<TResult, bool>> predicate) => Where(predicate).LongCount();

    /// <summary>True when every projected row matches <paramref name="predicate"/> (true for no rows).</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public bool All(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        var negated = Expression.Lambda<Func<TResult, bool>>(Expression.Not(predicate.Body), predicate.Parameters);
        return !Where(negated).Any();
    }

    /// <summary>The only projected row.</summary>
    /// <exception cref="InvalidOperationException">No row, or more than one.</exception>
    public TResult Single() => SingleCore(orDefault: false)!;

    /// <summary>The only projected row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    /// <exception cref="InvalidOperationException">No row matches, or more than one does.</exception>
    public TResult Single(Expression<Func<TResult, bool>> predicate) => Where(predicate).Single();

    /// <summary>The only projected row, or default when there is none.</summary>
    /// <exception cref="InvalidOperationException">More than one row.</exception>
    public TResult? SingleOrDefault() => SingleCore(orDefault: true);

    /// <summary>The only projected row matching <paramref name="predicate"/>, or default when none does.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    /// <exception cref="InvalidOperationException">More than one row matches.</exception>
    public TResult? SingleOrDefault(Expression<Func<TResult, bool>> predicate) => Where(predicate).SingleOrDefault();

    /// <summary>The last projected row, read as the first of the reversed order (see <see cref="TableQuery{T}.Last()"/>).</summary>
    /// <exception cref="InvalidOperationException">No row.</exception>
    /// <exception cref="NotSupportedException">After <see cref="Distinct"/> (the reversed order would keep other duplicates).</exception>
    public TResult Last() => Reversed().TryFirst(out var value) ? value : throw NoRow();

    /// <summary>The last projected row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public TResult Last(Expression<Func<TResult, bool>> predicate) => Where(predicate).Last();

    /// <summary>The last projected row, or default when there is none.</summary>
    public TResult? LastOrDefault() => Reversed().TryFirst(out var value) ? value : default;

    /// <summary>The last projected row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public TResult? LastOrDefault(Expression<Func<TResult, bool>> predicate) => Where(predicate).LastOrDefault();

    /// <summary>The projected row at <paramref name="index"/> (0-based).</summary>
    /// <param name="index">The position.</param>
    /// <exception cref="ArgumentOutOfRangeException">The index is negative or past the last row.</exception>
    public TResult ElementAt(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        return Skip(index).TryFirst(out var value)
            ? value
            : throw new ArgumentOutOfRangeException(nameof(index), index, $"The query on '{_source.Table.TableName}' has fewer than {index + 1} row(s).");
    }

    /// <summary>The projected row at <paramref name="index"/>, or default when the index is negative or past the last row.</summary>
    /// <param name="index">The position.</param>
    public TResult? ElementAtOrDefault(int index) => index >= 0 && Skip(index).TryFirst(out var value) ? value : default;

    /// <summary>The smallest projected value, in SQL (see <see cref="TableQuery{T}.Min{TResult}"/>).</summary>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public TResult Min() => _source.Min(_selector);

    /// <summary>The largest projected value, in SQL (see <see cref="TableQuery{T}.Max{TResult}"/>).</summary>
    /// <exception cref="InvalidOperationException">No row, and <typeparamref name="TResult"/> is a non-nullable value type.</exception>
    public TResult Max() => _source.Max(_selector);

    private SelectQuery<T, TResult> With(TableQuery<T> source) => new(source, _selector, _plan, _distinct);

    /// <summary>The source to compose on; refuses what SQL would apply before DISTINCT although LINQ applies it after Take/Skip.</summary>
    private TableQuery<T> Composable(string op) =>
        _distinct && _source.HasLimit
            ? throw new NotSupportedException($"{op} after Distinct() and Take/Skip on '{_source.Table.TableName}' is not supported; call it before Take/Skip, or call ToList() first.")
            : _source;

    private SelectQuery<T, TResult> Reversed() =>
        _distinct
            ? throw new NotSupportedException($"Last() after Distinct() on '{_source.Table.TableName}' is not supported: reversing the order would keep other duplicates. Use OrderByDescending(...).First().")
            : new(_source.Reversed(), _selector, _plan);

    // Two rows are enough to tell "one" from "more than one".
    private TResult? SingleCore(bool orDefault) => SingleOf(Take(2).ToList(), orDefault);

    /// <summary>Single's answer for the (at most two) rows read: the row, default, or the error for none or more than one.</summary>
    internal TResult? SingleOf(List<TResult> rows, bool orDefault)
    {
        return rows.Count switch
        {
            1 => rows[0],
            0 when orDefault => default,
            0 => throw NoRow(),
            _ => throw new InvalidOperationException($"The query on '{_source.Table.TableName}' returned more than one row."),
        };
    }

    private InvalidOperationException NoRow() => new($"The query on '{_source.Table.TableName}' returned no row.");
}
