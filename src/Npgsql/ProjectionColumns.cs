using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Npgsql;

/// <summary>The columns a projection's selector reads (every column when it uses the whole entity), for its SELECT list.</summary>
internal static class ProjectionColumns
{
    /// <summary>The columns <paramref name="selector"/> reads, in table order.</summary>
    public static IReadOnlyList<ColumnMapping> Of(TableMapping table, LambdaExpression selector)
    {
        var finder = new ColumnFinder(table, selector.Parameters[0]);
        finder.Visit(selector.Body);
        return finder.WholeEntity || finder.Columns.Count == 0 ? table.Columns : [.. table.Columns.Where(finder.Columns.Contains)];
    }

    private sealed class ColumnFinder(TableMapping table, ParameterExpression parameter) : ExpressionVisitor
    {
        public HashSet<ColumnMapping> Columns { get; } = [];

        public bool WholeEntity { get; private set; }

        protected override Expression VisitMember(MemberExpression node)
        {
            if (node.Expression == parameter && table.FindColumnByMember(node.Member.Name) is { } column)
            {
                Columns.Add(column);
                return node;
            }

            return base.VisitMember(node);
        }

        protected override Expression VisitParameter(ParameterExpression node)
        {
            WholeEntity |= node == parameter;
            return node;
        }
    }
}
