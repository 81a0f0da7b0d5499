// Shared source (see src/Shared/README.md): the query model's SQLite writer, compiled into the runtime and the generator.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
#if MICRODB_GENERATOR
using MicroDb.Generator.Shared;

namespace MicroDb.Generator.Shared.Query;
#else
using MicroDb.Mapping;

namespace MicroDb.Query.Model;
#endif

/// <summary>
/// Writes the query model as SQLite SQL. Every <see cref="SqlParameter"/> is written <c>?</c> and its slot appended to
/// the caller's list, so the caller binds the slots' values in the order the markers appear. Identifiers are quoted
/// (<see cref="CrudSqlText.Quote"/>). The virtual members are the dialect seam: a writer for another database overrides
/// the quoting, the parameter marker, the operator text and the paging clause.
/// </summary>
internal class SqliteSqlWriter
{
    /// <summary>The shared instance (the writer keeps no state).</summary>
    public static SqliteSqlWriter Instance { get; } = new();

    /// <summary>Writes <paramref name="expression"/>.</summary>
    /// <param name="expression">The node.</param>
    /// <param name="sql">Where the text goes.</param>
    /// <param name="slots">Receives the slot of each parameter marker written, in order.</param>
    public void Write(SqlExpression expression, StringBuilder sql, List<int> slots)
    {
        switch (expression)
        {
            case SqlColumn column:
                if (column.Table is not null)
                {
                    sql.Append(QuoteIdentifier(column.Table)).Append('.');
                }

                sql.Append(QuoteIdentifier(column.Name));
                return;
            case SqlParameter parameter:
                WriteParameter(parameter.Slot, sql, slots);
                return;
            case SqlRowId rowId:
                if (rowId.Table is not null)
                {
                    sql.Append(QuoteIdentifier(rowId.Table)).Append('.');
                }

                WriteRowId(sql);
                return;
            case SqlLiteral literal:
                sql.Append(literal.Text);
                return;
            case SqlGroup group:
                sql.Append('(');
                Write(group.Inner, sql, slots);
                sql.Append(')');
                return;
            case SqlBinary binary:
                Write(binary.Left, sql, slots);
                sql.Append(' ').Append(OperatorText(binary.Operator)).Append(' ');
                Write(binary.Right, sql, slots);
                return;
            case SqlUnary unary:
                sql.Append(unary.Operator switch
                {
                    SqlUnaryOperator.Not => "NOT ",
                    SqlUnaryOperator.Complement => "~",
                    _ => "-",
                });
                Write(unary.Operand, sql, slots);
                return;
            case SqlIsNull isNull:
                Write(isNull.Operand, sql, slots);
                sql.Append(isNull.Negated ? " IS NOT NULL" : " IS NULL");
                return;
            case SqlFunction function:
                sql.Append(function.Name).Append('(');
                WriteList(function.Arguments, sql, slots);
                sql.Append(')');
                return;
            case SqlCast cast:
                sql.Append("CAST(");
                Write(cast.Operand, sql, slots);
                sql.Append(" AS ").Append(cast.TypeName).Append(')');
                return;
            case SqlCase @case:
                sql.Append("CASE");
                foreach (var when in @case.Whens)
                {
                    sql.Append(" WHEN ");
                    Write(when.Condition, sql, slots);
                    sql.Append(" THEN ");
                    Write(when.Result, sql, slots);
                }

                sql.Append(" ELSE ");
                Write(@case.Else, sql, slots);
                sql.Append(" END");
                return;
            case SqlIn @in:
                Write(@in.Operand, sql, slots);
                sql.Append(@in.Negated ? " NOT IN (" : " IN (");
                WriteList(@in.Values, sql, slots);
                sql.Append(')');
                return;
            case SqlInQuery inQuery:
                Write(inQuery.Operand, sql, slots);
                sql.Append(inQuery.Negated ? " NOT IN (" : " IN (");
                WriteQuery(inQuery.Query, sql, slots);
                sql.Append(')');
                return;
            case SqlLike like:
                Write(like.Operand, sql, slots);
                sql.Append(" LIKE ");
                Write(like.Pattern, sql, slots);
                sql.Append(" ESCAPE '").Append(like.Escape).Append('\'');
                return;
            case SqlCollate collate:
                Write(collate.Operand, sql, slots);
                sql.Append(" COLLATE ").Append(CollationText(collate.Collation));
                return;
            case SqlScalarQuery scalar:
                sql.Append('(');
                WriteQuery(scalar.Query, sql, slots);
                sql.Append(')');
                return;
            case SqlExists exists:
                sql.Append("EXISTS (");
                WriteQuery(exists.Query, sql, slots);
                sql.Append(')');
                return;
            case SqlAlias alias:
                Write(alias.Value, sql, slots);
                sql.Append(" AS ").Append(QuoteIdentifier(alias.Alias));
                return;
            default:
                throw new ArgumentException($"The SQL writer has no form for the node '{expression}'.", nameof(expression));
        }
    }

    /// <summary>Writes <paramref name="query"/> as a SELECT.</summary>
    /// <param name="query">The query.</param>
    /// <param name="sql">Where the text goes.</param>
    /// <param name="slots">Receives the slot of each parameter marker written, in order.</param>
    public void WriteQuery(QueryModel query, StringBuilder sql, List<int> slots)
    {
        sql.Append(query.Distinct ? "SELECT DISTINCT " : "SELECT ");
        WriteList(query.Projection, sql, slots);
        if (query.Source is not null)
        {
            sql.Append(" FROM ");
            WriteSource(query.Source, sql, slots);
        }

        for (var i = 0; i < query.Predicates.Count; i++)
        {
            sql.Append(i == 0 ? " WHERE " : " AND ");
            Write(query.Predicates[i], sql, slots);
        }

        for (var i = 0; i < query.GroupBy.Count; i++)
        {
            sql.Append(i == 0 ? " GROUP BY " : ", ");
            Write(query.GroupBy[i], sql, slots);
        }

        for (var i = 0; i < query.Having.Count; i++)
        {
            sql.Append(i == 0 ? " HAVING " : " AND ");
            Write(query.Having[i], sql, slots);
        }

        for (var i = 0; i < query.Orderings.Count; i++)
        {
            sql.Append(i == 0 ? " ORDER BY " : ", ");
            Write(query.Orderings[i].Key, sql, slots);
            WriteOrderDirection(query.Orderings[i].Descending, sql);
        }

        WritePaging(query.Limit, query.Offset, sql);
    }

    /// <summary>Writes what a query reads: a table (with its alias), a sub-query or a join.</summary>
    /// <param name="source">The source.</param>
    /// <param name="sql">Where the text goes.</param>
    /// <param name="slots">Receives the slot of each parameter marker written, in order.</param>
    public void WriteSource(SqlSource source, StringBuilder sql, List<int> slots)
    {
        switch (source)
        {
            case SqlTable table:
                sql.Append(QuoteIdentifier(table.Name));
                if (table.Alias is not null)
                {
                    sql.Append(" AS ").Append(QuoteIdentifier(table.Alias));
                }

                return;
            case SqlSubquery subquery:
                sql.Append('(');
                WriteQuery(subquery.Query, sql, slots);
                sql.Append(')');
                if (subquery.Alias is not null)
                {
                    sql.Append(" AS ").Append(QuoteIdentifier(subquery.Alias));
                }
                else
                {
                    WriteSubqueryAlias(sql);
                }

                return;
            case SqlJoin join:
                WriteSource(join.Left, sql, slots);
                sql.Append(join.Kind switch { SqlJoinKind.Left => " LEFT JOIN ", SqlJoinKind.Right => " RIGHT JOIN ", _ => " INNER JOIN " });
                WriteSource(join.Right, sql, slots);
                sql.Append(" ON ");
                Write(join.On, sql, slots);
                return;
            default:
                throw new ArgumentException($"The SQL writer has no form for the source '{source}'.", nameof(source));
        }
    }

    /// <summary>Writes <paramref name="update"/> as <c>UPDATE t SET c = v, ... WHERE p1 AND p2 ...</c>.</summary>
    /// <param name="update">The statement.</param>
    /// <param name="sql">Where the text goes.</param>
    /// <param name="slots">Receives the slot of each parameter marker written, in order.</param>
    public void WriteUpdate(UpdateModel update, StringBuilder sql, List<int> slots)
    {
        sql.Append("UPDATE ").Append(QuoteIdentifier(update.Table)).Append(" SET ");
        for (var i = 0; i < update.Assignments.Count; i++)
        {
            sql.Append(i == 0 ? string.Empty : ", ").Append(QuoteIdentifier(update.Assignments[i].Column)).Append(" = ");
            Write(update.Assignments[i].Value, sql, slots);
        }

        WritePredicates(update.Predicates, sql, slots);
    }

    /// <summary>Writes <paramref name="delete"/> as <c>DELETE FROM t WHERE p1 AND p2 ...</c>.</summary>
    /// <param name="delete">The statement.</param>
    /// <param name="sql">Where the text goes.</param>
    /// <param name="slots">Receives the slot of each parameter marker written, in order.</param>
    public void WriteDelete(DeleteModel delete, StringBuilder sql, List<int> slots)
    {
        sql.Append("DELETE FROM ").Append(QuoteIdentifier(delete.Table));
        WritePredicates(delete.Predicates, sql, slots);
    }

    private void WritePredicates(ValueList<SqlExpression> predicates, StringBuilder sql, List<int> slots)
    {
        for (var i = 0; i < predicates.Count; i++)
        {
            sql.Append(i == 0 ? " WHERE " : " AND ");
            Write(predicates[i], sql, slots);
        }
    }

    /// <summary>
    /// LIMIT and OFFSET as integer literals (numbers the query holds, never user text; SQLite runs a one-row query
    /// measurably faster with <c>LIMIT 1</c> than with <c>LIMIT ?</c>). SQLite needs a LIMIT before an OFFSET.
    /// </summary>
    protected virtual void WritePaging(int? limit, int offset, StringBuilder sql)
    {
        if (limit is { } rows)
        {
            sql.Append(" LIMIT ").Append(rows.ToString(CultureInfo.InvariantCulture));
        }

        if (offset > 0)
        {
            sql.Append(limit is null ? " LIMIT -1 OFFSET " : " OFFSET ").Append(offset.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <summary>
    /// The direction after an ORDER BY term: <c> DESC</c> or nothing. SQLite sorts NULL first ascending and last
    /// descending, which is LINQ-to-Objects' order of null, so it needs no NULLS clause.
    /// </summary>
    protected virtual void WriteOrderDirection(bool descending, StringBuilder sql)
    {
        if (descending)
        {
            sql.Append(" DESC");
        }
    }

    /// <summary>What follows a sub-query read as a table: nothing in SQLite, which needs no alias there.</summary>
    protected virtual void WriteSubqueryAlias(StringBuilder sql)
    {
    }

    /// <summary>The row's hidden identity (SQLite's <c>rowid</c>).</summary>
    protected virtual void WriteRowId(StringBuilder sql) => sql.Append("rowid");

    /// <summary>The text of a collation name after <c>COLLATE</c> (SQLite's names are bare words).</summary>
    protected virtual string CollationText(string collation) => collation;

    /// <summary>Quotes an identifier.</summary>
    protected virtual string QuoteIdentifier(string name) => CrudSqlText.Quote(name);

    /// <summary>Writes a parameter marker for <paramref name="slot"/> and records the slot.</summary>
    protected virtual void WriteParameter(int slot, StringBuilder sql, List<int> slots)
    {
        sql.Append('?');
        slots.Add(slot);
    }

    /// <summary>The text of a binary operator.</summary>
    protected virtual string OperatorText(SqlOperator op) => op switch
    {
        SqlOperator.Equal => "=",
        SqlOperator.NotEqual => "<>",
        SqlOperator.Is => "IS",
        SqlOperator.IsNot => "IS NOT",
        SqlOperator.LessThan => "<",
        SqlOperator.LessThanOrEqual => "<=",
        SqlOperator.GreaterThan => ">",
        SqlOperator.GreaterThanOrEqual => ">=",
        SqlOperator.Add => "+",
        SqlOperator.Subtract => "-",
        SqlOperator.Multiply => "*",
        SqlOperator.Divide => "/",
        SqlOperator.Modulo => "%",
        SqlOperator.LeftShift => "<<",
        SqlOperator.RightShift => ">>",
        SqlOperator.BitwiseAnd => "&",
        SqlOperator.BitwiseOr => "|",
        SqlOperator.And => "AND",
        SqlOperator.Or => "OR",
        SqlOperator.Concat => "||",
        _ => throw new ArgumentOutOfRangeException(nameof(op), op, "Unknown SQL operator."),
    };

    private void WriteList(ValueList<SqlExpression> items, StringBuilder sql, List<int> slots)
    {
        for (var i = 0; i < items.Count; i++)
        {
            if (i > 0)
            {
                sql.Append(", ");
            }

            Write(items[i], sql, slots);
        }
    }
}
