using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>What a <see cref="GroupJoinQuery{TResult, TInner}"/> holds until SelectMany says which join it is.</summary>
internal abstract class GroupJoinSource
{
    /// <summary>The group-join's result (over the outer tables' parameters and <see cref="Group"/>).</summary>
    public abstract Expression Result { get; }

    /// <summary>The parameter that stands for the group of matching rows.</summary>
    public abstract ParameterExpression Group { get; }

    /// <summary>The join of kind <paramref name="kind"/>, its result <paramref name="selectorOf"/> the joined table's parameter.</summary>
    /// <param name="kind">The join kind.</param>
    /// <param name="selectorOf">The result over the joined table's parameter.</param>
    /// <param name="carriesGroup">True when the result carries the group in a transparent identifier (query syntax with more clauses).</param>
    public abstract JoinQuery<TNew> Complete<TNew>(SqlJoinKind kind, Func<ParameterExpression, Expression> selectorOf, bool carriesGroup);
}

/// <summary>A <see cref="GroupJoinSource"/> over a join query of <typeparamref name="TOuter"/> rows and a table of <typeparamref name="TInner"/>.</summary>
internal sealed class GroupJoinSource<TOuter, TInner> : GroupJoinSource
{
    private readonly JoinQuery<TOuter> _outer;
    private readonly TableQuery<TInner> _inner;
    private readonly Expression _outerKey;
    private readonly LambdaExpression _innerKeySelector;

    public GroupJoinSource(JoinQuery<TOuter> outer, TableQuery<TInner> inner, Expression outerKey, LambdaExpression innerKeySelector, ParameterExpression group, Expression result)
    {
        _outer = outer;
        _inner = inner;
        _outerKey = outerKey;
        _innerKeySelector = innerKeySelector;
        Group = group;
        Result = result;
    }

    public override Expression Result { get; }

    public override ParameterExpression Group { get; }

    public override JoinQuery<TNew> Complete<TNew>(SqlJoinKind kind, Func<ParameterExpression, Expression> selectorOf, bool carriesGroup) =>
        _outer.AddJoinCore<TInner, TNew>(
            kind, _inner, _outerKey, _innerKeySelector, selectorOf, kind == SqlJoinKind.Left ? "GroupJoin + SelectMany(DefaultIfEmpty)" : "GroupJoin + SelectMany", carriesGroup ? Group : null);
}
