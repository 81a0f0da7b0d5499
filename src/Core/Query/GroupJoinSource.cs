using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// What a grouped join holds until its SelectMany says which join it is (<see cref="Flatten"/>): the join so far, the
/// joined table, the keys, the group parameter and the grouped row. Shared by SQLite's
/// <see cref="GroupJoinQuery{TResult, TInner}"/> and MicroDb.Npgsql's grouped join.
/// </summary>
internal sealed class GroupJoinSource(JoinState outer, JoinTable inner, Expression outerKey, LambdaExpression innerKeySelector, ParameterExpression group, Expression result)
{
    /// <summary>The group-join's result (over the outer tables' parameters and <see cref="Group"/>).</summary>
    public Expression Result { get; } = result;

    /// <summary>The parameter that stands for the group of matching rows.</summary>
    public ParameterExpression Group { get; } = group;

    /// <summary>
    /// The join SelectMany makes: over <c>g.DefaultIfEmpty()</c> a left join, over <c>g</c> an inner join, the result
    /// <paramref name="resultSelector"/> over the grouped row and the joined table's row.
    /// </summary>
    /// <exception cref="NotSupportedException">The collection is anything else, or the result uses the group itself.</exception>
    public JoinState Flatten(LambdaExpression collectionSelector, LambdaExpression resultSelector, Type collectionType)
    {
        var collection = RowSubstitution.Apply(collectionSelector, Result);
        var kind = GroupJoinShape.KindOf(collection, Group, collectionSelector);
        var carries = GroupJoinShape.CarriesGroup(resultSelector, Result, Group, collectionType);
        return outer.AddJoin(kind, inner, outerKey, innerKeySelector, parameter => RowSubstitution.Apply(resultSelector, Result, parameter),
            kind == SqlJoinKind.Left ? "GroupJoin + SelectMany(DefaultIfEmpty)" : "GroupJoin + SelectMany", carries ? Group : null);
    }
}
