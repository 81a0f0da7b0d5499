using System.Linq.Expressions;

namespace MicroDb.Query;

// Math.Round with .NET's rules: to even at the midpoint (SQLite's round() rounds half away from zero, and adds 0.5 in
// floating point, which turns 0.49999999999999994 into 1), and the digits form scaling by a power of ten as .NET does.
internal sealed partial class SqlTranslator
{
    // At and above 2^52 every double is an integer.
    private const string IntegralLimit = "4503599627370496.0";

    private void WriteRound(MethodCallExpression call)
    {
        var args = call.Arguments;
        if (args[0].Type != typeof(double) || args.Count > 2 || (args.Count == 2 && args[1].Type != typeof(int)))
        {
            throw Unsupported(call, "only Math.Round(double) and Math.Round(double, int) have a SQL translation (decimal arithmetic in SQLite is REAL, and other midpoint modes are not translated)");
        }

        if (args.Count == 1)
        {
            WriteRoundToEven(() => Write(args[0]));
            return;
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
        _sql.Append("(CASE WHEN abs(");
        Write(args[0]);
        _sql.Append(") >= 1e16 THEN ");
        Write(args[0]);
        _sql.Append(" ELSE ");
        WriteRoundToEven(() =>
        {
            _sql.Append('(');
            Write(args[0]);
            _sql.Append(" * ?)");
            _args.Add(power);
        });
        _sql.Append(" / ?");
        _args.Add(power);
        _sql.Append(" END)");
    }

    /// <summary>Rounds to the nearest integer, ties to even, exactly: the fraction x - trunc(x) is exact below 2^52.</summary>
    private void WriteRoundToEven(Action value)
    {
        _sql.Append("(CASE WHEN abs(");
        value();
        _sql.Append(") >= ").Append(IntegralLimit).Append(" THEN ");
        value();
        _sql.Append(" ELSE CAST(");
        value();
        _sql.Append(" AS INTEGER) + (CASE WHEN abs(");
        value();
        _sql.Append(" - CAST(");
        value();
        _sql.Append(" AS INTEGER)) > 0.5 OR (abs(");
        value();
        _sql.Append(" - CAST(");
        value();
        _sql.Append(" AS INTEGER)) = 0.5 AND CAST(");
        value();
        _sql.Append(" AS INTEGER) % 2 <> 0) THEN (CASE WHEN ");
        value();
        _sql.Append(" < 0 THEN -1 ELSE 1 END) ELSE 0 END) END * 1.0)");
    }
}
