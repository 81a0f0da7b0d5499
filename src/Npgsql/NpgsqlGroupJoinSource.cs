using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Npgsql;

/// <summary>What a GroupJoin leaves for its SelectMany: the grouped row, its group parameter, and how to add the join once the joined row's type is known.</summary>
internal abstract class NpgsqlGroupJoinSource
{
    /// <summary>The grouped row (the GroupJoin's result over the rows joined so far and the group).</summary>
    public abstract Expression Result { get; }

    /// <summary>The group parameter of the GroupJoin's result selector.</summary>
    public abstract ParameterExpression Group { get; }

    /// <summary>Adds the join (<paramref name="kind"/>) whose joined row is <paramref name="selectorOf"/> the joined table's parameter.</summary>
    public abstract NpgsqlJoinQuery<TNew> Complete<TNew>(SqlJoinKind kind, Func<ParameterExpression, Expression> selectorOf, bool carriesGroup);
}

/// <summary>The GroupJoin of <typeparamref name="TInner"/> onto the rows of an <see cref="NpgsqlJoinQuery{TResult}"/> of <typeparamref name="TOuter"/>.</summary>
internal sealed class NpgsqlGroupJoinSource<TOuter, TInner>(NpgsqlJoinQuery<TOuter> outer, NpgsqlTableQuery<TInner> inner, Expression outerKey, LambdaExpression innerKeySelector,
    ParameterExpression group, Expression result) : NpgsqlGroupJoinSource
{
    public override Expression Result { get; } = result;

    public override ParameterExpression Group { get; } = group;

    public override NpgsqlJoinQuery<TNew> Complete<TNew>(SqlJoinKind kind, Func<ParameterExpression, Expression> selectorOf, bool carriesGroup) =>
        outer.AddJoin<TInner, TNew>(kind, inner, outerKey, innerKeySelector, selectorOf,
            kind == SqlJoinKind.Left ? "GroupJoin + SelectMany(DefaultIfEmpty)" : "GroupJoin + SelectMany", carriesGroup ? Group : null);
}
