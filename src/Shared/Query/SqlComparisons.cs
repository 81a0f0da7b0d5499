// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>A C# comparison written as text (<c>=</c>, <c>&lt;&gt;</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c>) as a model operator, for both front ends.</summary>
internal static class SqlComparisons
{
    /// <summary>The operator of <paramref name="op"/>; with <paramref name="nullable"/>, equality is <c>IS</c>/<c>IS NOT</c> (NULL equals NULL, as in C#).</summary>
    /// <param name="op">The comparison's text.</param>
    /// <param name="nullable">Whether an operand can be NULL and equality must say so.</param>
    /// <returns>The model operator.</returns>
    /// <exception cref="System.ArgumentOutOfRangeException"><paramref name="op"/> is not a comparison.</exception>
    public static SqlOperator Of(string op, bool nullable = false) => op switch
    {
        "=" => nullable ? SqlOperator.Is : SqlOperator.Equal,
        "<>" => nullable ? SqlOperator.IsNot : SqlOperator.NotEqual,
        "<" => SqlOperator.LessThan,
        "<=" => SqlOperator.LessThanOrEqual,
        ">" => SqlOperator.GreaterThan,
        ">=" => SqlOperator.GreaterThanOrEqual,
        _ => throw new System.ArgumentOutOfRangeException(nameof(op), op, "Not a comparison operator."),
    };
}
