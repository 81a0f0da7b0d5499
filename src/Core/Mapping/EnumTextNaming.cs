namespace MicroDb.Mapping;

/// <summary>
/// The parts of <see cref="EnumTextRule{TValue}"/> that need no enum type: whether a value's text is a name (and so may
/// be stored by name), and the two errors. Used by the rule and by the writes that hold a value as an <see cref="Enum"/>
/// (set-based updates).
/// </summary>
internal static class EnumTextNaming
{
    /// <summary>
    /// Whether <paramref name="text"/>, an enum's <see cref="Enum.ToString()"/>, is made of names: it is a number
    /// exactly when the value has no name (nor, for a <c>[Flags]</c> enum, a list of names), and no name starts with a
    /// digit or '-'.
    /// </summary>
    public static bool IsName(string text) => text.Length > 0 && text[0] is not ((>= '0' and <= '9') or '-');

    /// <summary>The error for a stored text that is not a name; the row is left as it is.</summary>
    public static MicroDbException ReadError(string column, string table, string text, string enumName) =>
        new($"Column '{column}' of '{table}' holds '{text}', which is not a valid {enumName}: an enum stored by name reads only one of its names (or, for a [Flags] enum, the list of names it was written as).");

    /// <summary>The error for a value that has no name to be stored under; nothing is written.</summary>
    public static MicroDbException WriteError(string column, string table, string valueText, string enumName) =>
        new($"Column '{column}' of '{table}' stores {enumName} by name, but the value {valueText} is not one of its names (nor, for a [Flags] enum, a combination of them); nothing was written. Give the value a member, or store the enum as a number.");

    /// <summary>The text a set-based write stores for <paramref name="value"/> in an enum column stored by name.</summary>
    /// <exception cref="MicroDbException">The value has no name.</exception>
    public static string Write(Enum value, string column, string table)
    {
        var text = value.ToString();
        return IsName(text) ? text : throw WriteError(column, table, text, value.GetType().Name);
    }
}
