using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Date and time parts (Year, Month, Day, Hour, Minute, Second, DayOfWeek, Date) of DateTime, DateOnly and TimeOnly, from
// each stored form with integer arithmetic or fixed text positions, so they are exact (no REAL julian days).
internal sealed partial class SqlTranslator
{
    private const long TicksPerDay = 864_000_000_000;

    // Julian day number of 0001-01-01 at midnight: SQLite's date functions take it as a date.
    private const string JulianDayOfDayZero = "1721425.5";

    private SqlExpression? TryTranslateDatePart(MemberExpression m)
    {
        if (m.Expression is null)
        {
            return null;
        }

        var owner = m.Expression.Type;
        var part = m.Member.Name;
        if (owner == typeof(DateTime))
        {
            if (_format.Kind == StorageFormatKind.SqliteNet)
            {
                return TrySqliteNetDatePart(m, part);
            }

            var text = StorageColumn(m.Expression, out _)?.Kind == ColumnKind.DateTimeText;
            return text ? TryDateTimeTextPart(m.Expression, part) : TryDateTimeTicksPart(m.Expression, part);
        }

#if NET
        if (owner == typeof(DateOnly))
        {
            return TryTextDatePart(m.Expression, part, allowTime: false);
        }

        if (owner == typeof(TimeOnly))
        {
            return TryTimeOfDayPart(m.Expression, part, ofStoredDateTime: false);
        }
#endif

        return null;
    }

    /// <summary>
    /// Under the sqlite-net format: plain ticks take the ticks arithmetic (the kind mask changes nothing); text takes the
    /// fixed positions when the format puts yyyy-MM-dd (and HH:mm:ss) where MicroDb's own text has them.
    /// </summary>
    private SqlExpression? TrySqliteNetDatePart(MemberExpression m, string part)
    {
        if (_format.StoreDateTimeAsTicks)
        {
            return TryDateTimeTicksPart(m.Expression!, part);
        }

        var layout = DateText;
        if (!layout.DateAtStart || part == "Date" || (!layout.TimeAfterDate && part is "Hour" or "Minute" or "Second"))
        {
            throw Unsupported(m, $"DateTime.{part} is not translated for DateTime stored as text in the format \"{_format.DateTimeStringFormat}\": the part is not at a fixed position of that text (or, for Date, the text would have to be rebuilt in the format)");
        }

        return TryTextDatePart(m.Expression!, part, allowTime: layout.TimeAfterDate);
    }

    /// <summary><c>(ticks &amp; mask)</c>: a stored DateTime's ticks without its kind bits.</summary>
    private SqlExpression MaskedTicks(Expression date) => SqlStoredKeys.DateTimeTicks(Translate(date));

    /// <summary>DateTime stored as ticks with the kind in the top two bits.</summary>
    private SqlExpression? TryDateTimeTicksPart(Expression date, string part)
    {
        switch (part)
        {
            case "Year" or "Month" or "Day":
                {
                    var format = part switch { "Year" => "%Y", "Month" => "%m", _ => "%d" };
                    var days = Group(Binary(MaskedTicks(date), SqlOperator.Divide, SqlLiteral.Integer(TicksPerDay)));
                    var julian = Binary(days, SqlOperator.Add, new SqlLiteral(JulianDayOfDayZero));
                    return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted(format), julian), "INTEGER");
                }

            case "DayOfWeek":
                {
                    // 0001-01-01 was a Monday (1); DayOfWeek counts from Sunday (0).
                    var days = Group(Binary(MaskedTicks(date), SqlOperator.Divide, SqlLiteral.Integer(TicksPerDay)));
                    return Group(Binary(Group(Binary(days, SqlOperator.Add, SqlLiteral.One)), SqlOperator.Modulo, new SqlLiteral("7")));
                }

            case "Date":
                {
                    // Keeps the kind bits: subtract the time of day.
                    var value = Translate(date);
                    var timeOfDay = Group(Binary(MaskedTicks(date), SqlOperator.Modulo, SqlLiteral.Integer(TicksPerDay)));
                    return Group(Binary(value, SqlOperator.Subtract, timeOfDay));
                }

            default:
                return TryTimeOfDayPart(date, part, ofStoredDateTime: true);
        }
    }

    /// <summary>Hour, Minute, Second from ticks of the day (TimeOnly) or of a stored DateTime (masked and reduced first).</summary>
    private SqlExpression? TryTimeOfDayPart(Expression e, string part, bool ofStoredDateTime)
    {
        var divisor = part switch
        {
            "Hour" => TimeSpan.TicksPerHour,
            "Minute" => TimeSpan.TicksPerMinute,
            "Second" => TimeSpan.TicksPerSecond,
            _ => 0,
        };
        if (divisor == 0)
        {
            return null;
        }

        var modulus = part == "Hour" ? 24 : 60;
        var ticks = ofStoredDateTime
            ? Group(Binary(MaskedTicks(e), SqlOperator.Modulo, SqlLiteral.Integer(TicksPerDay)))
            : Group(Translate(e));
        return Group(Binary(Binary(ticks, SqlOperator.Divide, SqlLiteral.Integer(divisor)), SqlOperator.Modulo, SqlLiteral.Integer(modulus)));
    }

    /// <summary>DateTime as ISO round-trip text: fixed positions, the kind suffix kept by Date.</summary>
    private SqlExpression? TryDateTimeTextPart(Expression date, string part)
    {
        if (part == "Date")
        {
            var day = new SqlFunction("substr", Translate(date), SqlLiteral.One, SqlLiteral.Integer(10));
            var suffix = new SqlFunction("substr", Translate(date), SqlLiteral.Integer(DateTimeTextLength + 1));
            return Group(Binary(Binary(day, SqlOperator.Concat, SqlLiteral.Quoted("T00:00:00.0000000")), SqlOperator.Concat, suffix));
        }

        return TryTextDatePart(date, part, allowTime: true);
    }

    /// <summary>yyyy-MM-dd at the start of the text (DateOnly, and DateTime as text), and HH:mm:ss after it.</summary>
    private SqlExpression? TryTextDatePart(Expression e, string part, bool allowTime)
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
            return new SqlCast(new SqlFunction("substr", Translate(e), SqlLiteral.Integer(start), SqlLiteral.Integer(length)), "INTEGER");
        }

        if (part == "DayOfWeek")
        {
            // strftime('%w') counts from Sunday (0), as DayOfWeek does; years 0001-9999 are in its range.
            return new SqlCast(new SqlFunction("strftime", SqlLiteral.Quoted("%w"), new SqlFunction("substr", Translate(e), SqlLiteral.One, SqlLiteral.Integer(10))), "INTEGER");
        }

        return null;
    }
}
