// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// C#'s string concatenation in SQL, for the run-time translator (<c>+</c> and <c>string.Concat</c> in any lambda) and the
/// build-time front end (an ExecuteUpdate setter): each part is <c>ifnull(part, '')</c>, since C# treats a null operand
/// as the empty string where SQL's <c>||</c> would make the whole result NULL, joined by <c>||</c> and grouped once.
/// </summary>
internal static class SqlConcat
{
    /// <summary>The parts, in order, concatenated as C# does.</summary>
    /// <param name="ifnull">The dialect's name of SQLite's <c>ifnull</c>.</param>
    /// <param name="parts">The translated parts (at least one), in the order they are written.</param>
    /// <returns>The grouped concatenation.</returns>
    public static SqlExpression Of(string ifnull, IReadOnlyList<SqlExpression> parts)
    {
        SqlExpression? result = null;
        for (var i = 0; i < parts.Count; i++)
        {
            var piece = new SqlFunction(ifnull, parts[i], SqlLiteral.Quoted(""));
            result = result is null ? piece : new SqlBinary(result, SqlOperator.Concat, piece);
        }

        return new SqlGroup(result!);
    }
}
