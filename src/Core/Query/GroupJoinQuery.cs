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
    // An intercepted grouped join (QueryInterception.Joins.cs) has no source until the run-time query is needed.
    private readonly Func<GroupJoinQuery<TResult, TInner>>? _build;
    private GroupJoinSource? _source;

    internal GroupJoinQuery(MicroDbConnection connection, GroupJoinSource source)
    {
        _connection = connection;
        _source = source;
    }

    private GroupJoinQuery(MicroDbConnection connection, InterceptedJoin intercepted, Func<GroupJoinQuery<TResult, TInner>> build)
    {
        _connection = connection;
        _build = build;
        Intercepted = intercepted;
    }

    /// <summary>The connection (the intercepted path).</summary>
    internal MicroDbConnection Connection => _connection;

    /// <summary>What an intercepted join's terminal reads; null for a grouped join the run-time operators built.</summary>
    internal InterceptedJoin? Intercepted { get; }

    /// <summary>The operators' state, built by the chain's own operators on first use for an intercepted join.</summary>
    private GroupJoinSource Source => _source ??= _build!().Source;

    /// <summary>An intercepted grouped join: <paramref name="build"/> runs the chain's operators when the run-time query is needed.</summary>
    internal static GroupJoinQuery<TResult, TInner> Deferred(MicroDbConnection connection, InterceptedJoin intercepted, Func<GroupJoinQuery<TResult, TInner>> build) =>
        new(connection, intercepted, build);

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
        return new JoinQuery<TNew>(_connection, Source.Flatten(collectionSelector, resultSelector, typeof(TCollection)));
    }
}
