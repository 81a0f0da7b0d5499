using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Date and time parts (Year, Month, Day, Hour, Minute, Second, DayOfWeek, Date) of DateTime, DateOnly and TimeOnly, from
// each stored form with integer arithmetic or fixed text positions, so they are exact (no REAL julian days). The SQL rule
// is src/Shared/Query/SqlDateParts.cs, which the build-time front end's date-part group keys use too.
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

    /// <summary>DateTime stored as ticks with the kind in the top two bits (the rule: <see cref="SqlDateParts"/>).</summary>
    private SqlExpression? TryDateTimeTicksPart(Expression date, string part) => SqlDateParts.DateTimeTicksPart(() => Translate(date), part);

    /// <summary>Hour, Minute, Second from ticks of the day (TimeOnly) or of a stored DateTime (masked and reduced first).</summary>
    private SqlExpression? TryTimeOfDayPart(Expression e, string part, bool ofStoredDateTime) => SqlDateParts.TimeOfDayPart(() => Translate(e), part, ofStoredDateTime);

    /// <summary>DateTime as ISO round-trip text: fixed positions, the kind suffix kept by Date.</summary>
    private SqlExpression? TryDateTimeTextPart(Expression date, string part) => SqlDateParts.DateTimeTextPart(() => Translate(date), part);

    /// <summary>yyyy-MM-dd at the start of the text (DateOnly, and DateTime as text), and HH:mm:ss after it.</summary>
    private SqlExpression? TryTextDatePart(Expression e, string part, bool allowTime) => SqlDateParts.TextDatePart(() => Translate(e), part, allowTime);
}
