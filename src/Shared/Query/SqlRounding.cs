// Shared source (see src/Shared/README.md): Math.Round's SQL, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// <c>Math.Round</c> of a double with .NET's rules, written once for the run-time translator (<c>SqlTranslator.Math</c>)
/// and the build-time setters (<c>MicroDbGenerator.SetBased</c>): to even at the midpoint (SQLite's <c>round()</c> rounds
/// half away from zero, and adds 0.5 in floating point, which turns 0.49999999999999994 into 1), and the digits form
/// scaling by a power of ten as .NET does. The value is written once per use: each call of the factory gives a new node,
/// so its parameter slots appear in the order the text reads them.
/// </summary>
internal static class SqlRounding
{
    /// <summary>The most digits <c>Math.Round(double, int)</c> takes (.NET throws above it).</summary>
    public const int MaxDigits = 15;

    // At and above 2^52 every double is an integer.
    private const string IntegralLimit = "4503599627370496.0";

    /// <summary><c>Math.Round(value)</c>: the nearest integer, ties to even, exactly (the fraction x - trunc(x) is exact below 2^52).</summary>
    /// <param name="value">Gives the value's node, once per use.</param>
    /// <returns>The rounded value, as a REAL.</returns>
    public static SqlExpression ToEven(System.Func<SqlExpression> value)
    {
        var integral = new SqlBinary(new SqlFunction("abs", value()), SqlOperator.GreaterThanOrEqual, new SqlLiteral(IntegralLimit));
        var unchanged = value();
        var truncated = new SqlCast(value(), "INTEGER");
        var fractionAbove = new SqlBinary(new SqlFunction("abs", new SqlBinary(value(), SqlOperator.Subtract, new SqlCast(value(), "INTEGER"))), SqlOperator.GreaterThan, new SqlLiteral("0.5"));
        var fractionHalf = new SqlBinary(new SqlFunction("abs", new SqlBinary(value(), SqlOperator.Subtract, new SqlCast(value(), "INTEGER"))), SqlOperator.Equal, new SqlLiteral("0.5"));
        var odd = new SqlBinary(new SqlBinary(new SqlCast(value(), "INTEGER"), SqlOperator.Modulo, new SqlLiteral("2")), SqlOperator.NotEqual, SqlLiteral.Zero);
        var sign = new SqlGroup(new SqlCase(new SqlBinary(value(), SqlOperator.LessThan, SqlLiteral.Zero), new SqlLiteral("-1"), SqlLiteral.One));
        var adjust = new SqlGroup(new SqlCase(new SqlBinary(fractionAbove, SqlOperator.Or, new SqlGroup(new SqlBinary(fractionHalf, SqlOperator.And, odd))), sign, SqlLiteral.Zero));
        var body = new SqlCase(integral, unchanged, new SqlBinary(truncated, SqlOperator.Add, adjust));
        return new SqlGroup(new SqlBinary(body, SqlOperator.Multiply, new SqlLiteral("1.0")));
    }

    /// <summary>
    /// <c>Math.Round(value, digits)</c>: values of 1e16 and above unchanged (as .NET returns them), below, value * 10^digits
    /// rounded to even and divided back.
    /// </summary>
    /// <param name="value">Gives the value's node, once per use.</param>
    /// <param name="power">Gives the node of 10^digits (a parameter slot), once per use.</param>
    /// <returns>The rounded value.</returns>
    public static SqlExpression ToDigits(System.Func<SqlExpression> value, System.Func<SqlExpression> power)
    {
        var large = new SqlBinary(new SqlFunction("abs", value()), SqlOperator.GreaterThanOrEqual, new SqlLiteral("1e16"));
        var unchanged = value();
        var rounded = ToEven(() =>
        {
            var scaled = value();
            return new SqlGroup(new SqlBinary(scaled, SqlOperator.Multiply, power()));
        });
        return new SqlGroup(new SqlCase(large, unchanged, new SqlBinary(rounded, SqlOperator.Divide, power())));
    }

    /// <summary>The power of ten a digits count scales by, or null outside 0 ... <see cref="MaxDigits"/> (no SQL: .NET throws).</summary>
    /// <param name="digits">The digits.</param>
    /// <returns>10^digits, or null.</returns>
    public static double? Power(int digits) => digits is < 0 or > MaxDigits ? null : System.Math.Pow(10, digits);
}
