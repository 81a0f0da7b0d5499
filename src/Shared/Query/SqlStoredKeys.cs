// Shared source (see src/Shared/README.md): the key expressions of stored types, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The SQL key of a stored value whose stored form does not sort (or group) as .NET compares the value: used by the
/// run-time translator (<c>SqlTranslator.Semantics</c>, <c>.SqliteNet</c>) for ORDER BY keys, GROUP BY terms and
/// comparisons, and by the build-time front end (<c>MicroDbGenerator.GroupEmitter</c>) for group keys, so both write the
/// same text. Each takes the stored value's node (a column) and writes it as often as the key reads it.
/// </summary>
internal static class SqlStoredKeys
{
    /// <summary>The bits of a stored DateTime that are its ticks (MicroDb's format keeps the kind in the top two).</summary>
    public const long DateTimeTicksMask = 0x3FFF_FFFF_FFFF_FFFF;

    /// <summary>The length of a DateTime's ISO-8601 round-trip text before its kind suffix ("", "Z" or "+hh:mm").</summary>
    public const int DateTimeTextLength = 27;

    /// <summary><c>CAST(v AS REAL)</c>: a decimal column read as a number (MicroDb stores exact text, sqlite-net a REAL).</summary>
    /// <param name="column">The column.</param>
    /// <returns>The value node.</returns>
    public static SqlExpression DecimalValue(SqlExpression column) => new SqlCast(column, "REAL");

    /// <summary><c>(v &amp; mask)</c>: a DateTime stored as ticks with its kind, compared by ticks as .NET does.</summary>
    /// <param name="value">The stored value.</param>
    /// <returns>The key node.</returns>
    public static SqlExpression DateTimeTicks(SqlExpression value) =>
        new SqlGroup(new SqlBinary(value, SqlOperator.BitwiseAnd, SqlLiteral.Integer(DateTimeTicksMask)));

    /// <summary><c>substr(v, 1, 27)</c>: a DateTime stored as ISO text, compared without its kind suffix.</summary>
    /// <param name="value">The stored value.</param>
    /// <returns>The key node.</returns>
    public static SqlExpression DateTimeText(SqlExpression value) =>
        new SqlFunction("substr", value, SqlLiteral.One, SqlLiteral.Integer(DateTimeTextLength));

    /// <summary><c>ifnull(v, 0)</c>: a non-nullable float or double, which reads a stored NULL (NaN when written) as 0.</summary>
    /// <param name="value">The stored value.</param>
    /// <returns>The key node.</returns>
    public static SqlExpression FloatingNotNull(SqlExpression value) => new SqlFunction("ifnull", value, SqlLiteral.Zero);

    /// <summary>
    /// Whether a nullable <c>?:</c> key of this type (the nullable's underlying type, by its full name) keys each
    /// non-nullable float branch that reads the row as <see cref="FloatingNotNull"/>: only a <c>double?</c> or <c>float?</c>
    /// one (a floating key); a <c>long?</c> one choosing a converted float keeps the branch as it is. The run time's
    /// <c>SqlTranslator.Key</c> and the generator's grouping keys (<c>MicroDbGenerator.Groups</c>, <c>ConditionalKey</c>) share it.
    /// </summary>
    /// <param name="underlyingFullName">The full name of the key's type without its nullable (<c>System.Double</c>).</param>
    /// <returns>Whether its float branches are keyed as not null.</returns>
    public static bool KeysFloatingBranches(string? underlyingFullName) => underlyingFullName is "System.Double" or "System.Single";

    /// <summary>
    /// A decimal stored as exact invariant text (MicroDb's format), as text that sorts by value: a sign digit, then the
    /// integer part padded to 29 digits and the fraction to 28, each digit reversed (<c>'j' - d</c>) for a negative value.
    /// </summary>
    /// <param name="column">The stored text (a column).</param>
    /// <returns>The key node.</returns>
    public static SqlExpression Decimal(SqlExpression column)
    {
        var magnitude = new SqlFunction("ltrim", column, SqlLiteral.Quoted("-"));
        var dot = new SqlFunction("instr", new SqlBinary(magnitude, SqlOperator.Concat, SqlLiteral.Quoted(".")), SqlLiteral.Quoted("."));
        var integerPart = new SqlFunction(
            "substr",
            new SqlBinary(SqlLiteral.Quoted(new string('0', 29)), SqlOperator.Concat, new SqlFunction("substr", magnitude, SqlLiteral.One, new SqlBinary(dot, SqlOperator.Subtract, SqlLiteral.One))),
            SqlLiteral.Integer(-29));
        var fractionPart = new SqlFunction(
            "substr",
            new SqlBinary(new SqlFunction("substr", magnitude, new SqlBinary(dot, SqlOperator.Add, SqlLiteral.One)), SqlOperator.Concat, SqlLiteral.Quoted(new string('0', 28))),
            SqlLiteral.One,
            SqlLiteral.Integer(28));
        SqlExpression key = new SqlBinary(integerPart, SqlOperator.Concat, fractionPart);
        var reversed = key;
        for (var digit = 0; digit < 10; digit++)
        {
            reversed = new SqlFunction("replace", reversed, SqlLiteral.Quoted(digit.ToString(System.Globalization.CultureInfo.InvariantCulture)), SqlLiteral.Quoted(((char)('j' - digit)).ToString()));
        }

        var negative = new SqlBinary(new SqlFunction("substr", column, SqlLiteral.One, SqlLiteral.One), SqlOperator.Equal, SqlLiteral.Quoted("-"));
        return new SqlGroup(new SqlCase(
            negative,
            new SqlBinary(SqlLiteral.Quoted("0"), SqlOperator.Concat, reversed),
            new SqlBinary(SqlLiteral.Quoted("1"), SqlOperator.Concat, key)));
    }

    /// <summary>
    /// A decimal stored as REAL (sqlite-net's format), as the value it reads back: (decimal)double keeps 15 significant
    /// digits, and at most 28 decimal places for tiny values; NULL stays NULL.
    /// </summary>
    /// <param name="column">The stored REAL, as the column reads (<see cref="DecimalValue"/>).</param>
    /// <returns>The key node.</returns>
    public static SqlExpression SqliteNetDecimal(SqlExpression column)
    {
        var isNull = new SqlIsNull(column, Negated: false);
        var tiny = new SqlBinary(new SqlFunction("abs", column), SqlOperator.LessThan, new SqlLiteral("1e-13"));
        var fixedPoint = new SqlCast(new SqlFunction("printf", SqlLiteral.Quoted("%.28f"), column), "REAL");
        var rounded = new SqlCast(new SqlFunction("printf", SqlLiteral.Quoted("%.15g"), column), "REAL");
        return new SqlGroup(new SqlCase(
            new ValueList<SqlWhen>(new[] { new SqlWhen(isNull, new SqlLiteral("NULL")), new SqlWhen(tiny, fixedPoint) }),
            rounded));
    }
}
