using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// What the terminal of an intercepted join reads (see <c>JoinQuery.Intercepted.cs</c>): the tables' maps in join order,
/// the Where lambdas' bodies in the order the run-time <c>JoinQuery</c> keeps them (the first table's own Where calls,
/// then the join's), and each joined table's own Where lambdas, which the run time ANDs to its ON condition.
/// </summary>
internal sealed class InterceptedJoin
{
    private InterceptedJoin(IEntityMap[] maps, Expression[] wheres, IReadOnlyList<LambdaExpression>[] on)
    {
        Maps = maps;
        Wheres = wheres;
        On = on;
    }

    public IEntityMap[] Maps { get; }

    public Expression[] Wheres { get; }

    /// <summary>Per table (0 the first, which has none), its own Where lambdas.</summary>
    public IReadOnlyList<LambdaExpression>[] On { get; }

    /// <summary>The join of <paramref name="outer"/> with <paramref name="inner"/>, with the run-time operator's checks.</summary>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException">Either query is ordered or limited.</exception>
    public static InterceptedJoin Start<T, TInner>(TableQuery<T> outer, TableQuery<TInner> inner)
    {
        ArgumentNullException.ThrowIfNull(outer);
        var filters = outer.JoinFilters("join");
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = filters[i].Body;
        }

        return new InterceptedJoin([outer.Map, inner.Map], wheres, [[], Filters(outer.Connection, inner)]);
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

        return new InterceptedJoin([inner.Map, outer.Map], wheres, [[], outer.JoinFilters("join")]);
    }

    /// <summary>This join with one more table, with the run-time operator's checks.</summary>
    /// <exception cref="ArgumentException"><paramref name="inner"/> was made on another connection.</exception>
    /// <exception cref="NotSupportedException"><paramref name="inner"/> is ordered or limited.</exception>
    public InterceptedJoin Join<TInner>(MicroDbConnection connection, TableQuery<TInner> inner)
    {
        var filters = Filters(connection, inner);
        return new InterceptedJoin([.. Maps, inner.Map], Wheres, [.. On, filters]);
    }

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
        return new InterceptedJoin(Maps, [.. Wheres, predicate.Body], On);
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

        var index = filters.Count - 1 - left;
        if (index < 0 || left >= path.Length || path[left] != 'R')
        {
            return null;
        }

        start = left + 1;
        return filters[index].Body;
    }
}
