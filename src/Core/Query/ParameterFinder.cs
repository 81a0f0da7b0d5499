using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>Tells whether an expression refers to a given lambda parameter (if not, it can be evaluated up front).</summary>
internal sealed class ParameterFinder : ExpressionVisitor
{
    private readonly ParameterExpression _parameter;
    private bool _found;

    private ParameterFinder(ParameterExpression parameter) => _parameter = parameter;

    public static bool Uses(Expression expression, ParameterExpression parameter)
    {
        var finder = new ParameterFinder(parameter);
        finder.Visit(expression);
        return finder._found;
    }

    public override Expression? Visit(Expression? node)
    {
        if (_found || node is null)
        {
            return node;
        }

        return base.Visit(node);
    }

    protected override Expression VisitParameter(ParameterExpression node)
    {
        if (ReferenceEquals(node, _parameter))
        {
            _found = true;
        }

        return node;
    }
}
