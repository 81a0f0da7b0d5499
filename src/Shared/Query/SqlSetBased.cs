// Shared source (see src/Shared/README.md): the set-based writes' rules, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
using MicroDb.Generator.Shared;

namespace MicroDb.Generator.Shared.Query;
#else
using MicroDb.Mapping;

namespace MicroDb.Query.Model;
#endif

/// <summary>
/// What ExecuteUpdate's SQL is made of beyond the plain query nodes, in one place for the run-time path
/// (<c>TableQuery&lt;T&gt;.ExecuteUpdate</c>) and the build-time front end (the generator's set-based lowering): which
/// column kinds SQLite may compute from the row, the refusal for the others, and the decimal text a computed decimal is
/// written back as under MicroDb's storage format.
/// </summary>
internal static class SqlSetBased
{
    /// <summary>Whether a column of <paramref name="kind"/> may be set from an expression SQLite computes over the row.</summary>
    /// <param name="kind">The column's kind.</param>
    /// <returns>True for numbers (not UInt64), strings and booleans.</returns>
    public static bool Computable(ColumnKind kind) => kind is ColumnKind.Boolean or ColumnKind.Byte or ColumnKind.SByte
        or ColumnKind.Int16 or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64
        or ColumnKind.Single or ColumnKind.Double or ColumnKind.Decimal or ColumnKind.String;

    /// <summary>The refusal of an expression over the row for a column whose stored form SQLite's arithmetic does not give.</summary>
    /// <param name="column">The column name.</param>
    /// <param name="kind">Its kind.</param>
    /// <param name="expression">The setter's expression, as written.</param>
    /// <returns>The message.</returns>
    public static string NotComputable(string column, ColumnKind kind, string expression) =>
        $"ExecuteUpdate cannot compute '{column}' ({kind}) in SQL from '{expression}': its stored form is not what SQLite's arithmetic gives. Set it to a value instead.";

    /// <summary>
    /// <c>(SELECT CASE ... END FROM (SELECT node AS v))</c>: a REAL written as decimal text with 15 significant digits and
    /// never in exponent form (the text MicroDb's decimal comparisons read): <c>%.15g</c> in the usual range, whole
    /// digits from 1e15 up, fixed digits below 1e-4; NULL stays NULL. The node is written once, so its slots keep their
    /// order. Used for a computed decimal under MicroDb's storage format (sqlite-net's stores the REAL itself).
    /// </summary>
    /// <param name="node">The computed value (a REAL).</param>
    /// <returns>The text node.</returns>
    public static SqlExpression DecimalText(SqlExpression node)
    {
        var v = new SqlColumn("v");
        var abs = new SqlFunction("abs", v);
        var text = new SqlCase(
            new ValueList<SqlWhen>(new[]
            {
                new SqlWhen(new SqlIsNull(v, Negated: false), new SqlLiteral("NULL")),
                new SqlWhen(new SqlBinary(abs, SqlOperator.GreaterThanOrEqual, new SqlLiteral("1e15")), Printf("'%.0f'", v)),
                new SqlWhen(
                    new SqlBinary(new SqlBinary(v, SqlOperator.NotEqual, new SqlLiteral("0")), SqlOperator.And, new SqlBinary(abs, SqlOperator.LessThan, new SqlLiteral("1e-4"))),
                    Rtrim(Rtrim(Printf("'%.28f'", v), "'0'"), "'.'")),
            }),
            Printf("'%.15g'", v));
        var inner = QueryModel.Select(null, new ValueList<SqlExpression>(new SqlExpression[] { new SqlAlias(node, "v") }));
        return new SqlScalarQuery(QueryModel.Select(new SqlSubquery(inner), new ValueList<SqlExpression>(new SqlExpression[] { text })));
    }

    private static SqlExpression Printf(string format, SqlExpression value) => new SqlFunction("printf", new SqlLiteral(format), value);

    private static SqlExpression Rtrim(SqlExpression value, string chars) => new SqlFunction("rtrim", value, new SqlLiteral(chars));
}
