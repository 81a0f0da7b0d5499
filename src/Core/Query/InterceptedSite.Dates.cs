using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// A condition comparing a DateTime, DateTimeOffset or TimeSpan member with a value binds a different number of values
// under each storage format (MicroDb's ticks with the kind: three per equality, six per ordering; sqlite-net's: one), so
// each such value belongs to one format's list (DateValue): a run binds the values of its connection's format only, each
// derived from the compared value as the run-time translator derives it (SqlStoredDates), and takes the run-time path
// where the translator writes other SQL (a sqlite-net text the value does not round-trip through, a TimeSpan stored as
// text ordered).
public sealed partial class InterceptedSite
{
    /// <summary>
    /// Marks the value added last as one of a date comparison's values under one storage format, derived from the compared
    /// value by <paramref name="form"/>. MicroDb's format: <c>k0</c>..<c>k2</c>, <c>b0</c>..<c>b2</c>, <c>x0</c>..<c>x2</c>
    /// (a DateTime's ticks ranges), <c>p</c>, <c>pz</c> (a <c>[StoreAsText]</c> DateTime's text prefix), <c>m</c> (the value
    /// as stored). sqlite-net's format: <c>s</c> (a DateTime as stored, equality), <c>so</c> and <c>sl</c> (a DateTime
    /// ordered with the member first, with the value first: ticks storage only, as the text storage's SQL differs), <c>st</c>
    /// (a TimeSpan ordered: ticks storage only). A value without a form binds under both formats. Call while building the
    /// site, right after the value's <see cref="Value"/> (or <see cref="JoinedValue"/>, <see cref="JoinedOnValue(int, string, string, Type)"/>).
    /// </summary>
    /// <param name="form">How the bound value derives from the compared one.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="form"/> is null.</exception>
    /// <exception cref="InvalidOperationException">No value was added yet.</exception>
    /// <exception cref="ArgumentException"><paramref name="form"/> is not one of the forms.</exception>
    public InterceptedSite DateValue(string form)
    {
        ArgumentNullException.ThrowIfNull(form);
        if (_values.Length == 0)
        {
            throw new InvalidOperationException("DateValue marks the value added last, and the site has no value yet.");
        }

        if (!SqlStoredDates.IsTicksForm(form) && form is not ("p" or "pz" or "m" or "s" or "so" or "sl" or "st"))
        {
            throw new ArgumentException($"'{form}' is not a date value form (k0..k2, b0..b2, x0..x2, p, pz, m, s, so, sl, st).", nameof(form));
        }

        _values[_values.Length - 1] = _values[_values.Length - 1] with { Form = form };
        return this;
    }

    /// <summary>Whether the <paramref name="index"/>-th value is bound under <paramref name="format"/> (one without a form is bound under both).</summary>
    private bool BoundUnder(int index, StorageFormat format) =>
        _values[index].Form is not { } form || (form[0] == 's') == (format.Kind == StorageFormatKind.SqliteNet);

    /// <summary>
    /// Adds <paramref name="value"/>, compared with <paramref name="column"/>, as the run-time translator binds it under
    /// <paramref name="format"/> (a date value by its form). False when the translator would write other SQL for it: the run
    /// then takes the run-time path.
    /// </summary>
    private static bool AddValue(ValueSite site, object value, ColumnMapping column, StorageFormat format, InterceptedValues values)
    {
        if (site.Form is not { } form || form is "m")
        {
            values.Add(value, column, site.MemberType, format);
            return true;
        }

        if (SqlStoredDates.IsTicksForm(form))
        {
            if (value is not DateTime ticks)
            {
                return false;
            }

            values.AddStored(SqlStoredDates.TicksValue(form, ticks.Ticks));
            return true;
        }

        switch (form)
        {
            case "p" or "pz" when value is DateTime text:
                var prefix = ValueEncoding.FormatDateTimeText(text)[..SqlStoredKeys.DateTimeTextLength];
                values.AddStored(form == "p" ? prefix : prefix + "Z");
                return true;
            case "st":
                // A TimeSpan stored as "c" text does not order: the run time refuses it.
                if (!format.StoreTimeSpanAsTicks)
                {
                    return false;
                }

                values.Add(value, column, site.MemberType, format);
                return true;
            case "s" or "so" or "sl" when value is DateTime date:
                if (format.StoreDateTimeAsTicks)
                {
                    values.Add(value, column, site.MemberType, format);
                    return true;
                }

                // As text the run time writes an ordering in a group of its own (and the member first), refuses a zoned
                // format, and writes other SQL for a value its text does not hold exactly (SqlTranslator.SqliteNetComparison).
                if (form != "s" || SqliteNetDateText.Of(format.DateTimeStringFormat).Zoned)
                {
                    return false;
                }

                var stored = date.ToString(format.DateTimeStringFormat, CultureInfo.InvariantCulture);
                if (!ValueEncoding.TryParseSqliteNetDateTime(stored, format, out var back) || back != date)
                {
                    return false;
                }

                values.AddStored(stored);
                return true;
        }

        return false;
    }
}
