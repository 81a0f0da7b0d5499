using System.Text;

namespace MicroDb.Query;

/// <summary>
/// What SQL can do with DateTime text in a sqlite-net <c>DateTimeStringFormat</c>: whether the text carries a zone (then
/// equal instants can differ as text and read back converted, so it is not compared in SQL), whether it sorts as the
/// values do (fixed-width fields from year down to fractions: the default format, "yyyy-MM-dd HH:mm:ss", "s"), and
/// whether the date and time fields sit at the positions the date-part translation reads.
/// </summary>
internal readonly record struct SqliteNetDateText(bool Zoned, bool Sortable, bool DateAtStart, bool TimeAfterDate)
{
    /// <summary>Classifies a format string.</summary>
    public static SqliteNetDateText Of(string format)
    {
        var pattern = format switch
        {
            "s" => "yyyy-MM-ddTHH:mm:ss",
            "o" or "O" or "r" or "R" => null,
            _ => format.Length == 1 ? "" : Unquote(format),
        };
        if (pattern is null)
        {
            return new(Zoned: true, Sortable: false, DateAtStart: false, TimeAfterDate: false);
        }

        var zoned = pattern.Contains('K') || pattern.Contains('z');
        var sortable = !zoned && IsSortable(pattern);
        var dateAtStart = sortable && pattern.StartsWith("yyyy-MM-dd", StringComparison.Ordinal);
        var timeAfterDate = dateAtStart && pattern.Length >= 19 && pattern[10] is 'T' or ' ' && pattern.AsSpan(11, 8).SequenceEqual("HH:mm:ss");
        return new(zoned, sortable, dateAtStart, timeAfterDate);
    }

    /// <summary>
    /// Whether <paramref name="format"/> puts at least three fraction digits (<c>fff</c>, zeros kept) right after the time
    /// of <see cref="TimeAfterDate"/>, at position 21 of the text: there the Millisecond part is at a fixed position.
    /// </summary>
    public static bool MillisecondsAfterTime(string format)
    {
        if (!Of(format).TimeAfterDate || format.Length == 1)
        {
            return false;
        }

        var pattern = Unquote(format);
        return pattern.Length >= 23 && pattern[19] == '.' && pattern.AsSpan(20, 3).SequenceEqual("fff");
    }

    /// <summary>The format with quoted literals and escapes resolved (letters that came from literals marked as '#').</summary>
    private static string Unquote(string format)
    {
        var sb = new StringBuilder(format.Length);
        char? quote = null;
        for (var i = 0; i < format.Length; i++)
        {
            var c = format[i];
            if (quote is { } q)
            {
                if (c == q)
                {
                    quote = null;
                }
                else
                {
                    sb.Append(c == 'T' ? 'T' : char.IsLetter(c) ? '#' : c);
                }
            }
            else if (c is '\'' or '"')
            {
                quote = c;
            }
            else if (c == '\\' && i + 1 < format.Length)
            {
                i++;
                sb.Append(format[i] == 'T' ? 'T' : char.IsLetter(format[i]) ? '#' : format[i]);
            }
            else
            {
                sb.Append(c);
            }
        }

        return sb.ToString();
    }

    /// <summary>yyyy, MM, dd, HH, mm, ss, then fixed fraction digits, most significant first, each optional from the right, one separator between.</summary>
    private static bool IsSortable(string pattern)
    {
        string[] fields = ["yyyy", "MM", "dd", "HH", "mm", "ss"];
        var i = 0;
        for (var f = 0; f < fields.Length; f++)
        {
            if (f > 0)
            {
                if (i == pattern.Length)
                {
                    return true;
                }

                // One separator that is not itself a format letter ('T' only as a literal).
                if (pattern[i] is not ('-' or '/' or '.' or ':' or ' ' or 'T' or '_'))
                {
                    return false;
                }

                i++;
            }

            if (string.CompareOrdinal(pattern, i, fields[f], 0, fields[f].Length) != 0)
            {
                return false;
            }

            i += fields[f].Length;
            if (i < pattern.Length && pattern[i] == fields[f][0])
            {
                return false; // "yyyyy", "MMM": not the fixed-width field
            }
        }

        if (i == pattern.Length)
        {
            return true;
        }

        if (pattern[i] is not ('.' or ','))
        {
            return false;
        }

        var digits = pattern.Length - i - 1;
        return digits is >= 1 and <= 7 && pattern.AsSpan(i + 1).IndexOfAnyExcept('f') < 0;
    }
}
