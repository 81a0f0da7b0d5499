// Shared source (see src/Shared/README.md): the date-part SQL of stored dates, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// The SQL of a date or time part (Year, Month, Day, Hour, Minute, Second, DayOfWeek, Date) of a stored DateTime, DateOnly
/// or TimeOnly, with integer arithmetic or fixed text positions, so it is exact (no REAL julian days). Used by the run-time
/// translator (<c>SqlTranslator.Dates</c>) and by the build-time front end (<c>MicroDbGenerator.GroupEmitter</c>, date-part
/// group keys), so both write the same text. Each takes a factory of the stored value's node, called each time the rule
/// reads the value (the run-time translator gives each read its own parameter slots).
/// </summary>
internal static class SqlDateParts
{
    /// <summary>The ticks in a day.</summary>
    public const long TicksPerDay = 864_000_000_000;

    // Julian day number of 0001-01-01 at midnight: SQLite's date functions take it as a date.
    private const string JulianDayOfDayZero = "1721425.5";

    /// <summary>A part of a DateTime stored as ticks with the kind in the top two bits; null for a part without SQL.</summary>
    /// <param name="value">The stored value's node, made once per read.</param>
    /// <param name="part">The member name (Year ... Date).</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? DateTimeTicksPart(System.Func<SqlExpression> value, string part)
    {
        switch (part)
        {
            case "Year" or "Month" or "Day":
                {
                    var format = part switch { "Year" => "%Y", "Month" => "%m", _ => "%d" };
                    var days = new SqlGroup(new SqlBinary(SqlStoredKeys.DateTimeTicks(value()), SqlOperator.Divide, SqlLiteral.Integer(TicksPerDay)));
                    var julian = new SqlBinary(days, SqlOperator.Add, new SqlLiteral(JulianDayOfDayZero));
                    return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted(format), julian), "INTEGER");
                }

            case "DayOfWeek":
                {
                    // 0001-01-01 was a Monday (1); DayOfWeek counts from Sunday (0).
                    var days = new SqlGroup(new SqlBinary(SqlStoredKeys.DateTimeTicks(value()), SqlOperator.Divide, SqlLiteral.Integer(TicksPerDay)));
                    return new SqlGroup(new SqlBinary(new SqlGroup(new SqlBinary(days, SqlOperator.Add, SqlLiteral.One)), SqlOperator.Modulo, new SqlLiteral("7")));
                }

            case "Date":
                {
                    // Keeps the kind bits: subtract the time of day.
                    var stored = value();
                    var timeOfDay = new SqlGroup(new SqlBinary(SqlStoredKeys.DateTimeTicks(value()), SqlOperator.Modulo, SqlLiteral.Integer(TicksPerDay)));
                    return new SqlGroup(new SqlBinary(stored, SqlOperator.Subtract, timeOfDay));
                }

            default:
                return TimeOfDayPart(value, part, ofStoredDateTime: true);
        }
    }

    /// <summary>Hour, Minute, Second from ticks of the day (TimeOnly) or of a stored DateTime (masked and reduced first).</summary>
    /// <param name="value">The stored value's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <param name="ofStoredDateTime">Whether the value is a stored DateTime (ticks with its kind) rather than ticks of the day.</param>
    /// <returns>The part's node, or null for another part.</returns>
    public static SqlExpression? TimeOfDayPart(System.Func<SqlExpression> value, string part, bool ofStoredDateTime)
    {
        var divisor = part switch
        {
            "Hour" => 36_000_000_000L,
            "Minute" => 600_000_000L,
            "Second" => 10_000_000L,
            _ => 0L,
        };
        if (divisor == 0)
        {
            return null;
        }

        var modulus = part == "Hour" ? 24 : 60;
        var ticks = ofStoredDateTime
            ? new SqlGroup(new SqlBinary(SqlStoredKeys.DateTimeTicks(value()), SqlOperator.Modulo, SqlLiteral.Integer(TicksPerDay)))
            : new SqlGroup(value());
        return new SqlGroup(new SqlBinary(new SqlBinary(ticks, SqlOperator.Divide, SqlLiteral.Integer(divisor)), SqlOperator.Modulo, SqlLiteral.Integer(modulus)));
    }

    /// <summary>A part of a DateTime stored as ISO round-trip text (MicroDb's text format): fixed positions, the kind suffix kept by Date.</summary>
    /// <param name="value">The stored value's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? DateTimeTextPart(System.Func<SqlExpression> value, string part)
    {
        if (part == "Date")
        {
            var day = new SqlFunction("substr", value(), SqlLiteral.One, SqlLiteral.Integer(10));
            var suffix = new SqlFunction("substr", value(), SqlLiteral.Integer(SqlStoredKeys.DateTimeTextLength + 1));
            return new SqlGroup(new SqlBinary(new SqlBinary(day, SqlOperator.Concat, SqlLiteral.Quoted("T00:00:00.0000000")), SqlOperator.Concat, suffix));
        }

        return TextDatePart(value, part, allowTime: true);
    }

    /// <summary>yyyy-MM-dd at the start of the text (DateOnly, and DateTime as text), and HH:mm:ss after it.</summary>
    /// <param name="value">The stored text's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <param name="allowTime">Whether HH:mm:ss follows the date at position 12.</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? TextDatePart(System.Func<SqlExpression> value, string part, bool allowTime)
    {
        var (start, length) = part switch
        {
            "Year" => (1, 4),
            "Month" => (6, 2),
            "Day" => (9, 2),
            "Hour" when allowTime => (12, 2),
            "Minute" when allowTime => (15, 2),
            "Second" when allowTime => (18, 2),
            _ => (0, 0),
        };
        if (start > 0)
        {
            return new SqlCast(new SqlFunction("substr", value(), SqlLiteral.Integer(start), SqlLiteral.Integer(length)), "INTEGER");
        }

        if (part == "DayOfWeek")
        {
            // strftime('%w') counts from Sunday (0), as DayOfWeek does; years 0001-9999 are in its range.
            return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted("%w"), new SqlFunction("substr", value(), SqlLiteral.One, SqlLiteral.Integer(10))), "INTEGER");
        }

        return null;
    }

    /// <summary>
    /// DayOfYear and Millisecond of ticks: a DateTime stored as ticks with the kind in the top two bits (masked, so plain
    /// ticks and a DateTimeOffset's UtcTicks, which have no kind bits, read the same); null for another part.
    /// </summary>
    /// <param name="value">The stored value's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? TicksDayOfYearOrMillisecond(System.Func<SqlExpression> value, string part)
    {
        if (part == "DayOfYear")
        {
            var days = new SqlGroup(new SqlBinary(SqlStoredKeys.DateTimeTicks(value()), SqlOperator.Divide, SqlLiteral.Integer(TicksPerDay)));
            var julian = new SqlBinary(days, SqlOperator.Add, new SqlLiteral(JulianDayOfDayZero));
            return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted("%j"), julian), "INTEGER");
        }

        if (part == "Millisecond")
        {
            // 10,000 ticks a millisecond; the remainder of the second's 1,000 milliseconds.
            var ticks = SqlStoredKeys.DateTimeTicks(value());
            return new SqlGroup(new SqlBinary(new SqlBinary(ticks, SqlOperator.Divide, SqlLiteral.Integer(10_000)), SqlOperator.Modulo, SqlLiteral.Integer(1_000)));
        }

        return null;
    }

    /// <summary>
    /// DayOfYear (<c>strftime('%j')</c> of the yyyy-MM-dd at the start of the text) and, where <paramref name="allowMilliseconds"/>,
    /// Millisecond (the three digits after <c>yyyy-MM-ddTHH:mm:ss.</c>); null for another part.
    /// </summary>
    /// <param name="value">The stored text's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <param name="allowMilliseconds">Whether at least three fraction digits follow the seconds at position 21.</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? TextDayOfYearOrMillisecond(System.Func<SqlExpression> value, string part, bool allowMilliseconds)
    {
        if (part == "DayOfYear")
        {
            return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted("%j"), new SqlFunction("substr", value(), SqlLiteral.One, SqlLiteral.Integer(10))), "INTEGER");
        }

        if (part == "Millisecond" && allowMilliseconds)
        {
            return new SqlCast(new SqlFunction("substr", value(), SqlLiteral.Integer(21), SqlLiteral.Integer(3)), "INTEGER");
        }

        return null;
    }

    /// <summary>
    /// A part of a DateTimeOffset stored as MicroDb's ISO text (<c>yyyy-MM-ddTHH:mm:ss.fffffff+hh:mm</c>): the clock time
    /// in the value's own offset, as <see cref="System.DateTimeOffset"/>'s parts are, so every part but Date is at a fixed
    /// position (Year ... Second, Millisecond, DayOfWeek, DayOfYear); null for another part.
    /// </summary>
    /// <param name="value">The stored text's node, made once per read.</param>
    /// <param name="part">The member name.</param>
    /// <returns>The part's node, or null.</returns>
    public static SqlExpression? DateTimeOffsetTextPart(System.Func<SqlExpression> value, string part) =>
        part == "Date" ? null : TextDatePart(value, part, allowTime: true) ?? TextDayOfYearOrMillisecond(value, part, allowMilliseconds: true);
}
