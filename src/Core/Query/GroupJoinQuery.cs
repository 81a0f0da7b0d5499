using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// A grouped join (<see cref="TableQuery{T}.GroupJoin"/>) waiting for the <see cref="SelectMany"/> that flattens it:
/// <c>g.DefaultIfEmpty()</c> makes it a SQL <c>LEFT JOIN</c>, <c>g</c> an <c>INNER JOIN</c>. It has no other operator and
/// is not enumerable, so a group is never filled in memory.
/// </summary>
/// <typeparam name="TResult">The grouped row (a row with its group of matches).</typeparam>
/// <typeparam name="TInner">The joined table's type.</typeparam>
public sealed class GroupJoinQuery<TResult, TInner>
{
    private readonly MicroDbConnection _connection;
    private readonly GroupJoinSource _source;

    internal GroupJoinQuery(MicroDbConnection connection, GroupJoinSource source)
    {
        _connection = connection;
        _source = source;
    }

    /// <summary>
    /// Flattens the grouped join: query syntax's <c>from c in g.DefaultIfEmpty()</c> (a left join: <c>c</c> is null where no
    /// row matched) or <c>from c in g</c> (an inner join).
    /// </summary>
    /// <typeparam name="TCollection">The joined row's type.</typeparam>
    /// <typeparam name="TNew">The result type.</typeparam>
    /// <param name="collectionSelector"><c>x =&gt; x.g.DefaultIfEmpty()</c> or <c>x =&gt; x.g</c>.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">The collection is anything else, or the result still uses the group.</exception>
    public JoinQuery<TNew> SelectMany<TCollection, TNew>(
        Expression<Func<TResult, IEnumerable<TCollection>>> collectionSelector,
        Expression<Func<TResult, TCollection, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(collectionSelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new JoinQuery<TNew>(_connection, _source.Flatten(collectionSelector, resultSelector, typeof(TCollection)));
    }
}
