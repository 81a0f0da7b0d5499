using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// What the terminal of an intercepted join reads (see <c>JoinQuery.Intercepted.cs</c>): the tables' maps in join order,
/// the Where lambdas' bodies in the order the run-time <c>JoinQuery</c> keeps them (the first table's own Where calls,
/// then the join's), and each joined table's own Where lambdas, which the run time ANDs to its ON condition, and its key
/// lambdas (a computed key's values are read in the ON condition <see cref="JoinKeys"/> builds of them).
/// </summary>
internal sealed class InterceptedJoin
{
    // Per table (0 none), the ON condition JoinKeys builds of its key lambdas, made when a value is read there.
    private readonly Expression?[] _keyConditions;

    private InterceptedJoin(IEntityMap[] maps, Expression[] wheres, IReadOnlyList<LambdaExpression>[] on, (LambdaExpression Outer, LambdaExpression Inner)?[] keys)
    {
        Maps = maps;
        Wheres = wheres;
        On = on;
        Keys = keys;
        _keyConditions = new Expression?[keys.Length];
    }

    /// <summary>Per table (0 the first, which has none), its key lambdas as written; null where the stand-in did not keep them (RightJoin).</summary>
    public (LambdaExpression Outer, LambdaExpression Inner)?[] Keys { get; }

    public IEntityMap[] Maps { get; }

    public Expression[] Wheres { get; }

    /// <summary>Per table (0 the first, which has none), its own Where lambdas.</summary>
    public IReadOnlyList<LambdaExpression>[] On { get; }

    /// <summary>The join of <paramref name="outer"/> with <paramref name="inner"/>, with the run-time operator's checks.</summary>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static InterceptedJoin Start<T, TInner>(TableQuery<T> outer, TableQuery<TInner> inner, LambdaExpression? outerKey = null, LambdaExpression? innerKey = null)
    {
        ArgumentNullException.ThrowIfNull(outer);
        var filters = outer.JoinFilters("join");
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = filters[i].Body;
        }

        return new InterceptedJoin([outer.Map, inner.Map], wheres, [[], Filters(outer.Connection, inner)], [null, KeysOf(outerKey, innerKey)]);
    }

    /// <summary>
    /// <paramref name="outer"/>'s RightJoin with <paramref name="inner"/>, as the run time builds it: the kept table
    /// (<paramref name="inner"/>) first, its Where lambdas the join's conditions; <paramref name="outer"/> left-joined, its
    /// Where lambdas ANDed to the ON condition. The run-time operator's checks, in its order.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static InterceptedJoin StartRight<T, TInner>(TableQuery<T> outer, TableQuery<TInner> inner)
    {
        ArgumentNullException.ThrowIfNull(outer);
        ArgumentNullException.ThrowIfNull(inner);
        if (!ReferenceEquals(inner.Connection, outer.Connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        var filters = inner.JoinFilters("join");
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = filters[i].Body;
        }

        return new InterceptedJoin([inner.Map, outer.Map], wheres, [[], outer.JoinFilters("join")], [null, null]);
    }

    /// <summary>This join with one more table, with the run-time operator's checks.</summary>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public InterceptedJoin Join<TInner>(MicroDbConnection connection, TableQuery<TInner> inner, LambdaExpression? outerKey = null, LambdaExpression? innerKey = null)
    {
        var filters = Filters(connection, inner);
        return new InterceptedJoin([.. Maps, inner.Map], Wheres, [.. On, filters], [.. Keys, KeysOf(outerKey, innerKey)]);
    }

    private static (LambdaExpression Outer, LambdaExpression Inner)? KeysOf(LambdaExpression? outerKey, LambdaExpression? innerKey) =>
        outerKey is not null && innerKey is not null ? (outerKey, innerKey) : null;

    /// <summary>The joined table's own Where lambdas, after the run-time operator's checks.</summary>
    private static IReadOnlyList<LambdaExpression> Filters<TInner>(MicroDbConnection connection, TableQuery<TInner> inner)
    {
        ArgumentNullException.ThrowIfNull(inner);
        if (!ReferenceEquals(inner.Connection, connection))
        {
            throw new ArgumentException($"The joined query on '{inner.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        return inner.JoinFilters("join");
    }

    /// <summary>This join with one more Where condition (its body, over the join's result).</summary>
    public InterceptedJoin Where(LambdaExpression predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new InterceptedJoin(Maps, [.. Wheres, predicate.Body], On, Keys);
    }

    /// <summary>
    /// The lambda body a value of table <paramref name="table"/>'s ON condition is in, and where in <paramref name="path"/>
    /// the rest of its path starts (<paramref name="start"/>). The run
    /// time builds that condition as <c>((key AND f0) AND f1) ...</c>, so filter <c>j</c> of <c>k</c> is reached by
    /// <c>L</c> taken <c>k - 1 - j</c> times, then <c>R</c>. Null when the path is not of that form.
    /// </summary>
    public Expression? OnFilter(int table, string path, out int start)
    {
        start = 0;
        if (table < 1 || table >= On.Length)
        {
            return null;
        }

        var filters = On[table];
        var left = 0;
        while (left < path.Length && path[left] == 'L')
        {
            left++;
        }

        if (left >= filters.Count)
        {
            // The key condition itself (a computed key's value): JoinKeys' condition over the key lambdas as written,
            // whose closed values sit where they sit in the run time's ON condition over the tables.
            start = filters.Count;
            return KeyCondition(table);
        }

        var index = filters.Count - 1 - left;
        if (index < 0 || left >= path.Length || path[left] != 'R')
        {
            return null;
        }

        start = left + 1;
        return filters[index].Body;
    }

    private Expression? KeyCondition(int table)
    {
        if (_keyConditions[table] is { } built)
        {
            return built;
        }

        if (table >= Keys.Length || Keys[table] is not { } keys)
        {
            return null;
        }

        try
        {
            return _keyConditions[table] = JoinKeys.Condition(keys.Outer.Body, keys.Inner.Body, "join");
        }
        catch (NotSupportedException)
        {
            // Keys the run time refuses: the run-time path throws its own error.
            return null;
        }
    }
}
