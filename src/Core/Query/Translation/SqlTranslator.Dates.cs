using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Date and time parts (Year, Month, Day, Hour, Minute, Second, Millisecond, DayOfWeek, DayOfYear, Date) of DateTime,
// DateTimeOffset, DateOnly and TimeOnly, from each stored form with integer arithmetic or fixed text positions, so they
// are exact (no REAL julian days). The SQL rule is src/Shared/Query/SqlDateParts.cs, which the build-time front end's
// date-part group keys use too. A DateTimeOffset's parts are those of its own clock time: MicroDb's text keeps the
// offset, so they are read from the text; sqlite-net's format keeps UtcTicks only (a value reads back at offset 0), so
// they are the UTC parts, the parts of the value as it reads back.
internal sealed partial class SqlTranslator
{
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
            return text
                ? TryDateTimeTextPart(m.Expression, part) ?? SqlDateParts.TextDayOfYearOrMillisecond(Reader(m.Expression), part, allowMilliseconds: true)
                : TryDateTimeTicksPart(m.Expression, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Reader(m.Expression), part);
        }

        if (owner == typeof(DateTimeOffset))
        {
            return TryDateTimeOffsetPart(m, part);
        }

#if NET
        if (owner == typeof(DateOnly))
        {
            return TryTextDatePart(m.Expression, part, allowTime: false) ?? SqlDateParts.TextDayOfYearOrMillisecond(Reader(m.Expression), part, allowMilliseconds: false);
        }

        if (owner == typeof(TimeOnly))
        {
            // Ticks of the day: Millisecond is the ticks' arithmetic (no kind bits to mask, the mask changes nothing).
            return TryTimeOfDayPart(m.Expression, part, ofStoredDateTime: false)
                ?? (part == "Millisecond" ? SqlDateParts.TicksDayOfYearOrMillisecond(Reader(m.Expression), part) : null);
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
            return TryDateTimeTicksPart(m.Expression!, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Reader(m.Expression!), part);
        }

        var layout = DateText;
        var milliseconds = part == "Millisecond" && !SqliteNetDateText.MillisecondsAfterTime(_format.DateTimeStringFormat);
        if (!layout.DateAtStart || part == "Date" || (!layout.TimeAfterDate && part is "Hour" or "Minute" or "Second") || milliseconds)
        {
            throw Unsupported(m, $"DateTime.{part} is not translated for DateTime stored as text in the format \"{_format.DateTimeStringFormat}\": the part is not at a fixed position of that text (or, for Date, the text would have to be rebuilt in the format)");
        }

        return TryTextDatePart(m.Expression!, part, allowTime: layout.TimeAfterDate)
            ?? SqlDateParts.TextDayOfYearOrMillisecond(Reader(m.Expression!), part, allowMilliseconds: true);
    }

    /// <summary>
    /// A DateTimeOffset's part: under MicroDb's format from the ISO text with its offset (the value's own clock time); under
    /// sqlite-net's from the UtcTicks it stores (the UTC clock time, as the value reads back at offset 0). Date (a
    /// DateTime of the value's clock) is not translated: refused naming it.
    /// </summary>
    private SqlExpression? TryDateTimeOffsetPart(MemberExpression m, string part)
    {
        if (part == "Date")
        {
            throw Unsupported(m, "DateTimeOffset.Date is not translated: it is a DateTime of the value's own clock time, which no stored form of a DateTimeOffset compares as a DateTime; compare its Year, Month and Day, or call ToList() first");
        }

        var date = m.Expression!;
        if (_format.Kind == StorageFormatKind.SqliteNet)
        {
            return TryDateTimeTicksPart(date, part) ?? SqlDateParts.TicksDayOfYearOrMillisecond(Reader(date), part);
        }

        return SqlDateParts.DateTimeOffsetTextPart(Reader(date), part);
    }

    /// <summary>A factory of <paramref name="e"/>'s translation, called once per read (each read gets its own parameter slots).</summary>
    private Func<SqlExpression> Reader(Expression e) => () => Translate(e);

    /// <summary>DateTime stored as ticks with the kind in the top two bits (the rule: <see cref="SqlDateParts"/>).</summary>
    private SqlExpression? TryDateTimeTicksPart(Expression date, string part) => SqlDateParts.DateTimeTicksPart(() => Translate(date), part);

    /// <summary>Hour, Minute, Second from ticks of the day (TimeOnly) or of a stored DateTime (masked and reduced first).</summary>
    private SqlExpression? TryTimeOfDayPart(Expression e, string part, bool ofStoredDateTime) => SqlDateParts.TimeOfDayPart(() => Translate(e), part, ofStoredDateTime);

    /// <summary>DateTime as ISO round-trip text: fixed positions, the kind suffix kept by Date.</summary>
    private SqlExpression? TryDateTimeTextPart(Expression date, string part) => SqlDateParts.DateTimeTextPart(() => Translate(date), part);

    /// <summary>yyyy-MM-dd at the start of the text (DateOnly, and DateTime as text), and HH:mm:ss after it.</summary>
    private SqlExpression? TryTextDatePart(Expression e, string part, bool allowTime) => SqlDateParts.TextDatePart(() => Translate(e), part, allowTime);
}
