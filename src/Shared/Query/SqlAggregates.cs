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
    /// <c>count(CASE WHEN condition THEN 1 ELSE NULL END)</c>: <c>g.Count(predicate)</c> and <c>g.LongCount(predicate)</c>
    /// (count() skips NULLs: one per row whose condition holds).
    /// </summary>
    /// <param name="condition">The predicate's condition over the group's rows.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression CountWhere(SqlExpression condition) => new SqlFunction("count", new SqlCase(condition, SqlLiteral.One, new SqlLiteral("NULL")));

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

    // The exact aggregates (issue 22) SQL's own functions would get wrong, MicroDb's functions registered on every
    // connection (MicroDb.Native.ExactAggregates): decimal Sum/Average, Min/Max by .NET's order or the current culture.

    /// <summary><c>microdb_min(key, value)</c>: the value of the first row with the least key (NULL keys skipped).</summary>
    public const string ExactMin = "microdb_min";

    /// <summary><c>microdb_max(key, value)</c>: the value of the first row with the greatest key.</summary>
    public const string ExactMax = "microdb_max";

    /// <summary><c>microdb_min_text(value)</c>: the least string by the current culture's comparer.</summary>
    public const string MinText = "microdb_min_text";

    /// <summary><c>microdb_max_text(value)</c>: the greatest string by the current culture's comparer.</summary>
    public const string MaxText = "microdb_max_text";

    /// <summary><c>microdb_sum_decimal(value)</c>: the decimal sum as invariant text ("0" over no value).</summary>
    public const string SumDecimal = "microdb_sum_decimal";

    /// <summary><c>microdb_avg_decimal(value)</c>: the decimal average (sum / count) as invariant text, NULL over no value.</summary>
    public const string AverageDecimal = "microdb_avg_decimal";

    /// <summary><c>microdb_sum_decimal_key(value)</c>: the decimal sum's exact order key (the translator's decimal key text), for HAVING and ORDER BY.</summary>
    public const string SumDecimalKey = "microdb_sum_decimal_key";

    /// <summary><c>microdb_avg_decimal_key(value)</c>: the decimal average's exact order key, NULL over no value.</summary>
    public const string AverageDecimalKey = "microdb_avg_decimal_key";

    /// <summary><c>microdb_utc_ticks(text)</c>: a scalar function, the UtcTicks of a DateTimeOffset stored as ISO-8601 text (an integer passes through).</summary>
    public const string UtcTicks = "microdb_utc_ticks";

    /// <summary><c>microdb_min(key, value)</c> or <c>microdb_max(key, value)</c>: Min/Max of a value whose stored form does not order like .NET's, chosen by its order key.</summary>
    /// <param name="name">The LINQ aggregate's name (<c>Min</c> or <c>Max</c>).</param>
    /// <param name="key">The value's order key (what ORDER BY sorts it by).</param>
    /// <param name="stored">The stored value, returned as stored.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression Best(string name, SqlExpression key, SqlExpression stored) => new SqlFunction(name == "Min" ? ExactMin : ExactMax, key, stored);

    /// <summary><c>microdb_min_text(value)</c> or <c>microdb_max_text(value)</c>: Min/Max of strings by the current culture, as LINQ compares them.</summary>
    /// <param name="name">The LINQ aggregate's name (<c>Min</c> or <c>Max</c>).</param>
    /// <param name="value">The strings.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression TextExtreme(string name, SqlExpression value) => new SqlFunction(name == "Min" ? MinText : MaxText, value);

    /// <summary><c>microdb_sum_decimal(value)</c> or <c>microdb_avg_decimal(value)</c>: a decimal member's Sum/Average added as decimal.</summary>
    /// <param name="name">The LINQ aggregate's name (<c>Sum</c> or <c>Average</c>).</param>
    /// <param name="value">The decimal column.</param>
    /// <returns>The aggregate node.</returns>
    public static SqlExpression DecimalTotal(string name, SqlExpression value) => new SqlFunction(name == "Sum" ? SumDecimal : AverageDecimal, value);

    /// <summary><c>microdb_sum_decimal_key(value)</c> or <c>microdb_avg_decimal_key(value)</c>: a decimal Sum/Average as HAVING compares it and ORDER BY sorts it (its exact key text).</summary>
    /// <param name="name">The LINQ aggregate's name (<c>Sum</c> or <c>Average</c>).</param>
    /// <param name="value">The decimal column.</param>
    /// <returns>The key node.</returns>
    public static SqlExpression DecimalTotalKey(string name, SqlExpression value) => new SqlFunction(name == "Sum" ? SumDecimalKey : AverageDecimalKey, value);
}
