using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// Rows grouped by a key (<see cref="TableQuery{T}.GroupBy{TKey}(Expression{Func{T, TKey}})"/>), run as SQL GROUP BY. <see cref="Where"/> filters groups
/// (HAVING), <see cref="OrderBy{TOrder}"/> sorts them, and <see cref="Select{TResult}"/> reads each group's key and
/// aggregates: <c>g.Key</c> (or a member of a composite key), <c>g.Count()</c>, <c>g.Count(predicate)</c>,
/// <c>g.LongCount()</c>, <c>g.Sum(x =&gt; ...)</c>, <c>g.Average(...)</c>, <c>g.Min(...)</c>, <c>g.Max(...)</c> over integer,
/// double and float values. Not enumerable: a group's rows are never loaded.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TElement">The type of a group's elements: the grouped table's type, an element selector's result, or a join's row.</typeparam>
public sealed class GroupByQuery<TKey, TElement>
{
    private readonly GroupState _state;

    internal GroupByQuery(GroupState state) => _state = state;

    /// <summary>The grouping (the intercepted path).</summary>
    internal GroupState State => _state;

    /// <summary>Keeps the groups matching <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on a group: its key and aggregates.</param>
    /// <exception cref="NotSupportedException">The condition has no SQL translation.</exception>
    public GroupByQuery<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new(_state.WithHaving(RowSubstitution.Apply(predicate, _state.Group), "Where"));
    }

    /// <summary>Sorts the groups by <paramref name="keySelector"/> (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public GroupByQuery<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, false, false, "OrderBy");

    /// <summary>Sorts the groups by <paramref name="keySelector"/>, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public GroupByQuery<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, true, false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public GroupByQuery<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, false, true, "ThenBy");

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public GroupByQuery<TKey, TElement> ThenByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, true, true, "ThenByDescending");

    /// <summary>Reads each group as <paramref name="selector"/> gives it.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="selector">The group's key and aggregates.</param>
    /// <exception cref="NotSupportedException">The selector uses the group other than through its key and the aggregates.</exception>
    public GroupedQuery<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        var body = RowSubstitution.Apply(selector, _state.Group);
        _state.PlanResult(body);
        return new GroupedQuery<TResult>(_state, body);
    }

    /// <summary>The same query bound to <paramref name="connection"/> (a reader of the pool, for the async query).</summary>
    internal GroupByQuery<TKey, TElement> On(MicroDbConnection connection) => new(_state.On(connection));

    /// <summary>The number of groups.</summary>
    public int Count() => checked((int)_state.Count());

    private GroupByQuery<TKey, TElement> Order(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new(_state.WithOrdering(RowSubstitution.Apply(keySelector, _state.Group), descending, then, name));
    }
}
