using System.Text;

namespace MicroDb.Mapping;

/// <summary>
/// The one rule for an enum stored by name (<see cref="ColumnKind.EnumText"/>), on both mapping paths: what is written
/// for a value and which stored texts read back. The writer stores <see cref="Enum.ToString()"/>: a member's name, or
/// for a <c>[Flags]</c> enum the comma-separated names .NET gives a combination ("Red, Blue"). A value with no such text
/// (a number that names no member, a flag bit without a name, 0 without a member for it) is refused on write, so that
/// every stored name reads back. The reader takes exactly what the writer writes: one of the names, compared
/// ordinally (a single name in its UTF-8 bytes, without allocating), or a list of names that is exactly the text the
/// writer gives the value it parses to. Numbers ("5"), other spellings ("red", " Red") and lists on an enum without
/// <c>[Flags]</c> ("Red, Blue") are not names. SQL NULL is for the caller: it reads as the member's default (null for a
/// nullable member), as a NULL in a number-stored enum column does, and as sqlite-net does.
/// </summary>
/// <typeparam name="TValue">The values' type: the enum itself (generated maps, <see cref="EnumText{TEnum}"/>), or
/// <see cref="object"/> holding a boxed enum (the reflection path, which cannot instantiate generic code over an enum
/// type known only at run time).</typeparam>
internal abstract class EnumTextRule<TValue>
{
    private readonly string[] _names;
    private readonly byte[][] _utf8;
    private readonly TValue[] _values;

    /// <param name="enumName">The enum type's name, for errors.</param>
    /// <param name="names">The members' names.</param>
    /// <param name="values">The members' values, in the order of <paramref name="names"/>.</param>
    protected EnumTextRule(string enumName, string[] names, TValue[] values)
    {
        EnumName = enumName;
        _names = names;
        _values = values;
        _utf8 = new byte[names.Length][];
        for (var i = 0; i < names.Length; i++)
        {
            _utf8[i] = Encoding.UTF8.GetBytes(names[i]);
        }
    }

    /// <summary>The enum type's name.</summary>
    public string EnumName { get; }

    /// <summary>Reads a single name from its UTF-8 bytes without allocating (false for anything else, lists included).</summary>
    public bool TryRead(ReadOnlySpan<byte> utf8, out TValue value)
    {
        var names = _utf8;
        for (var i = 0; i < names.Length; i++)
        {
            if (utf8.SequenceEqual(names[i]))
            {
                value = _values[i];
                return true;
            }
        }

        value = default!;
        return false;
    }

    /// <summary>Reads a stored text: one of the names, or (only where the writer writes such a list) a list of them.</summary>
    public bool TryRead(string text, out TValue value)
    {
        var names = _names;
        for (var i = 0; i < names.Length; i++)
        {
            if (string.Equals(text, names[i], StringComparison.Ordinal))
            {
                value = _values[i];
                return true;
            }
        }

        // A list: the platform parses it (it would also take numbers, other spacing and, on any enum, a list); only the
        // text the writer writes for the value it names is taken, so a list reads back only from a [Flags] enum.
        if (text.IndexOf(',') >= 0 && TryParseList(text, out value) && string.Equals(Format(value), text, StringComparison.Ordinal))
        {
            return true;
        }

        value = default!;
        return false;
    }

    /// <summary>
    /// Under sqlite-net's storage format only: a stored text that is a number ("2", "-1"), which sqlite-net's reader takes
    /// (it reads an enum stored by name with <c>Enum.Parse</c>), reads as that value, as the platform parses it. Rows
    /// written by other code keep reading as they did with sqlite-net; MicroDb still writes only names.
    /// </summary>
    public bool TryReadSqliteNetNumber(string text, out TValue value)
    {
        if (!EnumTextNaming.IsName(text) && TryParseList(text, out value))
        {
            return true;
        }

        value = default!;
        return false;
    }

    /// <summary>The text stored for <paramref name="value"/>, or null when it has none (see the class's summary).</summary>
    public string? Write(TValue value)
    {
        var text = Format(value);
        return EnumTextNaming.IsName(text) ? text : null;
    }

    /// <summary>The error for a stored text that is not a name; the row is left as it is.</summary>
    public MicroDbException ReadError(string column, string table, string text) => EnumTextNaming.ReadError(column, table, text, EnumName);

    /// <summary>The error for a value that has no name to be stored under; nothing is written.</summary>
    public MicroDbException WriteError(string column, string table, TValue value) => EnumTextNaming.WriteError(column, table, Format(value), EnumName);

    /// <summary>The platform's parse of a list of names.</summary>
    protected abstract bool TryParseList(string text, out TValue value);

    /// <summary>The platform's text for a value (<see cref="Enum.ToString()"/>).</summary>
    protected abstract string Format(TValue value);
}
