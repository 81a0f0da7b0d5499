using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

/// <summary>Edge values for every supported type: minimums, maximums, nulls, empty and non-ASCII text.</summary>
public static class AllTypesSamples
{
    public static AllTypes Minimums() => new()
    {
        Bool = false, Byte = byte.MinValue, SByte = sbyte.MinValue, Int16 = short.MinValue, UInt16 = ushort.MinValue,
        Int32 = int.MinValue, UInt32 = uint.MinValue, Int64 = long.MinValue, UInt64 = ulong.MinValue,
        Single = float.MinValue, Double = double.MinValue, Decimal = decimal.MinValue, Char = '\0',
        String = "", Blob = [], Guid = Guid.Empty, DateTime = DateTime.MinValue, DateTimeText = DateTime.MinValue,
        DateTimeOffset = DateTimeOffset.MinValue, TimeSpan = TimeSpan.MinValue, DateOnly = DateOnly.MinValue,
        TimeOnly = TimeOnly.MinValue, Color = Color.Red, ColorText = Color.Red, Size = Size.Small,
        NBool = false, NByte = 0, NSByte = sbyte.MinValue, NInt16 = short.MinValue, NUInt16 = 0, NInt32 = int.MinValue,
        NUInt32 = 0, NInt64 = long.MinValue, NUInt64 = 0, NSingle = float.Epsilon, NDouble = double.Epsilon,
        NDecimal = decimal.MinValue, NChar = '\0', NGuid = Guid.Empty, NDateTime = DateTime.MinValue,
        NDateTimeText = DateTime.MinValue, NDateTimeOffset = DateTimeOffset.MinValue, NTimeSpan = TimeSpan.MinValue,
        NDateOnly = DateOnly.MinValue, NTimeOnly = TimeOnly.MinValue, NColor = Color.Blue, NColorText = Color.Blue,
        Text = "", Bytes = [], Planet = Planet.Mercury, Flags = Flags64.None, NSize = Size.Small, NPlanet = Planet.Mercury, NFlags = Flags64.None,
    };

    public static AllTypes Maximums() => new()
    {
        Bool = true, Byte = byte.MaxValue, SByte = sbyte.MaxValue, Int16 = short.MaxValue, UInt16 = ushort.MaxValue,
        Int32 = int.MaxValue, UInt32 = uint.MaxValue, Int64 = long.MaxValue, UInt64 = ulong.MaxValue,
        Single = float.MaxValue, Double = double.MaxValue, Decimal = decimal.MaxValue, Char = '\uffff',
        String = "héllo wörld — 日本語 🎉", Blob = [0, 1, 2, 255], Guid = Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff"),
        DateTime = DateTime.MaxValue, DateTimeText = new DateTime(2030, 1, 2, 3, 4, 5, 678, DateTimeKind.Utc).AddTicks(9),
        DateTimeOffset = new DateTimeOffset(2024, 6, 1, 12, 0, 0, 123, TimeSpan.FromHours(-9.5)).AddTicks(4), TimeSpan = TimeSpan.MaxValue,
        DateOnly = DateOnly.MaxValue, TimeOnly = TimeOnly.MaxValue, Color = Color.Blue, ColorText = Color.Green, Size = Size.Huge,
        NBool = true, NByte = byte.MaxValue, NSByte = sbyte.MaxValue, NInt16 = short.MaxValue, NUInt16 = ushort.MaxValue,
        NInt32 = int.MaxValue, NUInt32 = uint.MaxValue, NInt64 = long.MaxValue, NUInt64 = ulong.MaxValue,
        NSingle = float.MaxValue, NDouble = double.MaxValue, NDecimal = 0.0000000000000000000000000001m, NChar = 'Ω',
        NGuid = Guid.Parse("01234567-89ab-cdef-0123-456789abcdef"), NDateTime = new DateTime(2000, 1, 1, 0, 0, 0, DateTimeKind.Local),
        NDateTimeText = new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Unspecified), NDateTimeOffset = DateTimeOffset.MaxValue,
        NTimeSpan = TimeSpan.FromTicks(-1), NDateOnly = new DateOnly(2024, 2, 29), NTimeOnly = new TimeOnly(23, 59, 59, 999),
        NColor = Color.Green, NColorText = Color.Red,
        Text = "fifty characters at most — ñ 日本 🎉", Bytes = [255, 0, 128], Planet = Planet.Earth, Flags = Flags64.Top,
        NSize = Size.Huge, NPlanet = Planet.Earth, NFlags = Flags64.Top,
    };

    /// <summary>Every nullable member null, reference members null.</summary>
    public static AllTypes Nulls() => new() { String = null, Blob = null };

    /// <summary>Member-by-member comparison that names the first difference.</summary>
    public static void AssertSame(AllTypes expected, AllTypes actual)
    {
        foreach (var property in typeof(AllTypes).GetProperties())
        {
            if (property.Name == nameof(AllTypes.Id))
            {
                continue;
            }

            var e = property.GetValue(expected);
            var a = property.GetValue(actual);
            if (e is DateTime de && a is DateTime da)
            {
                Assert.That((da, da.Kind), Is.EqualTo((de, de.Kind)), property.Name);
            }
            else if (e is DateTimeOffset oe && a is DateTimeOffset oa)
            {
                Assert.That((oa, oa.Offset), Is.EqualTo((oe, oe.Offset)), property.Name);
            }
            else if (e is decimal me && a is decimal ma)
            {
                // Equal and with the same scale: decimal keeps trailing zeros.
                Assert.That(ma.ToString(System.Globalization.CultureInfo.InvariantCulture), Is.EqualTo(me.ToString(System.Globalization.CultureInfo.InvariantCulture)), property.Name);
            }
            else
            {
                Assert.That(a, Is.EqualTo(e), property.Name);
            }
        }
    }
}
