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
    /// <summary>SELECT <paramref name="projection"/> FROM <paramref name="source"/>, with no condition, order or limit.</summary>
    public static QueryModel Select(SqlSource? source, ValueList<SqlExpression> projection) =>
        new(source, projection, false, ValueList<SqlExpression>.Empty, ValueList<SqlOrdering>.Empty, null, 0);
}

/// <summary>What a <see cref="QueryModel"/> reads.</summary>
internal abstract record SqlSource;

/// <summary>A table, by its (unquoted) name.</summary>
/// <param name="Name">The table name.</param>
internal sealed record SqlTable(string Name) : SqlSource;

/// <summary>A sub-query read as a table: <c>(SELECT ...)</c>.</summary>
/// <param name="Query">The inner query.</param>
internal sealed record SqlSubquery(QueryModel Query) : SqlSource;

/// <summary>One ORDER BY term.</summary>
/// <param name="Key">The sort key.</param>
/// <param name="Descending">True for DESC.</param>
internal sealed record SqlOrdering(SqlExpression Key, bool Descending);
