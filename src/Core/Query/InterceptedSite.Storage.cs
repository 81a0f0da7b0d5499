using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// A site whose SQL depends on the connection's storage format: a grouping by a DateTime, DateTimeOffset or decimal key,
// whose GROUP BY term is the stored form's key (SqlStoredKeys), which differs between MicroDb's and sqlite-net's formats;
// a grouping by a DateTime's date parts (SqlDateParts) has a third text, for sqlite-net's DateTime text. A join on such a
// key (its ON condition compares the stored forms' keys) uses the same two texts. A condition over a double/float member
// whose SQL depends on the value (NaN, whether 0 op value holds) keeps only the values it was written for.
public sealed partial class InterceptedSite
{
    private bool _microDbFormat = true;
    private string? _sqliteNetSql;
    private bool _dateTimeKeys;
    private bool _dateParts;
    private string? _dateTextSql;
    private bool _timeParts;
    private bool _sqliteNetTicks = true;
    private bool _sqliteNetText = true;

    // Per value index: the comparison and 0-op-value result a non-nullable double/float member's SQL was written for (Real).
    private (string? Op, bool ZeroHolds)[]? _real;

    /// <summary>
    /// Sets how the site's SQL depends on the connection's storage format. Call while building the site, before it is used.
    /// </summary>
    /// <param name="microDb">
    /// Whether runs under MicroDb's storage format use <see cref="Sql"/>; false when the run-time path refuses the query
    /// there (a DateTimeOffset key), so such runs take it and throw its error.
    /// </param>
    /// <param name="sqliteNetSql">The SQL under sqlite-net's storage format, or null when it is <see cref="Sql"/>.</param>
    /// <param name="dateTimeKeys">
    /// Whether a key is a DateTime: under sqlite-net's format storing DateTime as text in a format that does not sort or
    /// writes a zone, the run-time path refuses the key, so such runs take it.
    /// </param>
    /// <returns>This site.</returns>
    public InterceptedSite Formats(bool microDb, string? sqliteNetSql, bool dateTimeKeys)
    {
        _microDbFormat = microDb;
        _sqliteNetSql = sqliteNetSql;
        _dateTimeKeys = dateTimeKeys;
        return this;
    }

    /// <summary>
    /// Marks the site's key as holding date parts of a DateTime (Year ... Second), whose GROUP BY term under sqlite-net's
    /// format differs between DateTime stored as ticks (the <see cref="Formats"/> text) and as text. Call while building
    /// the site, after <see cref="Formats"/>.
    /// </summary>
    /// <param name="dateTextSql">
    /// The SQL under sqlite-net's format storing DateTime as text, reading the parts at the text's positions; used only
    /// where the format's text starts with yyyy-MM-dd (and, with <paramref name="timeParts"/>, has HH:mm:ss after it).
    /// Other text formats, and a null text, take the run-time path (which reads the parts there or throws its error).
    /// </param>
    /// <param name="timeParts">Whether a part is Hour, Minute or Second.</param>
    /// <returns>This site.</returns>
    public InterceptedSite DateParts(string? dateTextSql, bool timeParts)
    {
        _dateParts = true;
        _dateTextSql = dateTextSql;
        _timeParts = timeParts;
        return this;
    }

    /// <summary>
    /// Sets which of sqlite-net's storage formats run the site's SQL when its HAVING condition or ordering compares a Min/Max
    /// the run time refuses under some of them (a decimal's under any, a DateTime's stored as text): the others take the
    /// run-time path and throw its error. Call while building the site, after <see cref="Formats"/>.
    /// </summary>
    /// <param name="ticks">Whether runs under sqlite-net's format storing DateTime as ticks use the site's SQL.</param>
    /// <param name="text">Whether runs under sqlite-net's format storing DateTime as text use the site's SQL.</param>
    /// <returns>This site.</returns>
    public InterceptedSite SqliteNetRuns(bool ticks, bool text)
    {
        _sqliteNetTicks = ticks;
        _sqliteNetText = text;
        return this;
    }

    /// <summary>
    /// Marks the <paramref name="value"/>-th value as compared with a non-nullable double or float member, whose SQL includes
    /// the member's stored NULLs (NaN when written, 0 when read) exactly when <c>0 op value</c> holds: a run whose value gives
    /// otherwise than <paramref name="zeroHolds"/> takes the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="value">The value's index, in slot order.</param>
    /// <param name="op">The comparison with the member written first: <c>=</c>, <c>&lt;&gt;</c>, <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c> or <c>&gt;=</c>.</param>
    /// <param name="zeroHolds">Whether <c>0 op value</c> holds for the values the SQL was written for.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="op"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="op"/> is not a comparison operator.</exception>
    public InterceptedSite Real(int value, string op, bool zeroHolds)
    {
        ArgumentNullException.ThrowIfNull(op);
        if (value < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(value), value, "The value's index cannot be negative.");
        }

        if (op is not ("=" or "<>" or "<" or "<=" or ">" or ">="))
        {
            throw new ArgumentException($"'{op}' is not a comparison operator (=, <>, <, <=, >, >=).", nameof(op));
        }

        var real = _real ?? [];
        if (real.Length <= value)
        {
            Array.Resize(ref real, value + 1);
        }

        real[value] = (op, zeroHolds);
        _real = real;
        return this;
    }

    /// <summary>
    /// The <paramref name="index"/>-th value as bound, or null when it does not keep the site's SQL (the run then takes the
    /// run-time path): a double or float compared with a member of that type is NaN for no run (the run time writes a
    /// constant), is bound as a double for a non-nullable member (as the run time binds it) and, with <see cref="Real"/>,
    /// must give the same <c>0 op value</c>.
    /// </summary>
    private object? Admitted(int index, object? value, StorageFormat format)
    {
        if (TryText(index, ref value, format)) return value; // a string condition's derived text (InterceptedSite.Strings.cs)
        if (FormOf(index) is { } form)
        {
            return value is null ? null : AdmittedAs(form, value, format); // InterceptedSite.Values.cs.
        }

        var site = _values[index];
        var nullable = Nullable.GetUnderlyingType(site.MemberType);
        var memberType = nullable ?? site.MemberType;
        if (site.Member.Length == 0 || value is not (double or float) || (memberType != typeof(double) && memberType != typeof(float)))
        {
            return value;
        }

        var number = Convert.ToDouble(value, System.Globalization.CultureInfo.InvariantCulture);
        if (double.IsNaN(number))
        {
            return null;
        }

        var bound = nullable is null ? number : value;
        if (_real is not { } real || index >= real.Length || real[index].Op is not { } op)
        {
            return bound;
        }

        var holds = SqlFloatingNulls.ZeroHolds(op, number);
        return holds == real[index].ZeroHolds ? bound : null;
    }

    /// <summary>The SQL for a connection storing values in <paramref name="format"/>, or null when the run takes the run-time path.</summary>
    internal string? SqlFor(StorageFormat format)
    {
        if (format.Kind != StorageFormatKind.SqliteNet)
        {
            return _microDbFormat ? Sql : null;
        }

        if (!(format.StoreDateTimeAsTicks ? _sqliteNetTicks : _sqliteNetText))
        {
            return null;
        }

        if (_dateTimeKeys && !format.StoreDateTimeAsTicks)
        {
            var text = SqliteNetDateText.Of(format.DateTimeStringFormat);
            if (text.Zoned || !text.Sortable)
            {
                return null;
            }

            if (_dateParts)
            {
                return text.DateAtStart && (text.TimeAfterDate || !_timeParts) ? _dateTextSql : null;
            }
        }

        return _sqliteNetSql ?? Sql;
    }
}
