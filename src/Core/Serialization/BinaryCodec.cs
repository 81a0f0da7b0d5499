using System.ComponentModel;
using MicroDb.Native;

namespace MicroDb.Mapping;

/// <summary>
/// The binary format of <see cref="EntityMap{T}.Serialize"/>: each member in column order, written with
/// <see cref="BinaryWriter"/>'s little-endian primitives. Nullable members and reference types are
/// prefixed by a presence byte. Shared by both mapping paths, so their bytes are identical.
/// </summary>
/// <remarks>
/// Called by generated maps and the reflection path, hidden from IntelliSense: applications serialize through
/// <see cref="MicroDbSerializer"/>.
/// </remarks>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class BinaryCodec
{
    /// <summary>Writes a <see cref="bool"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, bool value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="bool"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, bool? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="bool"/>.</summary><param name="r">The reader.</param>
    public static bool ReadBoolean(BinaryReader r) => r.ReadBoolean();

    /// <summary>Reads a nullable <see cref="bool"/>.</summary><param name="r">The reader.</param>
    public static bool? ReadNullableBoolean(BinaryReader r) => r.ReadBoolean() ? ReadBoolean(r) : null;

    /// <summary>Writes a <see cref="byte"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, byte value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="byte"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, byte? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="byte"/>.</summary><param name="r">The reader.</param>
    public static byte ReadByte(BinaryReader r) => r.ReadByte();

    /// <summary>Reads a nullable <see cref="byte"/>.</summary><param name="r">The reader.</param>
    public static byte? ReadNullableByte(BinaryReader r) => r.ReadBoolean() ? ReadByte(r) : null;

    /// <summary>Writes a <see cref="sbyte"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, sbyte value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="sbyte"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, sbyte? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="sbyte"/>.</summary><param name="r">The reader.</param>
    public static sbyte ReadSByte(BinaryReader r) => r.ReadSByte();

    /// <summary>Reads a nullable <see cref="sbyte"/>.</summary><param name="r">The reader.</param>
    public static sbyte? ReadNullableSByte(BinaryReader r) => r.ReadBoolean() ? ReadSByte(r) : null;

    /// <summary>Writes a <see cref="short"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, short value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="short"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, short? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="short"/>.</summary><param name="r">The reader.</param>
    public static short ReadInt16(BinaryReader r) => r.ReadInt16();

    /// <summary>Reads a nullable <see cref="short"/>.</summary><param name="r">The reader.</param>
    public static short? ReadNullableInt16(BinaryReader r) => r.ReadBoolean() ? ReadInt16(r) : null;

    /// <summary>Writes a <see cref="ushort"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, ushort value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="ushort"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, ushort? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="ushort"/>.</summary><param name="r">The reader.</param>
    public static ushort ReadUInt16(BinaryReader r) => r.ReadUInt16();

    /// <summary>Reads a nullable <see cref="ushort"/>.</summary><param name="r">The reader.</param>
    public static ushort? ReadNullableUInt16(BinaryReader r) => r.ReadBoolean() ? ReadUInt16(r) : null;

    /// <summary>Writes a <see cref="int"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, int value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="int"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, int? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="int"/>.</summary><param name="r">The reader.</param>
    public static int ReadInt32(BinaryReader r) => r.ReadInt32();

    /// <summary>Reads a nullable <see cref="int"/>.</summary><param name="r">The reader.</param>
    public static int? ReadNullableInt32(BinaryReader r) => r.ReadBoolean() ? ReadInt32(r) : null;

    /// <summary>Writes a <see cref="uint"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, uint value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="uint"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, uint? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="uint"/>.</summary><param name="r">The reader.</param>
    public static uint ReadUInt32(BinaryReader r) => r.ReadUInt32();

    /// <summary>Reads a nullable <see cref="uint"/>.</summary><param name="r">The reader.</param>
    public static uint? ReadNullableUInt32(BinaryReader r) => r.ReadBoolean() ? ReadUInt32(r) : null;

    /// <summary>Writes a <see cref="long"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, long value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="long"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, long? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="long"/>.</summary><param name="r">The reader.</param>
    public static long ReadInt64(BinaryReader r) => r.ReadInt64();

    /// <summary>Reads a nullable <see cref="long"/>.</summary><param name="r">The reader.</param>
    public static long? ReadNullableInt64(BinaryReader r) => r.ReadBoolean() ? ReadInt64(r) : null;

    /// <summary>Writes a <see cref="ulong"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, ulong value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="ulong"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, ulong? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="ulong"/>.</summary><param name="r">The reader.</param>
    public static ulong ReadUInt64(BinaryReader r) => r.ReadUInt64();

    /// <summary>Reads a nullable <see cref="ulong"/>.</summary><param name="r">The reader.</param>
    public static ulong? ReadNullableUInt64(BinaryReader r) => r.ReadBoolean() ? ReadUInt64(r) : null;

    /// <summary>Writes a <see cref="float"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, float value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="float"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, float? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="float"/>.</summary><param name="r">The reader.</param>
    public static float ReadSingle(BinaryReader r) => r.ReadSingle();

    /// <summary>Reads a nullable <see cref="float"/>.</summary><param name="r">The reader.</param>
    public static float? ReadNullableSingle(BinaryReader r) => r.ReadBoolean() ? ReadSingle(r) : null;

    /// <summary>Writes a <see cref="double"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, double value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="double"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, double? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="double"/>.</summary><param name="r">The reader.</param>
    public static double ReadDouble(BinaryReader r) => r.ReadDouble();

    /// <summary>Reads a nullable <see cref="double"/>.</summary><param name="r">The reader.</param>
    public static double? ReadNullableDouble(BinaryReader r) => r.ReadBoolean() ? ReadDouble(r) : null;

    /// <summary>Writes a <see cref="decimal"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, decimal value) => w.Write(value);

    /// <summary>Writes a nullable <see cref="decimal"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, decimal? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="decimal"/>.</summary><param name="r">The reader.</param>
    public static decimal ReadDecimal(BinaryReader r) => r.ReadDecimal();

    /// <summary>Reads a nullable <see cref="decimal"/>.</summary><param name="r">The reader.</param>
    public static decimal? ReadNullableDecimal(BinaryReader r) => r.ReadBoolean() ? ReadDecimal(r) : null;

    /// <summary>Writes a <see cref="char"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, char value) => w.Write((ushort)value);

    /// <summary>Writes a nullable <see cref="char"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, char? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="char"/>.</summary><param name="r">The reader.</param>
    public static char ReadChar(BinaryReader r) => (char)r.ReadUInt16();

    /// <summary>Reads a nullable <see cref="char"/>.</summary><param name="r">The reader.</param>
    public static char? ReadNullableChar(BinaryReader r) => r.ReadBoolean() ? ReadChar(r) : null;

    /// <summary>Writes a <see cref="Guid"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, Guid value) => WriteGuidBytes(w, value);

    /// <summary>Writes a nullable <see cref="Guid"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, Guid? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="Guid"/>.</summary><param name="r">The reader.</param>
    public static Guid ReadGuid(BinaryReader r) => ReadGuidCore(r);

    /// <summary>Reads a nullable <see cref="Guid"/>.</summary><param name="r">The reader.</param>
    public static Guid? ReadNullableGuid(BinaryReader r) => r.ReadBoolean() ? ReadGuid(r) : null;

    /// <summary>Writes a <see cref="DateTime"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateTime value) => w.Write(ValueEncoding.EncodeDateTime(value));

    /// <summary>Writes a nullable <see cref="DateTime"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateTime? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="DateTime"/>.</summary><param name="r">The reader.</param>
    public static DateTime ReadDateTime(BinaryReader r) => ValueEncoding.DecodeDateTime(r.ReadInt64());

    /// <summary>Reads a nullable <see cref="DateTime"/>.</summary><param name="r">The reader.</param>
    public static DateTime? ReadNullableDateTime(BinaryReader r) => r.ReadBoolean() ? ReadDateTime(r) : null;

    /// <summary>Writes a <see cref="DateTimeOffset"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateTimeOffset value) => WriteDateTimeOffsetParts(w, value);

    /// <summary>Writes a nullable <see cref="DateTimeOffset"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateTimeOffset? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="DateTimeOffset"/>.</summary><param name="r">The reader.</param>
    public static DateTimeOffset ReadDateTimeOffset(BinaryReader r) => ReadDateTimeOffsetCore(r);

    /// <summary>Reads a nullable <see cref="DateTimeOffset"/>.</summary><param name="r">The reader.</param>
    public static DateTimeOffset? ReadNullableDateTimeOffset(BinaryReader r) => r.ReadBoolean() ? ReadDateTimeOffset(r) : null;

    /// <summary>Writes a <see cref="TimeSpan"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, TimeSpan value) => w.Write(value.Ticks);

    /// <summary>Writes a nullable <see cref="TimeSpan"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, TimeSpan? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="TimeSpan"/>.</summary><param name="r">The reader.</param>
    public static TimeSpan ReadTimeSpan(BinaryReader r) => new TimeSpan(r.ReadInt64());

    /// <summary>Reads a nullable <see cref="TimeSpan"/>.</summary><param name="r">The reader.</param>
    public static TimeSpan? ReadNullableTimeSpan(BinaryReader r) => r.ReadBoolean() ? ReadTimeSpan(r) : null;

#if NET
    /// <summary>Writes a <see cref="DateOnly"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateOnly value) => w.Write(value.DayNumber);

    /// <summary>Writes a nullable <see cref="DateOnly"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, DateOnly? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="DateOnly"/>.</summary><param name="r">The reader.</param>
    public static DateOnly ReadDateOnly(BinaryReader r) => DateOnly.FromDayNumber(r.ReadInt32());

    /// <summary>Reads a nullable <see cref="DateOnly"/>.</summary><param name="r">The reader.</param>
    public static DateOnly? ReadNullableDateOnly(BinaryReader r) => r.ReadBoolean() ? ReadDateOnly(r) : null;

    /// <summary>Writes a <see cref="TimeOnly"/>.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, TimeOnly value) => w.Write(value.Ticks);

    /// <summary>Writes a nullable <see cref="TimeOnly"/> (presence byte, then the value).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, TimeOnly? value)
    {
        w.Write(value.HasValue);
        if (value.HasValue)
        {
            Write(w, value.GetValueOrDefault());
        }
    }

    /// <summary>Reads a <see cref="TimeOnly"/>.</summary><param name="r">The reader.</param>
    public static TimeOnly ReadTimeOnly(BinaryReader r) => new TimeOnly(r.ReadInt64());

    /// <summary>Reads a nullable <see cref="TimeOnly"/>.</summary><param name="r">The reader.</param>
    public static TimeOnly? ReadNullableTimeOnly(BinaryReader r) => r.ReadBoolean() ? ReadTimeOnly(r) : null;
#endif

    /// <summary>Writes a string or null (presence byte, then the length-prefixed UTF-8 string).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, string? value)
    {
        if (value is null)
        {
            w.Write(false);
        }
        else
        {
            w.Write(true);
            w.Write(value);
        }
    }

    /// <summary>Reads a string or null.</summary><param name="r">The reader.</param>
    public static string? ReadString(BinaryReader r) => r.ReadBoolean() ? r.ReadString() : null;

    /// <summary>Writes a <see cref="Uri"/> or null (its original string).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, Uri? value) => Write(w, value?.OriginalString);

    /// <summary>Reads a <see cref="Uri"/> or null.</summary><param name="r">The reader.</param>
    public static Uri? ReadUri(BinaryReader r) => ReadString(r) is { } text ? new Uri(text, UriKind.RelativeOrAbsolute) : null;

    /// <summary>Writes a <see cref="System.Text.StringBuilder"/>'s contents or null.</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, System.Text.StringBuilder? value) => Write(w, value?.ToString());

    /// <summary>Reads a <see cref="System.Text.StringBuilder"/> or null.</summary><param name="r">The reader.</param>
    public static System.Text.StringBuilder? ReadStringBuilder(BinaryReader r) => ReadString(r) is { } text ? new System.Text.StringBuilder(text) : null;

    /// <summary>Writes a byte array or null (presence byte, length, bytes).</summary><param name="w">The writer.</param><param name="value">The value.</param>
    public static void Write(BinaryWriter w, byte[]? value)
    {
        if (value is null)
        {
            w.Write(false);
        }
        else
        {
            w.Write(true);
            w.Write(value.Length);
            w.Write(value);
        }
    }

    /// <summary>Reads a byte array or null.</summary><param name="r">The reader.</param>
    public static byte[]? ReadBlob(BinaryReader r)
    {
        if (!r.ReadBoolean())
        {
            return null;
        }

        var length = r.ReadInt32();
        if (length < 0)
        {
            throw new InvalidDataException($"Negative blob length {length} in the serialized stream.");
        }

        var bytes = r.ReadBytes(length);
        if (bytes.Length != length)
        {
            throw new EndOfStreamException($"The serialized stream ended inside a blob of {length} bytes.");
        }

        return bytes;
    }

    private static void WriteGuidBytes(BinaryWriter w, Guid value)
    {
        Span<byte> bytes = stackalloc byte[16];
        value.TryWriteBytes(bytes);
        w.Write(bytes);
    }

    private static Guid ReadGuidCore(BinaryReader r)
    {
        Span<byte> bytes = stackalloc byte[16];
        r.BaseStream.ReadExactly(bytes);
#if NET
        return new Guid(bytes);
#else
        return new Guid(bytes.ToArray());
#endif
    }

    private static void WriteDateTimeOffsetParts(BinaryWriter w, DateTimeOffset value)
    {
        w.Write(value.Ticks);
        w.Write((short)value.Offset.TotalMinutes);
    }

    private static DateTimeOffset ReadDateTimeOffsetCore(BinaryReader r)
    {
        var ticks = r.ReadInt64();
        var minutes = r.ReadInt16();
        return new DateTimeOffset(ticks, TimeSpan.FromMinutes(minutes));
    }
}
