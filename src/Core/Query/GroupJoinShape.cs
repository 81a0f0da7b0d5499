using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The rules of the GroupJoin + SelectMany pattern (query syntax's <c>join ... into g from c in g.DefaultIfEmpty()</c>),
/// shared by every join query that completes it (SQLite's <see cref="GroupJoinQuery{TResult, TInner}"/>, MicroDb.Npgsql's).
/// </summary>
internal static class GroupJoinShape
{
    /// <summary>
    /// The join a SelectMany over <paramref name="collection"/> (its collection selector, rewritten onto the rows) makes:
    /// the group itself is an inner join, <c>group.DefaultIfEmpty()</c> a left join.
    /// </summary>
    /// <exception cref="NotSupportedException">The collection is anything else.</exception>
    public static SqlJoinKind KindOf(Expression collection, ParameterExpression group, LambdaExpression collectionSelector)
    {
        if (ReferenceEquals(collection, group))
        {
            return SqlJoinKind.Inner;
        }

        if (collection is MethodCallExpression { Method.Name: "DefaultIfEmpty", Arguments.Count: 1 } call
            && call.Method.DeclaringType == typeof(Enumerable) && ReferenceEquals(call.Arguments[0], group))
        {
            return SqlJoinKind.Left;
        }

        throw new NotSupportedException(
            $"MicroDb cannot translate SelectMany over '{collectionSelector}' after GroupJoin: only the group itself (an inner join) or its DefaultIfEmpty() (a left join) has a SQL form.");
    }

    /// <summary>
    /// True when the result (<paramref name="resultSelector"/> over <paramref name="result"/>) carries the group along in
    /// a transparent identifier, as query syntax does when more clauses follow: allowed there, and rejected wherever a
    /// later clause reads it.
    /// </summary>
    /// <exception cref="NotSupportedException">The result reads the group itself.</exception>
    public static bool CarriesGroup(LambdaExpression resultSelector, Expression result, ParameterExpression group, Type collectionType)
    {
        var probe = RowSubstitution.Apply(resultSelector, result, Expression.Parameter(collectionType, "probe"));
        var carries = ParameterFinder.Uses(probe, group);
        if (carries && ParameterFinder.Uses(TransparentGroup.Remove(probe, group), group))
        {
            throw new NotSupportedException($"MicroDb cannot translate '{resultSelector}' after GroupJoin: it uses the group '{group.Name}' itself, which has no SQL form in a join.");
        }

        return carries;
    }
}
