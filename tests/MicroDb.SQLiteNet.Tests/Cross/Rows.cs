namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>The rows the cross-library tests write: ordinary values, extremes sqlite-net stores, and nulls.</summary>
internal static class Rows
{
    public static List<Everything> Sample() =>
    [
        new Everything
        {
            Flag = true, Byte = 7, SByte = -7, Short = -300, UShort = 60000, Int = 123456, UInt = 4000000000, Long = -1234567890123,
            ULong = 1234567890123, Float = 0.1f, Double = 2.5e-8, Decimal = 12.5m, Text = "Grüße, 日本語 🎉", ShortText = "short",
            Code = "A1", Bytes = [0, 1, 255], Guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            When = new DateTime(2024, 3, 5, 6, 7, 8, 123), WhenOffset = new DateTimeOffset(2024, 3, 5, 6, 7, 8, TimeSpan.Zero),
            Span = new TimeSpan(1, 2, 3, 4, 5), Shade = Shade.Dark, Size = Size.Large,
            NullableFlag = false, NullableInt = -1, NullableLong = long.MaxValue, NullableDouble = 0.25, NullableDecimal = -3m,
            NullableGuid = Guid.Empty, NullableWhen = new DateTime(1999, 12, 31, 23, 59, 59), NullableWhenOffset = DateTimeOffset.MinValue,
            NullableSpan = TimeSpan.FromMilliseconds(-1500), NullableShade = Shade.Light, NullableSize = Size.Small,
        },
        new Everything
        {
            Flag = false, Byte = byte.MaxValue, SByte = sbyte.MinValue, Short = short.MinValue, UShort = ushort.MaxValue,
            Int = int.MinValue, UInt = uint.MaxValue, Long = long.MinValue, ULong = long.MaxValue, Float = float.MaxValue,
            Double = double.MinValue, Decimal = 0m, Text = "", ShortText = "a string longer than twenty characters",
            Code = "b2", Bytes = [], Guid = Guid.Empty, When = DateTime.MinValue, WhenOffset = DateTimeOffset.MaxValue,
            Span = TimeSpan.MaxValue, Shade = Shade.Light, Size = Size.Small,
        },
        new Everything
        {
            When = new DateTime(2000, 1, 1), Span = TimeSpan.Zero, Shade = Shade.Light, Size = Size.Small, Code = null,
        },
    ];
}
