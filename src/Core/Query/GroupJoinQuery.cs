using System.Linq.Expressions;
using MicroDb.Query.Model;

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
    private readonly GroupJoinSource _source;

    internal GroupJoinQuery(GroupJoinSource source) => _source = source;

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
        var group = _source.Group;
        var collection = RowSubstitution.Apply(collectionSelector, _source.Result);
        var kind = GroupJoinShape.KindOf(collection, group, collectionSelector);
        var carries = GroupJoinShape.CarriesGroup(resultSelector, _source.Result, group, typeof(TCollection));
        return _source.Complete<TNew>(kind, parameter => RowSubstitution.Apply(resultSelector, _source.Result, parameter), carries);
    }
}
