using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// Finds the mapped members a selector reads; null when it needs the whole entity. Over a join, a row compared with null
/// (<c>c == null</c>) reads no column: the table's presence column tells (<see cref="Model.SqlJoinColumns"/>).
/// </summary>
internal sealed class ProjectionColumns : ExpressionVisitor
{
    private readonly ParameterExpression _parameter;
    private readonly TableMapping _table;
    private readonly HashSet<int> _columns = [];
    private readonly bool _nullTestReadsNothing;
    private bool _needsAll;

    private ProjectionColumns(ParameterExpression parameter, TableMapping table, bool nullTestReadsNothing)
    {
        _parameter = parameter;
        _table = table;
        _nullTestReadsNothing = nullTestReadsNothing;
    }

    public static HashSet<int>? Collect(Expression body, ParameterExpression parameter, TableMapping table, bool nullTestReadsNothing = false)
    {
        var collector = new ProjectionColumns(parameter, table, nullTestReadsNothing);
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

    protected override Expression VisitBinary(BinaryExpression node)
    {
        if (_nullTestReadsNothing && node.NodeType is ExpressionType.Equal or ExpressionType.NotEqual && node.Method is null
            && (IsRowAndNull(node.Left, node.Right) || IsRowAndNull(node.Right, node.Left)))
        {
            return node;
        }

        return base.VisitBinary(node);
    }

    private bool IsRowAndNull(Expression row, Expression other) =>
        ReferenceEquals(StripConvert(row), _parameter) && StripConvert(other) is ConstantExpression { Value: null };

    private static Expression StripConvert(Expression node)
    {
        while (node is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.TypeAs, Method: null } convert)
        {
            node = convert.Operand;
        }

        return node;
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
