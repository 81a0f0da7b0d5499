// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The aliases of a join's tables, the same on both front ends: the run time's <c>JoinScope</c> and the generator's
/// join lowering qualify every column with them, and the intercepted SQL must equal the run time's byte for byte.
/// </summary>
internal static class SqlAliases
{
    /// <summary>The alias of the <paramref name="index"/>-th joined table: <c>t0</c>, <c>t1</c> ...</summary>
    /// <param name="index">The table's place in join order (0 the first).</param>
    /// <returns>The alias.</returns>
    public static string Table(int index) => "t" + index.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>
    /// The alias of a sub-query's table <paramref name="depth"/> levels deep: <c>s0</c>, <c>s1</c> inside it ... (the run
    /// time's <c>SqlTranslator.Subquery</c> and the generator's <c>MicroDbGenerator.Subqueries</c>).
    /// </summary>
    /// <param name="depth">0 for a sub-query of the query itself, one more for each enclosing sub-query.</param>
    /// <returns>The alias.</returns>
    public static string Subquery(int depth) => "s" + depth.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
