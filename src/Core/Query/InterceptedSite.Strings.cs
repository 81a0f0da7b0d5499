namespace MicroDb.Query;

// A string condition's values that the run-time translator derives from the value it reads (SqlTranslator.Strings.cs):
// a case-insensitive match's LIKE pattern, a pattern's text (a char's too), the whitespace Trim() removes, and the text an
// ordinal ordering compares with, which the run time refuses at or above U+D800 (such runs take the run-time path); and a
// captured collection's Contains, IN with one marker per element: the SQL is written with one, repeated per run by count;
// a decimal member's equality with a value, IN the value's spellings at every scale (SqlTranslator.DecimalSpellings), the same way.
public sealed partial class InterceptedSite
{
    // The last IN lists' lengths this thread bound, per site: Sql writes each list that long.
    [ThreadStatic]
    private static ListRun? _listRun;

    // Per value index: how the value read becomes the value bound (Text), or null for as read.
    private string?[]? _texts;

    // The indexes of the values that are IN lists (slot k is the k-th marker in the SQL), in order; null for none.
    private int[]? _lists;

    // A one-list site's SQL by the list's length (the first lengths only).
    private string?[]? _byLength;

    /// <summary>
    /// Marks the <paramref name="value"/>-th value as one the run-time translator derives from the value read, by
    /// <paramref name="form"/>: <c>text</c> its text (a char's as a string), <c>contains</c>, <c>starts</c> or <c>ends</c> a
    /// case-insensitive match's LIKE pattern (its <c>\</c>, <c>%</c> and <c>_</c> escaped), <c>order</c> the text an ordinal
    /// ordering compares with (a run whose text has a character at or above U+D800 takes the run-time path, which refuses
    /// it), <c>ws</c> the whitespace <c>Trim()</c> removes (the value read is not used), <c>in</c> a collection whose elements
    /// are bound one by one as the member's column stores them, the value's one marker in <see cref="Sql"/> repeated as often
    /// (an empty collection or one holding null takes the run-time path: its SQL has another shape), <c>decimal</c> a decimal
    /// compared for equality with a decimal member, bound as IN the value's text at every scale it fits (1.0 and 1.00), the
    /// value's one marker repeated as often (under MicroDb's storage format only; another run takes the run-time path). Call
    /// while building the site, before it is used.
    /// </summary>
    /// <param name="value">The value's index, in slot order.</param>
    /// <param name="form">The form: <c>text</c>, <c>contains</c>, <c>starts</c>, <c>ends</c>, <c>order</c>, <c>ws</c>, <c>in</c> or <c>decimal</c>.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="form"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="value"/> is negative.</exception>
    /// <exception cref="ArgumentException"><paramref name="form"/> is none of the forms.</exception>
    public InterceptedSite Text(int value, string form)
    {
        ArgumentNullException.ThrowIfNull(form);
        if (value < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(value), value, "The value's index cannot be negative.");
        }

        if (form is not ("text" or "contains" or "starts" or "ends" or "order" or "ws" or "in" or "decimal"))
        {
            throw new ArgumentException($"'{form}' is not a text form (text, contains, starts, ends, order, ws, in, decimal).", nameof(form));
        }

        if (form is "in" or "decimal")
        {
            // A decimal has at most 29 spellings (scales 0 to 28): cache every length.
            _lists = [.. (_lists ?? []).Where(i => i != value).Append(value).OrderBy(i => i)];
            _byLength ??= new string?[30];
        }

        var texts = _texts ?? [];
        if (texts.Length <= value)
        {
            Array.Resize(ref texts, value + 1);
        }

        texts[value] = form;
        _texts = texts;
        return this;
    }

    /// <summary>
    /// When the <paramref name="index"/>-th value has a text form: true, and <paramref name="value"/> the value to bind, or
    /// null when the run takes the run-time path.
    /// </summary>
    private bool TryText(int index, ref object? value, StorageFormat format)
    {
        if (_texts is not { } texts || index >= texts.Length || texts[index] is not { } form)
        {
            return false;
        }

        if (form == "in")
        {
            value = List(index, value, format);
            return true;
        }

        if (form == "decimal")
        {
            // SqlTranslator.TryColumnEquality's list; sqlite-net's format (REAL) compares otherwise.
            value = value is null || format.Kind != StorageFormatKind.MicroDb ? null
                : List(index, SqlTranslator.DecimalSpellings(Convert.ToDecimal(value, System.Globalization.CultureInfo.InvariantCulture)), format);
            return true;
        }

        var text = value?.ToString();
        value = form switch
        {
            "ws" => SqlTranslator.WhiteSpace,
            _ when text is null => null,
            "text" => text,
            "order" => Orderable(text) ? text : null,
            "contains" => SqlTranslator.LikePattern(SqlTranslator.StringMatch.Contains, text),
            "starts" => SqlTranslator.LikePattern(SqlTranslator.StringMatch.StartsWith, text),
            _ => SqlTranslator.LikePattern(SqlTranslator.StringMatch.EndsWith, text),
        };
        return true;
    }

    /// <summary>Whether SQLite's UTF-8 order of <paramref name="text"/> is .NET's ordinal one (no character at or above U+D800).</summary>
    private static bool Orderable(string text)
    {
        foreach (var c in text)
        {
            if (c >= '\uD800')
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// The elements of the IN list at value <paramref name="index"/>, its length and its marker noted for <see cref="Sql"/>
    /// (the marker counts only the values bound under <paramref name="format"/>: a date value of the other format has none
    /// in this run); null (the run-time path) for none, a null element, or a run under sqlite-net's format on a site with
    /// a text of its own for it (<see cref="SqlFor"/> expands the lists in <see cref="Sql"/> only, MicroDb's format's text,
    /// which a decimal's spellings and a date condition beside them share).
    /// </summary>
    private ListValue? List(int index, object? value, StorageFormat format)
    {
        if (value is not System.Collections.IEnumerable sequence || value is string
            || format.Kind == StorageFormatKind.SqliteNet && (_sqliteNetSql is not null || _dateTextSql is not null))
        {
            return null;
        }

        var items = new List<object>();
        foreach (var item in sequence)
        {
            if (item is null)
            {
                return null;
            }

            items.Add(item);
        }

        if (items.Count == 0)
        {
            return null;
        }

        var position = Array.IndexOf(_lists!, index);
        var run = _listRun;
        if (run is null || !ReferenceEquals(run.Site, this) || run.Lengths.Length != _lists!.Length)
        {
            run = _listRun = new ListRun(this, new int[_lists!.Length], (int[])_lists!.Clone());
        }

        var marker = 0;
        for (var i = 0; i < index; i++)
        {
            marker += BoundUnder(i, format) ? 1 : 0;
        }

        run.Lengths[position] = items.Count;
        run.Markers[position] = marker;
        return new ListValue(items);
    }

    /// <summary><paramref name="sql"/> with each IN list as long as this thread last bound it (one marker where it bound none).</summary>
    private string ListSql(string sql)
    {
        if (_listRun is not { } run || !ReferenceEquals(run.Site, this))
        {
            return sql;
        }

        // Each list's marker among the markers of the run's format (its value index when every value is bound under both).
        var lists = run.Markers;
        var byLength = _byLength!;
        var cache = lists.Length == 1 && lists[0] == _lists![0] && ReferenceEquals(sql, _sql) && run.Lengths[0] < byLength.Length;
        if (cache && byLength[run.Lengths[0]] is { } known)
        {
            return known;
        }

        var text = new System.Text.StringBuilder(sql.Length + 8);
        var marker = 0;
        var list = 0;
        char? quote = null;
        foreach (var c in sql)
        {
            text.Append(c);
            if (quote is { } open)
            {
                quote = c == open ? null : quote;
            }
            else if (c is '\'' or '"')
            {
                quote = c;
            }
            else if (c == '?')
            {
                // A marker outside quotes: the list's repeats for each further element.
                if (list < lists.Length && lists[list] == marker)
                {
                    for (var i = 1; i < run.Lengths[list]; i++)
                    {
                        text.Append(", ?");
                    }

                    list++;
                }

                marker++;
            }
        }

        var written = text.ToString();
        if (cache)
        {
            byLength[run.Lengths[0]] = written;
        }

        return written;
    }

    /// <summary>An IN list's elements, bound one by one (<see cref="InterceptedValues.Add"/>).</summary>
    internal sealed record ListValue(List<object> Items);

    /// <summary>The IN lists' lengths, and their markers among those the run's storage format binds, of one bind of <see cref="Site"/> on this thread.</summary>
    private sealed record ListRun(InterceptedSite Site, int[] Lengths, int[] Markers);
}
