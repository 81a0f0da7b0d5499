using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>Removes a group that is only carried as an argument of an anonymous type's constructor (a transparent identifier).</summary>
internal sealed class TransparentGroup : ExpressionVisitor
{
    private readonly ParameterExpression _group;

    private TransparentGroup(ParameterExpression group) => _group = group;

    /// <summary><paramref name="body"/> with each such argument replaced by its type's default.</summary>
    public static Expression Remove(Expression body, ParameterExpression group) => new TransparentGroup(group).Visit(body);

    protected override Expression VisitNew(NewExpression node)
    {
        if (node.Members is null)
        {
            return base.VisitNew(node);
        }

        var arguments = new Expression[node.Arguments.Count];
        for (var i = 0; i < arguments.Length; i++)
        {
            arguments[i] = ReferenceEquals(node.Arguments[i], _group) ? Expression.Default(node.Arguments[i].Type) : Visit(node.Arguments[i]);
        }

        return node.Update(arguments);
    }
}
