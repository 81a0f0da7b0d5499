using MicroDb.Native;

namespace MicroDb.Query;

// A site whose SQL depends on the connection's storage format: a grouping by a DateTime, DateTimeOffset or decimal key,
// whose GROUP BY term is the stored form's key (SqlStoredKeys), which differs between MicroDb's and sqlite-net's formats;
// a grouping by a DateTime's date parts (SqlDateParts) has a third text, for sqlite-net's DateTime text. A join on such a
// key (its ON condition compares the stored forms' keys) uses the same two texts.
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
