using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>Finds the mapped members a selector reads; null when it needs the whole entity.</summary>
internal sealed class ProjectionColumns : ExpressionVisitor
{
    private readonly ParameterExpression _parameter;
    private readonly TableMapping _table;
    private readonly HashSet<int> _columns = [];
    private bool _needsAll;

    private ProjectionColumns(ParameterExpression parameter, TableMapping table)
    {
        _parameter = parameter;
        _table = table;
    }

    public static HashSet<int>? Collect(Expression body, ParameterExpression parameter, TableMapping table)
    {
        var collector = new ProjectionColumns(parameter, table);
        collector.Visit(body);
        return collector._needsAll ? null : collector._columns;
    }

    protected override Expression VisitMember(MemberExpression node)
    {
        if (ReferenceEquals(node.Expression, _parameter))
        {
            if (_table.FindColumnByMember(node.Member.Name) is { } column)
            {
                _columns.Add(column.Ordinal);
            }
            else
            {
                // An unmapped (computed) member may read any mapped one.
                _needsAll = true;
            }

            return node;
        }

        return base.VisitMember(node);
    }

    protected override Expression VisitParameter(ParameterExpression node)
    {
        if (ReferenceEquals(node, _parameter))
        {
            _needsAll = true;
        }

        return node;
    }
}
