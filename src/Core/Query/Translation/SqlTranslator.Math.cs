using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Math.Round(double) and Math.Round(double, int), with .NET's rules: the SQL is SqlRounding's (src/Shared/Query), shared
// with the build-time setters.
internal sealed partial class SqlTranslator
{
    private SqlExpression TranslateRound(MethodCallExpression call)
    {
        var args = call.Arguments;
        if (args[0].Type != typeof(double) || args.Count > 2 || (args.Count == 2 && args[1].Type != typeof(int)))
        {
            throw Unsupported(call, "only Math.Round(double) and Math.Round(double, int) have a SQL translation (decimal arithmetic in SQLite is REAL, and other midpoint modes are not translated)");
        }

        if (args.Count == 1)
        {
            return SqlRounding.ToEven(() => Translate(args[0]));
        }

        if (Uses(args[1]))
        {
            throw Unsupported(call, "the number of digits must not depend on the row");
        }

        var digits = (int)Evaluate(args[1])!;
        if (SqlRounding.Power(digits) is not { } power)
        {
            throw Unsupported(call, $"Math.Round digits must be between 0 and {SqlRounding.MaxDigits} (got {digits}), as in .NET");
        }

        return SqlRounding.ToDigits(() => Translate(args[0]), () => Parameter(power));
    }
}
