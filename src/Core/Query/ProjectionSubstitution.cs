using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// Rewrites a lambda over a projection's result into a lambda over the entity, so Where/OrderBy after Select still run
/// in SQL: <c>Select(x =&gt; new { x.Id, N = x.Name }).Where(p =&gt; p.N == "a")</c> becomes <c>Where(x =&gt; x.Name == "a")</c>.
/// A result member maps to the constructor argument or initializer it came from; the result itself maps to the selector
/// body (for <c>Select(x =&gt; x.Age).Where(a =&gt; a &gt; 5)</c>).
/// </summary>
internal sealed class ProjectionSubstitution : ExpressionVisitor
{
    private readonly ParameterExpression _result;
    private readonly Expression _body;

    private ProjectionSubstitution(ParameterExpression result, Expression body)
    {
        _result = result;
        _body = body;
    }

    public static Expression<Func<T, TOut>> Rewrite<T, TResult, TOut>(Expression<Func<T, TResult>> selector, Expression<Func<TResult, TOut>> lambda)
    {
        var body = new ProjectionSubstitution(lambda.Parameters[0], selector.Body).Visit(lambda.Body);
        return Expression.Lambda<Func<T, TOut>>(body, selector.Parameters);
    }

    protected override Expression VisitMember(MemberExpression node)
    {
        if (ReferenceEquals(node.Expression, _result) && Source(node.Member.Name) is { } source)
        {
            return source;
        }

        return base.VisitMember(node);
    }

    protected override Expression VisitParameter(ParameterExpression node) =>
        ReferenceEquals(node, _result) ? _body : node;

    private Expression? Source(string memberName) => RowSubstitution.Source(_body, memberName);
}
