namespace MicroDb.Query;

// A string condition's values that the run-time translator derives from the value it reads (SqlTranslator.Strings.cs):
// a case-insensitive match's LIKE pattern, a pattern's text (a char's too), the whitespace Trim() removes, and the text an
// ordinal ordering compares with, which the run time refuses at or above U+D800 (such runs take the run-time path).
public sealed partial class InterceptedSite
{
    // Per value index: how the value read becomes the value bound (Text), or null for as read.
    private string?[]? _texts;

    /// <summary>
    /// Marks the <paramref name="value"/>-th value as one the run-time translator derives from the value read, by
    /// <paramref name="form"/>: <c>text</c> its text (a char's as a string), <c>contains</c>, <c>starts</c> or <c>ends</c> a
    /// case-insensitive match's LIKE pattern (its <c>\</c>, <c>%</c> and <c>_</c> escaped), <c>order</c> the text an ordinal
    /// ordering compares with (a run whose text has a character at or above U+D800 takes the run-time path, which refuses
    /// it), <c>ws</c> the whitespace <c>Trim()</c> removes (the value read is not used). Call while building the site, before
    /// it is used.
    /// </summary>
    /// <param name="value">The value's index, in slot order.</param>
    /// <param name="form">The form: <c>text</c>, <c>contains</c>, <c>starts</c>, <c>ends</c>, <c>order</c> or <c>ws</c>.</param>
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

        if (form is not ("text" or "contains" or "starts" or "ends" or "order" or "ws"))
        {
            throw new ArgumentException($"'{form}' is not a text form (text, contains, starts, ends, order, ws).", nameof(form));
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
    private bool TryText(int index, ref object? value)
    {
        if (_texts is not { } texts || index >= texts.Length || texts[index] is not { } form)
        {
            return false;
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
}
