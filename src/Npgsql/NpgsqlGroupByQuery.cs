using System.Linq.Expressions;
using MicroDb.Query;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// A PostgreSQL table's rows grouped by a key (<see cref="NpgsqlTableQuery{T}.GroupBy{TKey}(Expression{Func{T, TKey}})"/>),
/// run as SQL GROUP BY. <see cref="Where"/> filters groups (HAVING), <see cref="OrderBy{TOrder}"/> sorts them, and
/// <see cref="Select{TResult}"/> reads each group's key and aggregates (<c>Count</c>, <c>LongCount</c>, <c>Sum</c>,
/// <c>Average</c>, <c>Min</c>, <c>Max</c>; see docs/postgresql.md for the kinds each takes). Immutable.
/// </summary>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TElement">The type of a group's elements.</typeparam>
public sealed class NpgsqlGroupByQuery<TKey, TElement>
{
    private readonly MicroDbNpgsqlConnection _db;
    private readonly GroupState _state;
    private readonly Func<NpgsqlDataReader, int[], object?>[] _readers;

    internal NpgsqlGroupByQuery(MicroDbNpgsqlConnection db, GroupState state, Func<NpgsqlDataReader, int[], object?>[] readers)
    {
        _db = db;
        _state = state;
        _readers = readers;
    }

    /// <summary>Keeps the groups matching <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on a group: its key and aggregates.</param>
    /// <exception cref="NotSupportedException">The condition has no PostgreSQL translation.</exception>
    public NpgsqlGroupByQuery<TKey, TElement> Where(Expression<Func<IGrouping<TKey, TElement>, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new(_db, _state.WithHaving(RowSubstitution.Apply(predicate, _state.Group), "Where"), _readers);
    }

    /// <summary>Sorts the groups by <paramref name="keySelector"/> (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public NpgsqlGroupByQuery<TKey, TElement> OrderBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, false, false, "OrderBy");

    /// <summary>Sorts the groups by <paramref name="keySelector"/>, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public NpgsqlGroupByQuery<TKey, TElement> OrderByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, true, false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlGroupByQuery<TKey, TElement> ThenBy<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, false, true, "ThenBy");

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlGroupByQuery<TKey, TElement> ThenByDescending<TOrder>(Expression<Func<IGrouping<TKey, TElement>, TOrder>> keySelector) => Order(keySelector, true, true, "ThenByDescending");

    /// <summary>Reads each group as <paramref name="selector"/> gives it.</summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <param name="selector">The group's key and aggregates.</param>
    /// <exception cref="NotSupportedException">The selector uses the group other than through its key and the aggregates, or an aggregate has no PostgreSQL translation.</exception>
    public NpgsqlGroupedQuery<TResult> Select<TResult>(Expression<Func<IGrouping<TKey, TElement>, TResult>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        var body = RowSubstitution.Apply(selector, _state.Group);
        _state.PlanResult(body);
        return new NpgsqlGroupedQuery<TResult>(_db, _state, body, _readers);
    }

    /// <summary>The number of groups.</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public int Count() => checked((int)NpgsqlGroupedRows.Count(_db, _state, async: false, default).GetAwaiter().GetResult());

    /// <summary>The number of groups.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) =>
        checked((int)await NpgsqlGroupedRows.Count(_db, _state, async: true, cancellationToken).ConfigureAwait(false));

    private NpgsqlGroupByQuery<TKey, TElement> Order(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new(_db, _state.WithOrdering(RowSubstitution.Apply(keySelector, _state.Group), descending, then, name), _readers);
    }
}
