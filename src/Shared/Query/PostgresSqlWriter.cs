// Shared source (see src/Shared/README.md): the query model's PostgreSQL writer, compiled into the runtime and the generator.
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
/// Writes the query model as PostgreSQL SQL (issue 24). Everything the two databases write alike is
/// <see cref="SqliteSqlWriter"/>'s; this class overrides only the dialect's pieces:
/// <list type="bullet">
/// <item>a parameter is <c>$n</c>, numbered from its slot (<c>$1</c> for slot 0), so PostgreSQL binds by number and a
/// slot may appear more than once or out of order;</item>
/// <item>paging is <c>LIMIT n</c> and/or <c>OFFSET m</c> (no <c>LIMIT -1</c>);</item>
/// <item><see cref="SqlOperator.Is"/> and <see cref="SqlOperator.IsNot"/> are <c>IS NOT DISTINCT FROM</c> and
/// <c>IS DISTINCT FROM</c> (PostgreSQL's <c>IS</c> takes only NULL, TRUE, FALSE and UNKNOWN);</item>
/// <item>an ascending ORDER BY term sorts NULL first and a descending one last (PostgreSQL's default is the reverse),
/// which is LINQ-to-Objects' order of null;</item>
/// <item>a collation name is a quoted identifier (<c>COLLATE "C"</c>); a sub-query read as a table gets an alias;
/// there is no <c>rowid</c>.</item>
/// </list>
/// </summary>
internal sealed class PostgresSqlWriter : SqliteSqlWriter
{
    /// <summary>The shared instance (the writer keeps no state).</summary>
    public static new PostgresSqlWriter Instance { get; } = new();

    /// <inheritdoc/>
    protected override void WriteParameter(int slot, StringBuilder sql, List<int> slots)
    {
        sql.Append('$').Append((slot + 1).ToString(CultureInfo.InvariantCulture));
        slots.Add(slot);
    }

    /// <inheritdoc/>
    protected override void WritePaging(int? limit, int offset, StringBuilder sql)
    {
        if (limit is { } rows)
        {
            sql.Append(" LIMIT ").Append(rows.ToString(CultureInfo.InvariantCulture));
        }

        if (offset > 0)
        {
            sql.Append(" OFFSET ").Append(offset.ToString(CultureInfo.InvariantCulture));
        }
    }

    /// <inheritdoc/>
    protected override string OperatorText(SqlOperator op) => op switch
    {
        SqlOperator.Is => "IS NOT DISTINCT FROM",
        SqlOperator.IsNot => "IS DISTINCT FROM",
        _ => base.OperatorText(op),
    };

    /// <inheritdoc/>
    protected override void WriteOrderDirection(bool descending, StringBuilder sql) =>
        sql.Append(descending ? " DESC NULLS LAST" : " NULLS FIRST");

    /// <inheritdoc/>
    protected override void WriteSubqueryAlias(StringBuilder sql) => sql.Append(" AS \"s\"");

    /// <inheritdoc/>
    protected override void WriteRowId(StringBuilder sql) =>
        throw new NotSupportedException("PostgreSQL tables have no rowid: the query needs the table's primary key.");

    /// <inheritdoc/>
    protected override string CollationText(string collation) =>
        collation.Length > 1 && collation[0] == '"' ? collation : CrudSqlText.Quote(collation);
}
