// Shared source (see src/Shared/README.md): string functions' SQL, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The SQLite SQL of a string's <c>Length</c>, case mapping (<c>ToLower</c>, <c>ToUpper</c> and their invariant
/// forms), <c>Substring</c>, trimming and <c>Replace</c>: used by the run-time translator (through <c>SqliteQueryDialect</c>) and by the build-time
/// front end's computed group keys and setters (<c>MicroDbGenerator.GroupEmitter</c>, <c>.SetBased</c>), so both write the same text (values stay the
/// callers' slots).
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

    /// <summary>
    /// <c>Substring(start)</c> / <c>Substring(start, length)</c>: <c>substr(text, (start) + 1[, length])</c> (SQLite counts
    /// from 1, .NET from 0; both count UTF-16 units for text without surrogate pairs).
    /// </summary>
    /// <param name="text">The text.</param>
    /// <param name="start">The .NET start index.</param>
    /// <param name="length">The length, or null for the rest of the text.</param>
    /// <returns>The node.</returns>
    public static SqlExpression Substring(SqlExpression text, SqlExpression start, SqlExpression? length)
    {
        var from = new SqlBinary(new SqlGroup(start), SqlOperator.Add, SqlLiteral.One);
        return length is null ? new SqlFunction("substr", text, from) : new SqlFunction("substr", text, from, length);
    }

    /// <summary>The SQL function of a trimming method (<c>trim</c> for Trim, <c>ltrim</c> for TrimStart, <c>rtrim</c> for TrimEnd), or null.</summary>
    /// <param name="method">The string method's name.</param>
    /// <returns>The function's name, or null for another method.</returns>
    public static string? TrimFunction(string method) => method switch
    {
        "Trim" => "trim",
        "TrimStart" => "ltrim",
        "TrimEnd" => "rtrim",
        _ => null,
    };

    /// <summary><c>Replace(from, to)</c>: SQLite's <c>replace(text, from, to)</c> (ordinal, as .NET's).</summary>
    /// <param name="text">The text.</param>
    /// <param name="from">The text replaced.</param>
    /// <param name="to">Its replacement.</param>
    /// <returns>The node.</returns>
    public static SqlExpression Replace(SqlExpression text, SqlExpression from, SqlExpression to) => new SqlFunction("replace", text, from, to);

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
