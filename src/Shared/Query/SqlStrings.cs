// Shared source (see src/Shared/README.md): string functions' SQL, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The SQLite SQL of a string's <c>Length</c> and case mapping (<c>ToLower</c>, <c>ToUpper</c> and their invariant
/// forms), which take no value: used by the run-time translator (through <c>SqliteQueryDialect</c>) and by the build-time
/// front end's computed group keys and setters (<c>MicroDbGenerator.GroupEmitter</c>, <c>.SetBased</c>), so both write the same text.
/// </summary>
internal static class SqlStrings
{
    /// <summary>SQLite's <c>length</c> function (also written by the build-time setters' lowering).</summary>
    public const string LengthFunction = "length";

    /// <summary><c>length(text)</c>: SQLite counts characters, which is .NET's UTF-16 length for text without surrogate pairs.</summary>
    /// <param name="text">The text.</param>
    /// <returns>The node.</returns>
    public static SqlExpression Length(SqlExpression text) => new SqlFunction(LengthFunction, text);


    /// <summary><paramref name="text"/> case-mapped by SQLite's <paramref name="function"/> (<c>lower</c> or <c>upper</c>, ASCII letters only).</summary>
    /// <param name="function">The SQL function.</param>
    /// <param name="text">The text.</param>
    /// <returns>The node.</returns>
    public static SqlExpression CaseMapped(string function, SqlExpression text) => new SqlFunction(function, text);

    /// <summary>The SQL function of a case-mapping method (<c>lower</c> for ToLower and ToLowerInvariant, <c>upper</c> for ToUpper and ToUpperInvariant), or null.</summary>
    /// <param name="method">The string method's name.</param>
    /// <returns>The function's name, or null for another method.</returns>
    public static string? CaseMapping(string method) => method switch
    {
        "ToLower" or "ToLowerInvariant" => "lower",
        "ToUpper" or "ToUpperInvariant" => "upper",
        _ => null,
    };
}
