// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The SQL of a group's aggregates, as LINQ-to-Objects' results need them: shared by the run-time translator
/// (<c>SqlTranslator.Groups</c>) and the build-time front end (<c>MicroDbGenerator.GroupEmitter</c>), so both write the
/// same text for the SELECT list, HAVING and ORDER BY.
/// </summary>
internal static class SqlAggregates
{
    /// <summary><c>count(*)</c>: <c>g.Count()</c> and <c>g.LongCount()</c>.</summary>
    public static SqlExpression CountAll() => new SqlFunction("count", new SqlLiteral("*"));

    /// <summary>
    /// <paramref name="name"/> (<c>Sum</c>, <c>Average</c>, <c>Min</c> or <c>Max</c>, LINQ's name) over <paramref name="value"/>:
    /// <c>coalesce(sum(v), 0)</c> (LINQ's Sum skips nulls and gives 0 for none, SQL's sum gives NULL), <c>avg(v)</c>,
    /// <c>min(v)</c>, <c>max(v)</c>.
    /// </summary>
    /// <param name="name">The LINQ aggregate's name.</param>
    /// <param name="value">The aggregated value.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression Of(string name, SqlExpression value) => name switch
    {
        "Sum" => new SqlFunction("coalesce", new SqlFunction("sum", value), SqlLiteral.Zero),
        "Average" => new SqlFunction("avg", value),
        "Min" => new SqlFunction("min", value),
        _ => new SqlFunction("max", value),
    };

    /// <summary>
    /// <paramref name="name"/> over a sub-query's <paramref name="value"/> (SQLite): as <see cref="Of"/>, except that a Sum of a
    /// floating value is <c>total(v)</c> (it adds as REAL, 0.0 for no rows, as LINQ's Sum of a double or float).
    /// Shared by <c>SqlTranslator.AggregateSubquery</c> and the build-time front end (<c>MicroDbGenerator.Subqueries</c>).
    /// </summary>
    /// <param name="name">The LINQ aggregate's name.</param>
    /// <param name="value">The aggregated value.</param>
    /// <param name="integral">Whether the aggregated value is an integer.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression OfSubquery(string name, SqlExpression value, bool integral) =>
        name == "Sum" && !integral ? new SqlFunction("total", value) : Of(name, value);
}
