using System.Linq.Expressions;
using MicroDb.Query;

namespace MicroDb.Npgsql;

/// <summary>
/// A grouped join on PostgreSQL, the first half of query syntax's left join
/// (<c>join c in db.Table&lt;Customer&gt;() on o.CustomerId equals c.Id into g from c in g.DefaultIfEmpty()</c>): only
/// <see cref="SelectMany"/> can follow, as a left join (over <c>g.DefaultIfEmpty()</c>) or an inner join (over <c>g</c>).
/// </summary>
/// <typeparam name="TResult">The type of the grouped row.</typeparam>
/// <typeparam name="TInner">The joined table's type.</typeparam>
public sealed class NpgsqlGroupJoinQuery<TResult, TInner>
{
    private readonly MicroDbNpgsqlConnection _db;
    private readonly GroupJoinSource _source;

    internal NpgsqlGroupJoinQuery(MicroDbNpgsqlConnection db, GroupJoinSource source)
    {
        _db = db;
        _source = source;
    }

    /// <summary>Flattens the groups: over <c>g.DefaultIfEmpty()</c> a SQL <c>LEFT JOIN</c>, over <c>g</c> an <c>INNER JOIN</c>.</summary>
    /// <typeparam name="TCollection">The joined row's type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="collectionSelector"><c>x =&gt; x.g.DefaultIfEmpty()</c> or <c>x =&gt; x.g</c>.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched (left join).</param>
    /// <exception cref="NotSupportedException">The collection is anything else, the result uses the group itself, or the joined table has no primary key (left join).</exception>
    public NpgsqlJoinQuery<TNew> SelectMany<TCollection, TNew>(
        Expression<Func<TResult, IEnumerable<TCollection>>> collectionSelector,
        Expression<Func<TResult, TCollection, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(collectionSelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return new NpgsqlJoinQuery<TNew>(_db, _source.Flatten(collectionSelector, resultSelector, typeof(TCollection)));
    }
}
