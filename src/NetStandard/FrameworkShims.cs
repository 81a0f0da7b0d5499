#nullable enable
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Threading.Tasks;

namespace System;

/// <summary>
/// netstandard2.0 stand-ins (C# 14 extension members) for the framework members MicroDb calls that Polyfill does not
/// provide, each with the net10.0 member's meaning.
/// </summary>
[Microsoft.CodeAnalysis.Embedded]
internal static class FrameworkShims
{
    extension(ValueTask)
    {
        /// <summary>A faulted <see cref="ValueTask{TResult}"/>.</summary>
        public static ValueTask<TResult> FromException<TResult>(Exception exception) => new(Task.FromException<TResult>(exception));
    }

    extension(string text)
    {
        /// <summary>Replaces every occurrence of <paramref name="oldValue"/>, found with <paramref name="comparison"/>.</summary>
        public string Replace(string oldValue, string? newValue, StringComparison comparison)
        {
            if (comparison == StringComparison.Ordinal)
            {
                return text.Replace(oldValue, newValue);
            }

            var builder = new Text.StringBuilder(text.Length);
            var from = 0;
            int at;
            while ((at = text.IndexOf(oldValue, from, comparison)) >= 0)
            {
                builder.Append(text, from, at - from).Append(newValue);
                from = at + oldValue.Length;
            }

            return builder.Append(text, from, text.Length - from).ToString();
        }
    }

    extension(string)
    {
        /// <summary>Formats an interpolated string with <paramref name="provider"/>.</summary>
        public static string Create(IFormatProvider? provider, FormattableString text) => text.ToString(provider);
    }

    extension(Array)
    {
        /// <summary>Clears every element of <paramref name="array"/>.</summary>
        public static void Clear(Array array) => Array.Clear(array, 0, array.Length);

        /// <summary>Sets every element of <paramref name="array"/> to <paramref name="value"/>.</summary>
        public static void Fill<T>(T[] array, T value)
        {
            for (var i = 0; i < array.Length; i++)
            {
                array[i] = value;
            }
        }

        /// <summary>A new array of the given array type and length.</summary>
        public static Array CreateInstanceFromArrayType(Type arrayType, int length) => Array.CreateInstance(arrayType.GetElementType()!, length);
    }

    extension(Enum)
    {
        /// <summary>Parses an enum value by name or number; false when <paramref name="value"/> is neither.</summary>
        public static bool TryParse(Type enumType, string? value, bool ignoreCase, out object? result)
        {
            try
            {
                result = value is null ? null : Enum.Parse(enumType, value, ignoreCase);
                return result is not null;
            }
            catch (Exception e) when (e is ArgumentException or OverflowException)
            {
                result = null;
                return false;
            }
        }
    }

    extension(BindingFlags)
    {
        /// <summary>.NET Core's flag that lets an invoked member's exception through unwrapped (ignored by runtimes without it).</summary>
        public static BindingFlags DoNotWrapExceptions => (BindingFlags)0x02000000;
    }

    extension(Type type)
    {
        /// <summary>Whether the type is a ref struct.</summary>
        public bool IsByRefLike
        {
            get
            {
                if (!type.IsValueType)
                {
                    return false;
                }

                foreach (var attribute in type.CustomAttributes)
                {
                    if (attribute.AttributeType.FullName == "System.Runtime.CompilerServices.IsByRefLikeAttribute")
                    {
                        return true;
                    }
                }

                return false;
            }
        }
    }

    extension(decimal)
    {
        /// <summary>Writes the decimal's four 32-bit parts into <paramref name="destination"/>.</summary>
        public static int GetBits(decimal value, Span<int> destination)
        {
            decimal.GetBits(value).CopyTo(destination);
            return 4;
        }
    }

    extension(TimeSpan)
    {
        /// <summary>Parses a <see cref="TimeSpan"/> in the exact format.</summary>
        public static bool TryParseExact(ReadOnlySpan<char> input, string format, IFormatProvider? provider, out TimeSpan result) =>
            TimeSpan.TryParseExact(input.ToString(), format, provider, out result);

        /// <summary>Parses a <see cref="TimeSpan"/>.</summary>
        public static bool TryParse(ReadOnlySpan<char> input, IFormatProvider? provider, out TimeSpan result) =>
            TimeSpan.TryParse(input.ToString(), provider, out result);
    }

    extension(Guid value)
    {
        /// <summary>Writes the GUID's 16 bytes.</summary>
        public bool TryWriteBytes(Span<byte> destination)
        {
            if (destination.Length < 16)
            {
                return false;
            }

            value.ToByteArray().CopyTo(destination);
            return true;
        }
    }

    extension(ReadOnlySpan<char> span)
    {
        /// <summary>The index of the first character in [<paramref name="low"/>, <paramref name="high"/>], or -1.</summary>
        public int IndexOfAnyInRange(char low, char high)
        {
            for (var i = 0; i < span.Length; i++)
            {
                if (span[i] >= low && span[i] <= high)
                {
                    return i;
                }
            }

            return -1;
        }
    }

    extension(BinaryWriter writer)
    {
        /// <summary>Writes the bytes.</summary>
        public void Write(ReadOnlySpan<byte> bytes) => writer.Write(bytes.ToArray());

        /// <summary>Writes a 32-bit integer seven bits at a time (<c>BinaryWriter.Write7BitEncodedInt</c>'s format).</summary>
        public void Write7BitEncodedInt(int value)
        {
            var rest = (uint)value;
            while (rest > 0x7Fu)
            {
                writer.Write((byte)(rest | ~0x7Fu));
                rest >>= 7;
            }

            writer.Write((byte)rest);
        }
    }

    extension(BinaryReader reader)
    {
        /// <summary>Reads a 32-bit integer written seven bits at a time.</summary>
        /// <exception cref="FormatException">More than five bytes, or a fifth byte over 4 bits.</exception>
        public int Read7BitEncodedInt()
        {
            var result = 0u;
            for (var shift = 0; shift < 28; shift += 7)
            {
                var part = reader.ReadByte();
                result |= (part & 0x7Fu) << shift;
                if (part <= 0x7F)
                {
                    return (int)result;
                }
            }

            var last = reader.ReadByte();
            if (last > 0b_1111)
            {
                throw new FormatException("Too many bytes in what should have been a 7-bit encoded integer.");
            }

            return (int)(result | (uint)last << 28);
        }
    }
}
