using System.Buffers;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using SQLitePCL;

namespace MicroDb.Native;

// Typed parameter binding. Each overload fixes how one CLR type is stored, so the reflection path,
// the generated path and hand-written SQL all write the same bytes. Parameter indexes are 1-based.
public sealed partial class SqliteStatement
{
    /// <summary>Binds SQL NULL.</summary>
    /// <param name="index">1-based parameter index.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void BindNull(int index) => Check(raw.sqlite3_bind_null(Handle, index));

    /// <summary>Binds a 64-bit integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Bind(int index, long value) => Check(raw.sqlite3_bind_int64(Handle, index, value));

    /// <summary>Binds an integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Bind(int index, int value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds a boolean as 0 or 1.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, bool value) => Check(raw.sqlite3_bind_int(Handle, index, value ? 1 : 0));

    /// <summary>Binds a byte as an integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, byte value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds a signed byte as an integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, sbyte value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds a 16-bit integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, short value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds an unsigned 16-bit integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, ushort value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds an unsigned 32-bit integer.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, uint value) => Check(raw.sqlite3_bind_int64(Handle, index, value));

    /// <summary>Binds an unsigned 64-bit integer by its bit pattern (values above <see cref="long.MaxValue"/> are stored negative and round-trip exactly).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, ulong value) => Check(raw.sqlite3_bind_int64(Handle, index, unchecked((long)value)));

    /// <summary>Binds a single-precision float as REAL (widening is exact, so it round-trips).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, float value) => Check(raw.sqlite3_bind_double(Handle, index, value));

    /// <summary>Binds a double as REAL.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Bind(int index, double value) => Check(raw.sqlite3_bind_double(Handle, index, value));

    /// <summary>Binds a decimal as invariant TEXT, which keeps every digit and the scale (REAL would round); as REAL under the sqlite-net format.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, decimal value)
    {
        if (_sqliteNet is not null)
        {
            Check(raw.sqlite3_bind_double(Handle, index, (double)value));
            return;
        }

        Span<char> buffer = stackalloc char[64];
        value.TryFormat(buffer, out var written, default, CultureInfo.InvariantCulture);
        Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
    }

    /// <summary>Binds a char as its UTF-16 code unit (an integer).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, char value) => Check(raw.sqlite3_bind_int(Handle, index, value));

    /// <summary>Binds a string as TEXT, or NULL.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentException">The string is not valid UTF-16 (it has an unpaired surrogate).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Bind(int index, string? value)
    {
        if (value is null)
        {
            Check(raw.sqlite3_bind_null(Handle, index));
        }
        else
        {
            BindText(index, value.AsSpan());
        }
    }

    /// <summary>
    /// Binds a <see cref="Uri"/> as TEXT, or NULL: its original string, or under sqlite-net's storage format its
    /// <see cref="Uri.ToString"/>, as sqlite-net writes it.
    /// </summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, Uri? value) =>
        Bind(index, value is null ? null : Format.Kind == StorageFormatKind.SqliteNet ? value.ToString() : value.OriginalString);

    /// <summary>Binds a <see cref="System.Text.StringBuilder"/>'s contents as TEXT, or NULL.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, System.Text.StringBuilder? value) => Bind(index, value?.ToString());

    /// <summary>Binds text from a span of characters.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The characters.</param>
    /// <exception cref="ArgumentException">The text is not valid UTF-16 (it has an unpaired surrogate).</exception>
    public void BindText(int index, ReadOnlySpan<char> value)
    {
        // SQLite's UTF-16 to UTF-8 conversion pairs a lone surrogate with whatever follows and eats that character;
        // refuse such text. The vectorized range scan costs next to nothing for text without surrogates. SearchValues
        // rather than IndexOfAnyInRange: the latter allocates 96 B per call until the JIT tiers it up.
        var surrogate = value.IndexOfAny(Surrogates);
        if (surrogate >= 0)
        {
            CheckSurrogatePairs(index, value, surrogate);
        }

        if (value.Length > 0 && value[0] is '\uFEFF' or '\uFFFE')
        {
            // SQLite reads a leading U+FEFF or U+FFFE in UTF-16 input as a byte-order mark: it drops the character,
            // or byte-swaps the rest of the text. UTF-8 input has no such rule, so this rare case is bound as UTF-8.
            var utf8 = new byte[Encoding.UTF8.GetByteCount(value)];
            Encoding.UTF8.GetBytes(value, utf8);
            Check(raw.sqlite3_bind_text(Handle, index, utf8));
            return;
        }

        // UTF-16 straight from the string: no transcoding buffer on our side.
        Check(raw.sqlite3_bind_text16(Handle, index, value));
    }

    private static readonly SearchValues<char> Surrogates = SearchValues.Create(SurrogateRange());

    private static char[] SurrogateRange()
    {
        var range = new char[0xE000 - 0xD800];
        for (var i = 0; i < range.Length; i++)
        {
            range[i] = (char)(0xD800 + i);
        }

        return range;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckSurrogatePairs(int index, ReadOnlySpan<char> value, int from)
    {
        for (var i = from; i < value.Length; i++)
        {
            if (char.IsHighSurrogate(value[i]) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(value[i]))
            {
                throw new ArgumentException($"The text bound to parameter {index} has an unpaired UTF-16 surrogate (U+{(int)value[i]:X4}) at position {i}; SQLite cannot store it without changing the text. SQL: {Sql}", nameof(value));
            }
        }
    }

    /// <summary>Binds a byte array as a BLOB, or NULL.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, byte[]? value)
    {
        if (value is null)
        {
            Check(raw.sqlite3_bind_null(Handle, index));
        }
        else if (value.Length == 0)
        {
            // An empty span would bind NULL; a zero-length blob keeps "empty" distinct from "null".
            Check(raw.sqlite3_bind_zeroblob(Handle, index, 0));
        }
        else
        {
            Check(raw.sqlite3_bind_blob(Handle, index, value));
        }
    }

    /// <summary>Binds a GUID as its 36-character lowercase text ("D" format).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, Guid value)
    {
        Span<char> buffer = stackalloc char[36];
        value.TryFormat(buffer, out _, "D");
        Check(raw.sqlite3_bind_text16(Handle, index, buffer));
    }

    /// <summary>
    /// Binds a <see cref="DateTime"/> as an INTEGER holding its ticks and its <see cref="DateTimeKind"/> (see <see cref="ValueEncoding.EncodeDateTime"/>);
    /// under the sqlite-net format, as plain ticks or as text in the format's <see cref="StorageFormat.DateTimeStringFormat"/>.
    /// </summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, DateTime value)
    {
        if (_sqliteNet is not null)
        {
            BindSqliteNetDateTime(index, value, _sqliteNet);
            return;
        }

        Check(raw.sqlite3_bind_int64(Handle, index, ValueEncoding.EncodeDateTime(value)));
    }

    /// <summary>
    /// Binds a <see cref="DateTime"/> as ISO-8601 round-trip TEXT (used for columns marked <c>[StoreAsText]</c>); under the
    /// sqlite-net format, which has no per-column text setting, exactly as <see cref="Bind(int, DateTime)"/>.
    /// </summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void BindAsText(int index, DateTime value)
    {
        if (_sqliteNet is not null)
        {
            BindSqliteNetDateTime(index, value, _sqliteNet);
            return;
        }

        Span<char> buffer = stackalloc char[40];
        value.TryFormat(buffer, out var written, "O", CultureInfo.InvariantCulture);
        Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
    }

    /// <summary>Binds a <see cref="DateTimeOffset"/> as ISO-8601 round-trip TEXT, keeping the offset; under the sqlite-net format, as INTEGER <see cref="DateTimeOffset.UtcTicks"/>.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, DateTimeOffset value)
    {
        if (_sqliteNet is not null)
        {
            Check(raw.sqlite3_bind_int64(Handle, index, value.UtcTicks));
            return;
        }

        Span<char> buffer = stackalloc char[40];
        value.TryFormat(buffer, out var written, "O", CultureInfo.InvariantCulture);
        Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
    }

    /// <summary>Binds a <see cref="TimeSpan"/> as its ticks; as "c" text under a sqlite-net format that stores TimeSpan as text.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, TimeSpan value)
    {
        if (_sqliteNet is not null && !_sqliteNet.StoreTimeSpanAsTicks)
        {
            BindTimeSpanText(index, value);
            return;
        }

        Check(raw.sqlite3_bind_int64(Handle, index, value.Ticks));
    }

#if NET
    /// <summary>Binds a <see cref="DateOnly"/> as TEXT "yyyy-MM-dd" (sorts and works with SQLite's date functions).</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, DateOnly value)
    {
        Span<char> buffer = stackalloc char[16];
        value.TryFormat(buffer, out var written, "yyyy-MM-dd", CultureInfo.InvariantCulture);
        Check(raw.sqlite3_bind_text16(Handle, index, buffer[..written]));
    }

    /// <summary>Binds a <see cref="TimeOnly"/> as its ticks since midnight.</summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void Bind(int index, TimeOnly value) => Check(raw.sqlite3_bind_int64(Handle, index, value.Ticks));
#endif

    /// <summary>Binds an enum's name as TEXT (columns marked <c>[StoreAsText]</c>).</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value.</param>
    public void BindEnumAsText<TEnum>(int index, TEnum value)
        where TEnum : struct, Enum => Bind(index, value.ToString());

    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, bool? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, byte? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, sbyte? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, short? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, ushort? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, int? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, uint? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, long? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, ulong? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, float? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, double? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, decimal? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, char? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, Guid? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, DateTime? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value as ISO-8601 text, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void BindAsText(int index, DateTime? value) { if (value.HasValue) BindAsText(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, DateTimeOffset? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, TimeSpan? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
#if NET
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, DateOnly? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
    /// <summary>Binds a nullable value, or NULL.</summary><param name="index">1-based parameter index.</param><param name="value">The value.</param>
    public void Bind(int index, TimeOnly? value) { if (value.HasValue) Bind(index, value.GetValueOrDefault()); else BindNull(index); }
#endif

    /// <summary>
    /// Binds a value whose type is known only at run time (query arguments). Supports every type the
    /// typed overloads do, plus enums (as their integer value). Boxes by nature: mapping paths use the typed overloads.
    /// </summary>
    /// <param name="index">1-based parameter index.</param>
    /// <param name="value">The value, or null.</param>
    /// <exception cref="NotSupportedException">The value's type has no SQLite storage.</exception>
    public void BindValue(int index, object? value)
    {
        switch (value)
        {
            case null: BindNull(index); break;
            case string s: Bind(index, s); break;
            case int i: Bind(index, i); break;
            case long l: Bind(index, l); break;
            case bool b: Bind(index, b); break;
            case double d: Bind(index, d); break;
            case float f: Bind(index, f); break;
            case decimal m: Bind(index, m); break;
            case byte by: Bind(index, by); break;
            case sbyte sb: Bind(index, sb); break;
            case short sh: Bind(index, sh); break;
            case ushort us: Bind(index, us); break;
            case uint ui: Bind(index, ui); break;
            case ulong ul: Bind(index, ul); break;
            case char c: Bind(index, c); break;
            case byte[] bytes: Bind(index, bytes); break;
            case Guid g: Bind(index, g); break;
            case DateTime dt: Bind(index, dt); break;
            case DateTimeOffset dto: Bind(index, dto); break;
            case TimeSpan ts: Bind(index, ts); break;
#if NET
            case DateOnly d: Bind(index, d); break;
            case TimeOnly t: Bind(index, t); break;
#endif
            case Uri u: Bind(index, u); break;
            case System.Text.StringBuilder sb2: Bind(index, sb2); break;
            case Enum e: Bind(index, ValueEncoding.EnumToInt64(e)); break;
            default:
                throw new NotSupportedException($"Cannot bind a value of type '{value.GetType().FullName}' to parameter {index} of: {Sql}");
        }
    }
}
