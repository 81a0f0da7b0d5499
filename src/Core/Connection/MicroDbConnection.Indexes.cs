using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb;

// Every CreateIndex overload: by index, table and column names, and by member expressions of a mapped type.
public sealed partial class MicroDbConnection
{
    /// <summary>Creates an index if it does not exist.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns, in index order.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    public int CreateIndex(string indexName, string tableName, string[] columnNames, bool unique = false)
    {
        ArgumentException.ThrowIfNullOrEmpty(indexName);
        ArgumentException.ThrowIfNullOrEmpty(tableName);
        if (columnNames is null || columnNames.Length == 0)
        {
            throw new ArgumentException("An index needs at least one column.", nameof(columnNames));
        }

        return Execute(SqlBuilder.CreateIndex(tableName, new IndexMapping(indexName, unique, columnNames), Storage));
    }

    /// <summary>Creates an index named <c>{table}_{column}</c> on one column.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    public int CreateIndex(string tableName, string columnName, bool unique = false) =>
        CreateIndex(IndexRules.DefaultName(tableName, columnName), tableName, [columnName], unique);

    /// <summary>Creates an index on several columns, named after the table and columns.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    public int CreateIndex(string tableName, string[] columnNames, bool unique = false) =>
        CreateIndex(IndexRules.DefaultName(tableName, columnNames), tableName, columnNames, unique);

    /// <summary>
    /// Creates an index on the member(s) <paramref name="property"/> names: <c>x =&gt; x.Name</c> for one column,
    /// <c>x =&gt; new { x.Last, x.First }</c> for a composite index in that order. Named <c>{table}_{column}[_{column}...]</c>.
    /// In a trimmed or NativeAOT app the compiler's expression tree for an anonymous object warns (IL2026, from
    /// System.Linq.Expressions); use the overload taking a list of members there.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="property">The member or members.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    /// <exception cref="ArgumentException">The expression is not a mapped member or an anonymous object of mapped members.</exception>
    public int CreateIndex<T>(Expression<Func<T, object?>> property, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(property);
        var body = StripToObject(property.Body);
        IReadOnlyList<Expression> members = body is NewExpression anonymous ? anonymous.Arguments : [body];
        var table = GetMap<T>().Table;
        var columns = new string[members.Count];
        for (var i = 0; i < columns.Length; i++)
        {
            columns[i] = IndexColumn(table, property, members[i]);
        }

        return CreateIndexOn(table, property, columns, unique);
    }

    /// <summary>
    /// Creates a composite index on <paramref name="properties"/> in order (<c>[x =&gt; x.Last, x =&gt; x.First]</c>),
    /// named <c>{table}_{column}_{column}...</c>. Trim- and AOT-safe form of the anonymous-object overload.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="properties">One expression per member, each <c>x =&gt; x.Member</c>.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    /// <exception cref="ArgumentException">The list is empty or an expression is not a mapped member.</exception>
    public int CreateIndex<T>(IReadOnlyList<Expression<Func<T, object?>>> properties, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(properties);
        var table = GetMap<T>().Table;
        var columns = new string[properties.Count];
        for (var i = 0; i < columns.Length; i++)
        {
            ArgumentNullException.ThrowIfNull(properties[i], nameof(properties));
            columns[i] = IndexColumn(table, properties[i], StripToObject(properties[i].Body));
        }

        return CreateIndexOn(table, null, columns, unique);
    }

    private int CreateIndexOn(TableMapping table, LambdaExpression? expression, string[] columns, bool unique)
    {
        if (columns.Length == 0)
        {
            throw new ArgumentException($"The index {(expression is null ? "member list" : $"expression '{expression}'")} names no member of '{table.EntityTypeName}'.");
        }

        return CreateIndex(table.TableName, columns, unique);
    }

    private static Expression StripToObject(Expression body) =>
        body is UnaryExpression { NodeType: ExpressionType.Convert } convert ? convert.Operand : body;

    private static string IndexColumn(TableMapping table, LambdaExpression expression, Expression member)
    {
        member = StripToObject(member);
        if (member is not MemberExpression access || !ReferenceEquals(access.Expression, expression.Parameters[0]))
        {
            throw new ArgumentException($"The index expression '{expression}' must name members of '{table.EntityTypeName}' (x => x.A or x => new {{ x.A, x.B }}); '{member}' is not one.", nameof(expression));
        }

        return table.FindColumnByMember(access.Member.Name)?.Name
            ?? throw new ArgumentException($"Member '{access.Member.Name}' of '{table.EntityTypeName}' is not a mapped column, so it cannot be indexed.", nameof(expression));
    }
}
