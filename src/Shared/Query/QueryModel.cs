// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// One SELECT as plain, equatable data: what it reads (<see cref="Source"/>), which rows (<see cref="Predicates"/>,
/// ANDed), in which order, how many, and what it returns. Values are parameter slots, so two runs of the same query
/// shape give equal models. Shaped to grow: a join is another <see cref="SqlSource"/>, grouping a list beside
/// <see cref="Orderings"/>, a sub-query a <see cref="SqlSubquery"/> source or an <see cref="SqlExists"/> condition.
/// </summary>
/// <param name="Source">The table or sub-query read; null for a SELECT of values only (<c>SELECT EXISTS (...)</c>).</param>
/// <param name="Projection">The selected values, in order.</param>
/// <param name="Distinct">True for SELECT DISTINCT.</param>
/// <param name="Predicates">Conditions a row must meet (ANDed).</param>
/// <param name="Orderings">ORDER BY terms, in order.</param>
/// <param name="Limit">LIMIT, or null for none.</param>
/// <param name="Offset">OFFSET (0 for none).</param>
internal sealed record QueryModel(
    SqlSource? Source,
    ValueList<SqlExpression> Projection,
    bool Distinct,
    ValueList<SqlExpression> Predicates,
    ValueList<SqlOrdering> Orderings,
    int? Limit,
    int Offset)
{
    /// <summary>GROUP BY terms (none: no grouping).</summary>
    public ValueList<SqlExpression> GroupBy { get; init; } = ValueList<SqlExpression>.Empty;

    /// <summary>HAVING conditions (ANDed), over the groups.</summary>
    public ValueList<SqlExpression> Having { get; init; } = ValueList<SqlExpression>.Empty;

    /// <summary>SELECT <paramref name="projection"/> FROM <paramref name="source"/>, with no condition, order or limit.</summary>
    public static QueryModel Select(SqlSource? source, ValueList<SqlExpression> projection) =>
        new(source, projection, false, ValueList<SqlExpression>.Empty, ValueList<SqlOrdering>.Empty, null, 0);
}

/// <summary>What a <see cref="QueryModel"/> reads.</summary>
internal abstract record SqlSource;

/// <summary>A table, by its (unquoted) name.</summary>
/// <param name="Name">The table name.</param>
/// <param name="Alias">The (unquoted) alias its columns are qualified by in a join (<c>FROM "orders" AS "t0"</c>), or null.</param>
internal sealed record SqlTable(string Name, string? Alias = null) : SqlSource;

/// <summary>
/// Two sources joined: <c>left [LEFT] JOIN right ON on</c>. A join of a join nests on the left, so
/// <c>(a JOIN b) JOIN c</c> is written in order, without parentheses. The columns of a join's sides are
/// <see cref="SqlColumn"/> nodes qualified by their table's alias.
/// </summary>
/// <param name="Left">The left source (a table or another join).</param>
/// <param name="Right">The right source.</param>
/// <param name="Kind">Inner or left outer.</param>
/// <param name="On">The join condition.</param>
internal sealed record SqlJoin(SqlSource Left, SqlSource Right, SqlJoinKind Kind, SqlExpression On) : SqlSource;

/// <summary>A sub-query read as a table: <c>(SELECT ...)</c>, or <c>(SELECT ...) AS "alias"</c>.</summary>
/// <param name="Query">The inner query.</param>
/// <param name="Alias">
/// The (unquoted) name its columns are qualified by, or null: a correlated sub-query in the outer query's conditions
/// names the outer row by it.
/// </param>
internal sealed record SqlSubquery(QueryModel Query, string? Alias = null) : SqlSource;

/// <summary>One ORDER BY term.</summary>
/// <param name="Key">The sort key.</param>
/// <param name="Descending">True for DESC.</param>
internal sealed record SqlOrdering(SqlExpression Key, bool Descending);
