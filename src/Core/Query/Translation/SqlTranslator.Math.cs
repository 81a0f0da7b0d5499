using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Math.Round with .NET's rules: to even at the midpoint (SQLite's round() rounds half away from zero, and adds 0.5 in
// floating point, which turns 0.49999999999999994 into 1), and the digits form scaling by a power of ten as .NET does.
internal sealed partial class SqlTranslator
{
    // At and above 2^52 every double is an integer.
    private const string IntegralLimit = "4503599627370496.0";

    private SqlExpression TranslateRound(MethodCallExpression call)
    {
        var args = call.Arguments;
        if (args[0].Type != typeof(double) || args.Count > 2 || (args.Count == 2 && args[1].Type != typeof(int)))
        {
            throw Unsupported(call, "only Math.Round(double) and Math.Round(double, int) have a SQL translation (decimal arithmetic in SQLite is REAL, and other midpoint modes are not translated)");
        }

        if (args.Count == 1)
        {
            return RoundToEven(() => Translate(args[0]));
        }

        if (Uses(args[1]))
        {
            throw Unsupported(call, "the number of digits must not depend on the row");
        }

        var digits = (int)Evaluate(args[1])!;
        if (digits is < 0 or > 15)
        {
            throw Unsupported(call, $"Math.Round digits must be between 0 and 15 (got {digits}), as in .NET");
        }

        // .NET: values of 1e16 and above are returned unchanged; below, value * 10^digits is rounded and divided back.
        var power = Math.Pow(10, digits);
        var large = Binary(new SqlFunction("abs", Translate(args[0])), SqlOperator.GreaterThanOrEqual, new SqlLiteral("1e16"));
        var unchanged = Translate(args[0]);
        var rounded = RoundToEven(() =>
        {
            var value = Translate(args[0]);
            return Group(Binary(value, SqlOperator.Multiply, Parameter(power)));
        });
        return Group(new SqlCase(large, unchanged, Binary(rounded, SqlOperator.Divide, Parameter(power))));
    }

    /// <summary>Rounds to the nearest integer, ties to even, exactly: the fraction x - trunc(x) is exact below 2^52.</summary>
    private static SqlExpression RoundToEven(Func<SqlExpression> value)
    {
        // Each use translates the value again, so its parameter slots appear in the order the text reads them.
        var integral = Binary(new SqlFunction("abs", value()), SqlOperator.GreaterThanOrEqual, new SqlLiteral(IntegralLimit));
        var unchanged = value();
        var truncated = new SqlCast(value(), "INTEGER");
        var fractionAbove = Binary(new SqlFunction("abs", Binary(value(), SqlOperator.Subtract, new SqlCast(value(), "INTEGER"))), SqlOperator.GreaterThan, new SqlLiteral("0.5"));
        var fractionHalf = Binary(new SqlFunction("abs", Binary(value(), SqlOperator.Subtract, new SqlCast(value(), "INTEGER"))), SqlOperator.Equal, new SqlLiteral("0.5"));
        var odd = Binary(Binary(new SqlCast(value(), "INTEGER"), SqlOperator.Modulo, new SqlLiteral("2")), SqlOperator.NotEqual, SqlLiteral.Zero);
        var sign = Group(new SqlCase(Binary(value(), SqlOperator.LessThan, SqlLiteral.Zero), new SqlLiteral("-1"), SqlLiteral.One));
        var adjust = Group(new SqlCase(Or(fractionAbove, Group(And(fractionHalf, odd))), sign, SqlLiteral.Zero));
        var body = new SqlCase(integral, unchanged, Binary(truncated, SqlOperator.Add, adjust));
        return Group(Binary(body, SqlOperator.Multiply, new SqlLiteral("1.0")));
    }
}
