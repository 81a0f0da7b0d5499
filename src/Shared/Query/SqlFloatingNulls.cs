// Shared source (see src/Shared/README.md): how a non-nullable float column's stored NULL compares, for the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// A non-nullable <c>double</c>/<c>float</c> column may hold NULL (a NaN when written) that reads back as 0, so
/// <c>column op value</c> includes the NULL rows exactly when <c>0 op value</c> holds. The run-time translator
/// (<c>SqlTranslator.Semantics</c>) writes the comparison by this rule, the build-time front end
/// (<c>MicroDbGenerator.Interceptors</c>) picks the same form for a constant, and <c>InterceptedSite</c> checks a captured
/// value against the form the site was written for.
/// </summary>
internal static class SqlFloatingNulls
{
    /// <summary>Whether <c>0 op value</c> holds (as .NET compares: with NaN only <c>&lt;&gt;</c> holds).</summary>
    /// <param name="op">The comparison with the column first: <c>=</c>, <c>&lt;&gt;</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c> or <c>&gt;=</c>.</param>
    /// <param name="value">The value compared with.</param>
    /// <returns>Whether a stored NULL (read as 0) satisfies the comparison.</returns>
    /// <exception cref="System.ArgumentOutOfRangeException"><paramref name="op"/> is not a comparison.</exception>
    public static bool ZeroHolds(string op, double value) => op switch
    {
        "=" => value == 0,
        "<>" => value != 0,
        "<" => 0 < value,
        "<=" => 0 <= value,
        ">" => 0 > value,
        ">=" => 0 >= value,
        _ => throw new System.ArgumentOutOfRangeException(nameof(op), op, "Not a comparison operator."),
    };
}
