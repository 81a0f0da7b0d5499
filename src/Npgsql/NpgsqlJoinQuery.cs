using System.Linq.Expressions;
using MicroDb.Query;
using MicroDb.Query.Model;

namespace MicroDb.Npgsql;

/// <summary>
/// A join of PostgreSQL tables (<see cref="NpgsqlTableQuery{T}.Join"/>, <see cref="NpgsqlTableQuery{T}.LeftJoin"/>,
/// <see cref="NpgsqlTableQuery{T}.RightJoin"/>), run as one statement. Its operators are Core's join operator layer, the
/// one SQLite's joins use (the same tables, keys, ON conditions, right joins, grouping, paging and SQL, with PostgreSQL's
/// dialect); this type translates its tables at the edge and runs the statement through an <c>NpgsqlCommand</c>, reading
/// each row's tables through their maps' typed contract. Instances are immutable.
/// </summary>
/// <typeparam name="TResult">The type of a joined row.</typeparam>
/// <remarks>An expression without a faithful translation throws <see cref="NotSupportedException"/> naming it, when the operator is called.</remarks>
public sealed class NpgsqlJoinQuery<TResult>
{
    private readonly MicroDbNpgsqlConnection _db;
    private readonly JoinState _state;

    internal NpgsqlJoinQuery(MicroDbNpgsqlConnection db, JoinState state)
    {
        _db = db;
        _state = state;
    }

    /// <summary>The join's first table: its row is this query's result until a join gives another.</summary>
    internal static NpgsqlJoinQuery<TResult> Start(NpgsqlTableQuery<TResult> first, string? name) =>
        new(first.Connection, JoinState.Start(new NpgsqlJoinExecution(first.Connection), first.AsJoinTable(), name));

    /// <summary>The right join that starts from <paramref name="outer"/>: this query's single table is kept, <paramref name="outer"/> left-joined to it.</summary>
    internal NpgsqlJoinQuery<TNew> RightJoinFrom<TOuter, TNew>(NpgsqlTableQuery<TOuter> outer, LambdaExpression keySelector, LambdaExpression outerKeySelector, LambdaExpression resultSelector) =>
        new(_db, _state.RightJoinFrom(outer.AsJoinTable(), keySelector, outerKeySelector, resultSelector));

    /// <summary>
    /// Joins one more table (SQL <c>INNER JOIN</c> on equal keys; a null key matches nothing, a composite key matches
    /// member by member); the outer key and the result read the rows joined so far through this query's result.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions are kept; OrderBy, Skip and Take are not allowed there).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, or a key or the result has no PostgreSQL translation.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TNew> Join<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new NpgsqlJoinQuery<TNew>(_db, _state.Join(SqlJoinKind.Inner, inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// Left-joins one more table (SQL <c>LEFT JOIN</c> on equal keys): every row so far is kept, and the joined row is
    /// null where none matches (a null key matches nothing). The table needs a primary key, which tells a missing row.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a single value).</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions choose which rows can match).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, the joined table has no primary key, the key is composite, or a key or the result has no PostgreSQL translation.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TNew> LeftJoin<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner?, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new NpgsqlJoinQuery<TNew>(_db, _state.Join(SqlJoinKind.Left, inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// Right-joins one more table (SQL <c>RIGHT JOIN</c> on equal keys): every row of <paramref name="inner"/> is kept, and
    /// the rows joined so far are null, as a whole, where none matches (each of their tables reads null; each needs a
    /// primary key, which tells a missing row). The Where conditions given so far choose which of the rows joined so far
    /// can match (they become part of the ON condition); the joined table's own Where conditions choose which of its rows
    /// are kept. As in LINQ-to-Objects, test the missing row first (<c>x == null ? null : x.c.Name</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a single value).</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table: every one of its rows is kept (its Where conditions choose which).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row joined so far matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, a table joined so far has no primary key, the key is composite, or a key or the result has no PostgreSQL translation.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TNew> RightJoin<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult?, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new NpgsqlJoinQuery<TNew>(_db, _state.RightJoin(inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// A grouped join with one more table, the first half of query syntax's left join (<c>join c in ... into g from c in
    /// g.DefaultIfEmpty()</c>): only <see cref="NpgsqlGroupJoinQuery{TResult, TInner}.SelectMany"/> can follow.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public NpgsqlGroupJoinQuery<TNew, TInner> GroupJoin<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new NpgsqlGroupJoinQuery<TNew, TInner>(_db, _state.GroupJoin(inner.AsJoinTable(), outerKeySelector, innerKeySelector, resultSelector));
    }

    /// <summary>
    /// Groups the joined rows by <paramref name="keySelector"/> (SQL GROUP BY over the join), each group's elements being
    /// the joined rows; see <see cref="NpgsqlGroupByQuery{TKey, TElement}"/> for what may follow.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is ordered or limited.</exception>
    public NpgsqlGroupByQuery<TKey, TResult> GroupBy<TKey>(Expression<Func<TResult, TKey>> keySelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new NpgsqlGroupByQuery<TKey, TResult>(_db, _state.Grouping<TKey, TResult>(keySelector, null), NpgsqlJoinExecution.Readers(_state.Readers));
    }

    /// <summary>
    /// Groups the joined rows by <paramref name="keySelector"/>, each group's elements being <paramref name="elementSelector"/>
    /// of a joined row: query syntax's <c>join c in ... on ... group o by c.Region into g</c> binds here.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <param name="keySelector">The key, over the joined row.</param>
    /// <param name="elementSelector">What each joined row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is ordered or limited.</exception>
    public NpgsqlGroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<TResult, TKey>> keySelector, Expression<Func<TResult, TElement>> elementSelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        ArgumentNullException.ThrowIfNull(elementSelector);
        return new NpgsqlGroupByQuery<TKey, TElement>(_db, _state.Grouping<TKey, TElement>(keySelector, elementSelector), NpgsqlJoinExecution.Readers(_state.Readers));
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/> (SQL WHERE over the tables' columns).</summary>
    /// <param name="predicate">The condition, over a joined row.</param>
    /// <exception cref="NotSupportedException">The condition has no PostgreSQL translation, or the query is limited (Skip/Take).</exception>
    public NpgsqlJoinQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new NpgsqlJoinQuery<TResult>(_db, _state.Where(predicate));
    }

    /// <summary>Projects each joined row; the statement reads only the columns the selector uses.</summary>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="selector">The projection, over a joined row.</param>
    public NpgsqlJoinQuery<TNew> Select<TNew>(Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return new NpgsqlJoinQuery<TNew>(_db, _state.Select(selector));
    }

    /// <summary>Sorts by <paramref name="keySelector"/> ascending (null first; strings ordinally).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is limited.</exception>
    public NpgsqlJoinQuery<TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: false, "OrderBy");

    /// <summary>Sorts by <paramref name="keySelector"/> descending (null last).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is limited.</exception>
    public NpgsqlJoinQuery<TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlJoinQuery<TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: true, "ThenBy");

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlJoinQuery<TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: true, "ThenByDescending");

    /// <summary>Keeps at most <paramref name="count"/> joined rows (SQL LIMIT).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlJoinQuery<TResult> Take(int count) => new(_db, _state.Take(count));

    /// <summary>Skips <paramref name="count"/> joined rows (SQL OFFSET).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlJoinQuery<TResult> Skip(int count) => new(_db, _state.Skip(count));

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => _state.Build(limitCap: null).Sql;

    /// <summary>Runs the join and returns every joined row.</summary>
    public List<TResult> ToList() => _state.ToList<TResult>(null, async: false, default).GetAwaiter().GetResult();

    /// <summary>Runs the join and returns every joined row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) => _state.ToList<TResult>(null, async: true, cancellationToken).AsTask();

    /// <summary>The first joined row.</summary>
    /// <exception cref="InvalidOperationException">The join returns no row.</exception>
    public TResult First()
    {
        var rows = _state.ToList<TResult>(1, async: false, default).GetAwaiter().GetResult();
        return rows.Count > 0 ? rows[0] : throw _state.NoRow();
    }

    /// <summary>The first joined row, or default when there is none.</summary>
    public TResult? FirstOrDefault()
    {
        var rows = _state.ToList<TResult>(1, async: false, default).GetAwaiter().GetResult();
        return rows.Count > 0 ? rows[0] : default;
    }

    /// <summary>The number of joined rows (SELECT count(*)).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count() => checked((int)_state.Count(async: false, default).GetAwaiter().GetResult());

    /// <summary>The number of joined rows (SELECT count(*)).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) =>
        checked((int)await _state.Count(async: true, cancellationToken).ConfigureAwait(false));

    /// <summary>True when the join returns at least one row (SELECT EXISTS).</summary>
    public bool Any() => _state.Any(async: false, default).GetAwaiter().GetResult();

    /// <summary>Runs the join and returns every joined row as an array.</summary>
    public TResult[] ToArray() => ToList().ToArray();

    /// <summary>The first joined row matching <paramref name="predicate"/> (its condition joins the statement's WHERE).</summary>
    /// <param name="predicate">The condition over the joined row.</param>
    /// <exception cref="InvalidOperationException">No joined row matches.</exception>
    public TResult First(Expression<Func<TResult, bool>> predicate) => Where(predicate).First();

    /// <summary>The first joined row matching <paramref name="predicate"/>, or default when there is none.</summary>
    /// <param name="predicate">The condition over the joined row.</param>
    public TResult? FirstOrDefault(Expression<Func<TResult, bool>> predicate) => Where(predicate).FirstOrDefault();

    /// <summary>The number of joined rows matching <paramref name="predicate"/> (SELECT count(*)).</summary>
    /// <param name="predicate">The condition over the joined row.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count(Expression<Func<TResult, bool>> predicate) => Where(predicate).Count();

    /// <summary>The number of joined rows (SELECT count(*)), as a <see cref="long"/>.</summary>
    public long LongCount() => _state.Count(async: false, default).GetAwaiter().GetResult();

    /// <summary>True when a joined row matches <paramref name="predicate"/> (SELECT EXISTS).</summary>
    /// <param name="predicate">The condition over the joined row.</param>
    public bool Any(Expression<Func<TResult, bool>> predicate) => Where(predicate).Any();

    /// <summary>True when the join returns at least one row (SELECT EXISTS).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<bool> AnyAsync(CancellationToken cancellationToken = default) => _state.Any(async: true, cancellationToken).AsTask();

    /// <summary>The first joined row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">The join returns no row.</exception>
    public async Task<TResult> FirstAsync(CancellationToken cancellationToken = default)
    {
        var rows = await _state.ToList<TResult>(1, async: true, cancellationToken).ConfigureAwait(false);
        return rows.Count > 0 ? rows[0] : throw _state.NoRow();
    }

    private NpgsqlJoinQuery<TResult> AddOrdering(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new NpgsqlJoinQuery<TResult>(_db, _state.Order(keySelector, descending, then, name));
    }
}
