using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// Date and time parts (Year, Month, Day, Hour, Minute, Second, DayOfWeek, Date) of DateTime, DateOnly and TimeOnly, from
// each stored form with integer arithmetic or fixed text positions, so they are exact (no REAL julian days).
internal sealed partial class SqlTranslator
{
    private const long TicksPerDay = 864_000_000_000;

    // Julian day number of 0001-01-01 at midnight: SQLite's date functions take it as a date.
    private const string JulianDayOfDayZero = "1721425.5";

    private bool TryWriteDatePart(MemberExpression m)
    {
        if (m.Expression is null)
        {
            return false;
        }

        var owner = m.Expression.Type;
        var part = m.Member.Name;
        if (owner == typeof(DateTime))
        {
            if (_format.Kind == StorageFormatKind.SqliteNet)
            {
                return TryWriteSqliteNetDatePart(m, part);
            }

            var text = StorageColumn(m.Expression, out _)?.Kind == ColumnKind.DateTimeText;
            return text ? TryWriteDateTimeTextPart(m.Expression, part) : TryWriteDateTimeTicksPart(m.Expression, part);
        }

        if (owner == typeof(DateOnly))
        {
            return TryWriteTextDatePart(m.Expression, part, allowTime: false);
        }

        if (owner == typeof(TimeOnly))
        {
            return TryWriteTimeOfDayPart(m.Expression, part, ticksOfDay: null);
        }

        return false;
    }

    /// <summary>
    /// Under the sqlite-net format: plain ticks take the ticks arithmetic (the kind mask changes nothing); text takes the
    /// fixed positions when the format puts yyyy-MM-dd (and HH:mm:ss) where MicroDb's own text has them.
    /// </summary>
    private bool TryWriteSqliteNetDatePart(MemberExpression m, string part)
    {
        if (_format.StoreDateTimeAsTicks)
        {
            return TryWriteDateTimeTicksPart(m.Expression!, part);
        }

        var layout = DateText;
        if (!layout.DateAtStart || part == "Date" || (!layout.TimeAfterDate && part is "Hour" or "Minute" or "Second"))
        {
            throw Unsupported(m, $"DateTime.{part} is not translated for DateTime stored as text in the format \"{_format.DateTimeStringFormat}\": the part is not at a fixed position of that text (or, for Date, the text would have to be rebuilt in the format)");
        }

        return TryWriteTextDatePart(m.Expression!, part, allowTime: layout.TimeAfterDate);
    }

    /// <summary>DateTime stored as ticks with the kind in the top two bits.</summary>
    private bool TryWriteDateTimeTicksPart(Expression date, string part)
    {
        switch (part)
        {
            case "Year" or "Month" or "Day":
                {
                    var format = part switch { "Year" => "%Y", "Month" => "%m", _ => "%d" };
                    _sql.Append("CAST(strftime('").Append(format).Append("', ((");
                    Write(date);
                    _sql.Append(" & ").Append(DateTimeTicksMask).Append(") / ").Append(TicksPerDay).Append(") + ").Append(JulianDayOfDayZero).Append(") AS INTEGER)");
                    return true;
                }

            case "DayOfWeek":
                // 0001-01-01 was a Monday (1); DayOfWeek counts from Sunday (0).
                _sql.Append("((((");
                Write(date);
                _sql.Append(" & ").Append(DateTimeTicksMask).Append(") / ").Append(TicksPerDay).Append(") + 1) % 7)");
                return true;
            case "Date":
                // Keeps the kind bits: subtract the time of day.
                _sql.Append('(');
                Write(date);
                _sql.Append(" - ((");
                Write(date);
                _sql.Append(" & ").Append(DateTimeTicksMask).Append(") % ").Append(TicksPerDay).Append("))");
                return true;
            default:
                return TryWriteTimeOfDayPart(date, part, ticksOfDay: $" & {DateTimeTicksMask}) % {TicksPerDay}");
        }
    }

    /// <summary>Hour, Minute, Second from ticks of the day (TimeOnly) or of a stored DateTime (masked and reduced first).</summary>
    private bool TryWriteTimeOfDayPart(Expression e, string part, string? ticksOfDay)
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
            return false;
        }

        var modulus = part == "Hour" ? 24 : 60;
        _sql.Append("((").Append(ticksOfDay is null ? "" : "(");
        Write(e);
        _sql.Append(ticksOfDay ?? "").Append(") / ").Append(divisor).Append(" % ").Append(modulus).Append(')');
        return true;
    }

    /// <summary>DateTime as ISO round-trip text: fixed positions, the kind suffix kept by Date.</summary>
    private bool TryWriteDateTimeTextPart(Expression date, string part)
    {
        if (part == "Date")
        {
            _sql.Append("(substr(");
            Write(date);
            _sql.Append(", 1, 10) || 'T00:00:00.0000000' || substr(");
            Write(date);
            _sql.Append(", ").Append(DateTimeTextLength + 1).Append("))");
            return true;
        }

        return TryWriteTextDatePart(date, part, allowTime: true);
    }

    /// <summary>yyyy-MM-dd at the start of the text (DateOnly, and DateTime as text), and HH:mm:ss after it.</summary>
    private bool TryWriteTextDatePart(Expression e, string part, bool allowTime)
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
            _sql.Append("CAST(substr(");
            Write(e);
            _sql.Append(", ").Append(start).Append(", ").Append(length).Append(") AS INTEGER)");
            return true;
        }

        if (part == "DayOfWeek")
        {
            // strftime('%w') counts from Sunday (0), as DayOfWeek does; years 0001-9999 are in its range.
            _sql.Append("CAST(strftime('%w', substr(");
            Write(e);
            _sql.Append(", 1, 10)) AS INTEGER)");
            return true;
        }

        return false;
    }
}
