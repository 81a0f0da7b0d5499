using System.Collections;
using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// A <see cref="TableQuery{T}"/> with a projection (see <see cref="TableQuery{T}.Select{TResult}"/>). Where and OrderBy
/// after Select are rewritten onto the entity and still run in SQL. Immutable; enumerating streams rows from one statement.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
public sealed partial class SelectQuery<T, TResult> : IEnumerable<TResult>
{
    private readonly TableQuery<T> _source;
    private readonly Expression<Func<T, TResult>> _selector;
    private readonly ProjectionPlan _plan;
    private readonly bool _distinct;

    internal SelectQuery(TableQuery<T> source, Expression<Func<T, TResult>> selector, ProjectionPlan plan, bool distinct = false)
    {
        _source = source;
        _selector = selector;
        _plan = plan;
        _distinct = distinct;
    }

    internal Expression<Func<T, TResult>> Selector => _selector;

    internal bool IsDistinct => _distinct;

    /// <summary>How the projection runs (its SELECT list and reader), decided when Select was called.</summary>
    internal ProjectionPlan Plan => _plan;

    /// <summary>The query before projection.</summary>
    public TableQuery<T> Source => _source;

    /// <summary>
    /// Keeps the rows whose projection matches <paramref name="predicate"/>. The predicate is rewritten onto the entity
    /// (a member of an anonymous type or DTO becomes the expression it was built from) and runs in SQL like any Where.
    /// </summary>
    /// <param name="predicate">The condition on the projected value.</param>
    /// <exception cref="NotSupportedException">The rewritten predicate has no SQL translation (e.g. it uses a DTO member set in its constructor body).</exception>
    public SelectQuery<T, TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return With(Composable("Where").Where(ProjectionSubstitution.Rewrite(_selector, predicate)));
    }

    /// <summary>Sorts by a key of the projected value (rewritten onto the entity and sorted in SQL).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public SelectQuery<T, TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) =>
        With(Composable("OrderBy").OrderBy(ProjectionSubstitution.Rewrite(_selector, keySelector)));

    /// <summary>Sorts by a key of the projected value, descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public SelectQuery<T, TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) =>
        With(Composable("OrderByDescending").OrderByDescending(ProjectionSubstitution.Rewrite(_selector, keySelector)));

    /// <summary>Adds an ascending tie-breaker on the projected value.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public SelectQuery<T, TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) =>
        With(Composable("ThenBy").ThenBy(ProjectionSubstitution.Rewrite(_selector, keySelector)));

    /// <summary>Adds a descending tie-breaker on the projected value.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public SelectQuery<T, TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) =>
        With(Composable("ThenByDescending").ThenByDescending(ProjectionSubstitution.Rewrite(_selector, keySelector)));

    /// <summary>The number of projected rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public int Count(Expression<Func<TResult, bool>> predicate) => Where(predicate).Count();

    /// <summary>True when some projected row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public bool Any(Expression<Func<TResult, bool>> predicate) => Where(predicate).Any();

    /// <summary>The first projected row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public TResult First(Expression<Func<TResult, bool>> predicate) => Where(predicate).First();

    /// <summary>The first projected row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition on the projected value.</param>
    public TResult? FirstOrDefault(Expression<Func<TResult, bool>> predicate) => Where(predicate).FirstOrDefault();

    /// <summary>Keeps at most <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public SelectQuery<T, TResult> Take(int count) => With(_source.Take(count));

    /// <summary>Skips <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public SelectQuery<T, TResult> Skip(int count) => With(_source.Skip(count));

    /// <summary>The number of rows (projection does not change it; after <see cref="Distinct"/>, the number of distinct values).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count() => checked((int)LongCount());

    /// <summary>True when the query returns at least one row.</summary>
    public bool Any() => _source.Any();

    /// <summary>Runs the query and returns every projected row.</summary>
    public List<TResult> ToList() => ToList(CancellationToken.None);

    /// <summary>Every projected row, with a cancellation check between rows (the async query's path).</summary>
    internal List<TResult> ToList(CancellationToken cancellationToken)
    {
        var (sql, args) = Build(_source);
        var runner = _source.Connection.Runner;
        return _plan.IsScalar
            ? runner.ReadAll<TResult, ScalarRowReader<TResult>>(sql, StatementArguments.Translated(args), default, cancellationToken)
            : runner.ReadAll<TResult, ProjectionRowReader<T, TResult>>(sql, StatementArguments.Translated(args), CreateReader(), cancellationToken);
    }

    /// <summary>The same query bound to <paramref name="connection"/> (see <see cref="TableQuery{T}.On"/>).</summary>
    internal SelectQuery<T, TResult> On(MicroDbConnection connection) => new(_source.On(connection), _selector, _plan, _distinct);

    /// <summary>Runs the query and returns every projected row as an array.</summary>
    public TResult[] ToArray() => ToList().ToArray();

    /// <summary>The first projected row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public TResult First() => TryFirst(out var value)
        ? value
        : throw new InvalidOperationException($"The query on '{_source.Table.TableName}' returned no row.");

    /// <summary>The first projected row, or default when there is none.</summary>
    public TResult? FirstOrDefault() => TryFirst(out var value) ? value : default;

    /// <summary>The SQL the query runs.</summary>
    public string ToSqlString() => Build(_source).Sql;

    /// <summary>Runs the query and streams the projected rows.</summary>
    public IEnumerator<TResult> GetEnumerator()
    {
        var (sql, args) = Build(_source);
        var runner = _source.Connection.Runner;
        return _plan.IsScalar
            ? runner.Enumerate<TResult, ScalarRowReader<TResult>>(sql, StatementArguments.Translated(args), default)
            : runner.Enumerate<TResult, ProjectionRowReader<T, TResult>>(sql, StatementArguments.Translated(args), CreateReader());
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    internal bool TryFirst(out TResult value)
    {
        var (sql, args) = Build(_source.Take(1));
        var runner = _source.Connection.Runner;
        return _plan.IsScalar
            ? runner.TryReadFirst<TResult, ScalarRowReader<TResult>>(sql, StatementArguments.Translated(args), default, out value)
            : runner.TryReadFirst(sql, StatementArguments.Translated(args), CreateReader(), out value);
    }

    /// <summary>The SQL and values of <see cref="ToList()"/>, or of <see cref="First()"/> when <paramref name="first"/> (for the interception check).</summary>
    internal (string Sql, List<object?> Args) BuildStatement(bool first) => Build(first ? _source.Take(1) : _source);

    /// <summary>The SELECT of <paramref name="source"/> with this projection: its columns, then its sub-query values (translated now).</summary>
    private (string Sql, List<object?> Args) Build(TableQuery<T> source)
    {
        if (_plan.Subqueries is not { } subqueries)
        {
            return source.BuildSelect(_plan.Columns, includeOrder: true, _distinct);
        }

        // The sub-query values come first in the text (the SELECT list), so their arguments do too.
        var args = new List<object?>();
        var columns = subqueries.Columns(_plan.Columns, source.Table, source.Connection, args);
        return source.BuildSelect(columns, includeOrder: true, _distinct, args);
    }

    private ProjectionRowReader<T, TResult> CreateReader() => new(_source.Map, _plan.Ordinals, _selector, _plan.Subqueries, _plan.Columns.Count);
}
