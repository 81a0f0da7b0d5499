using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Joins start here: Join on a table query gives a JoinQuery over both tables (see JoinQuery<TResult>).
public sealed partial class TableQuery<T>
{
    /// <summary>
    /// An inner join with <paramref name="inner"/> on equal keys, run as one SQL <c>INNER JOIN</c>; query syntax's
    /// <c>join c in db.Table&lt;Customer&gt;() on o.CustomerId equals c.Id</c> binds here. As in LINQ-to-Objects, a null key
    /// matches nothing; a composite key (<c>new { o.A, o.B }</c>) matches member by member, a null member matching a null one.
    /// Keys compare as the columns store them (see the README's "How queries compare").
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions are kept; OrderBy, Skip and Take are not allowed there).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, or either query is ordered or limited.</exception>
    public JoinQuery<TResult> Join<TInner, TKey, TResult>(
        TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return JoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).Join(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// A left outer join with <paramref name="inner"/> on equal keys (.NET 10's <c>LeftJoin</c>), run as one SQL
    /// <c>LEFT JOIN</c>: every row of this table is kept, and the joined row is null where none matches (a null key matches
    /// nothing). As in LINQ-to-Objects, reading a member of that null row throws <see cref="NullReferenceException"/>; test
    /// it first (<c>c == null ? null : c.Name</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a value, or an anonymous object of values compared member by member).</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions choose which rows can match; OrderBy, Skip and Take are not allowed there).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, only one key is an anonymous object, or either query is ordered or limited.</exception>
    public JoinQuery<TResult> LeftJoin<TInner, TKey, TResult>(
        TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner?, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return JoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).LeftJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// A grouped join, the first half of query syntax's left join
    /// (<c>join c in db.Table&lt;Customer&gt;() on o.CustomerId equals c.Id into g from c in g.DefaultIfEmpty()</c>): only
    /// <see cref="GroupJoinQuery{TResult, TInner}.SelectMany"/> can follow, as a left join (over <c>g.DefaultIfEmpty()</c>)
    /// or an inner join (over <c>g</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public GroupJoinQuery<TResult, TInner> GroupJoin<TInner, TKey, TResult>(
        TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, IEnumerable<TInner>, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        return JoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).GroupJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// Groups the rows by <paramref name="keySelector"/> (SQL GROUP BY; a composite key is an anonymous type). Follow it
    /// with <c>Where</c> over the groups (HAVING), <c>OrderBy</c> and a <c>Select</c> of the key and aggregates:
    /// <c>Select(g =&gt; new { g.Key, Count = g.Count(), Total = g.Sum(x =&gt; x.Amount) })</c>. Keys group as they compare
    /// (see the README's "How queries compare"): DateTimes by ticks whatever their kind, decimals by value.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public GroupByQuery<TKey, T> GroupBy<TKey>(Expression<Func<T, TKey>> keySelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new GroupByQuery<TKey, T>(Grouping<TKey, T>(keySelector, null));
    }

    /// <summary>
    /// Groups the rows by <paramref name="keySelector"/>, each group's elements being <paramref name="elementSelector"/>
    /// of a row (query syntax's <c>group x.Amount by x.Key into g</c>): the aggregates of <c>g</c> read that value
    /// (<c>g.Sum(a =&gt; a)</c>). See <see cref="GroupBy{TKey}(Expression{Func{T, TKey}})"/>.
    /// </summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TElement">The type of a group's elements.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <param name="elementSelector">What each row contributes to its group.</param>
    /// <exception cref="NotSupportedException">The key has no SQL translation, or the query is ordered or limited.</exception>
    public GroupByQuery<TKey, TElement> GroupBy<TKey, TElement>(Expression<Func<T, TKey>> keySelector, Expression<Func<T, TElement>> elementSelector)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        ArgumentNullException.ThrowIfNull(elementSelector);
        return new GroupByQuery<TKey, TElement>(Grouping<TKey, TElement>(keySelector, elementSelector));
    }

    /// <summary>
    /// A right outer join with <paramref name="inner"/> on equal keys (.NET 10's <c>RightJoin</c>): every row of
    /// <paramref name="inner"/> is kept, and this table's row is null where none matches (a null key matches nothing).
    /// It runs as a SQL <c>LEFT JOIN</c> from the joined table (so any SQLite version runs it). As in LINQ-to-Objects,
    /// reading a member of the missing row throws <see cref="NullReferenceException"/>; test it first
    /// (<c>o == null ? 0 : o.Id</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a value, or an anonymous object of values compared member by member).</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table: every one of its rows is kept (its Where conditions choose which).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row of this table matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no SQL translation, only one key is an anonymous object, or either query is ordered or limited.</exception>
    public JoinQuery<TResult> RightJoin<TInner, TKey, TResult>(
        TableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T?, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        if (!ReferenceEquals(inner.Connection, Connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        // This table's Where conditions choose which rows can match: they go to the ON clause of the left join from inner.
        return JoinQuery<TInner>.Start(inner, innerKeySelector.Parameters[0].Name).RightJoinFrom<T, TResult>(this, innerKeySelector, outerKeySelector, resultSelector);
    }

    private GroupState Grouping<TKey, TElement>(Expression<Func<T, TKey>> keySelector, Expression<Func<T, TElement>>? elementSelector)
    {
        var filters = JoinFilters("group");
        var element = keySelector.Parameters[0];
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], element);
        }

        var elementBody = elementSelector is null ? element : RowSubstitution.Apply(elementSelector, element);
        var group = Expression.Parameter(typeof(IGrouping<TKey, TElement>), "g");
        var state = new GroupState(Connection, _map, element, elementBody, group, keySelector.Body, wheres);
        state.CheckKeys();
        return state;
    }

    /// <summary>This table as a join takes it (its Where conditions asked when the join adds it).</summary>
    internal JoinTable AsJoinTable() => new(_map, Connection, () => JoinFilters("join"), null);

    /// <summary>This query's Where conditions, for a join over it.</summary>
    /// <exception cref="NotSupportedException">The query is ordered, limited or reads a sub-query.</exception>
    internal IReadOnlyList<LambdaExpression> JoinFilters(string role)
    {
        if (_source is not null || IsLimited || _orderings.Length > 0)
        {
            throw new NotSupportedException(
                $"MicroDb cannot {role} the query on '{_map.Table.TableName}': it is ordered or limited (OrderBy, Skip, Take); order and limit the result instead.");
        }

        var filters = new LambdaExpression[_wheres.Length];
        for (var i = 0; i < filters.Length; i++)
        {
            filters[i] = _wheres[i].Lambda;
        }

        return filters;
    }
}
