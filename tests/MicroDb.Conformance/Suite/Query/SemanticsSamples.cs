using System.Reflection;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

/// <summary>
/// Seeded random values for every stored type, for the semantics property test: a quarter extremes (MinValue, MaxValue,
/// ±0, NaN, infinities), a quarter from a small pool of values that are equal in .NET but stored differently (DateTime
/// kinds, decimal scales, DateTimeOffset offsets, -0.0), the rest uniform over the type; nullable members are null a sixth
/// of the time.
/// </summary>
public static class SemanticsSamples
{
    private static readonly long[] PoolTicks = [new DateTime(2020, 1, 1).Ticks, new DateTime(2010, 1, 1).Ticks, new DateTime(2020, 1, 1).Ticks + 1];

    public static AllTypes Row(Random random)
    {
        var row = new AllTypes();
        foreach (var property in typeof(AllTypes).GetProperties())
        {
            if (property.Name != nameof(AllTypes.Id))
            {
                property.SetValue(row, Value(random, property.PropertyType, property));
            }
        }

        row.Text ??= "";
        row.Bytes ??= [];
        return row;
    }

    /// <summary>
    /// Makes a row readable under sqlite-net's format, as sqlite-net itself needs: a decimal whose double no decimal holds
    /// (decimal.MaxValue rounds up) fails to read, so it is scaled down; a Local DateTime is stored as its wall-clock time
    /// (with format "o" its text would carry the machine's zone), so it becomes Unspecified.
    /// </summary>
    public static void ReadableUnderSqliteNet(AllTypes row)
    {
        foreach (var property in typeof(AllTypes).GetProperties())
        {
            switch (property.GetValue(row))
            {
                case decimal m when Math.Abs((double)m) >= 7.9e28:
                    property.SetValue(row, m / 10);
                    break;
                case DateTime { Kind: DateTimeKind.Local } d:
                    property.SetValue(row, DateTime.SpecifyKind(d, DateTimeKind.Unspecified));
                    break;
            }
        }
    }

    public static object? Value(Random random, Type type, PropertyInfo property)
    {
        var underlying = Nullable.GetUnderlyingType(type);
        var nullable = underlying is not null || (type == typeof(string) && property.Name != nameof(AllTypes.Text)) || (type == typeof(byte[]) && property.Name != nameof(AllTypes.Bytes));
        if (nullable && random.Next(6) == 0)
        {
            return null;
        }

        type = underlying ?? type;
        var pick = random.Next(4);
        return pick == 0 ? Extreme(random, type) : pick == 1 ? Pooled(random, type) : Uniform(random, type);
    }

    private static T One<T>(Random random, params T[] choices) => choices[random.Next(choices.Length)];

    private static object Extreme(Random random, Type type) => type switch
    {
        _ when type == typeof(bool) => One(random, false, true),
        _ when type == typeof(byte) => One(random, byte.MinValue, byte.MaxValue),
        _ when type == typeof(sbyte) => One(random, sbyte.MinValue, sbyte.MaxValue, (sbyte)0),
        _ when type == typeof(short) => One(random, short.MinValue, short.MaxValue, (short)0),
        _ when type == typeof(ushort) => One(random, ushort.MinValue, ushort.MaxValue),
        _ when type == typeof(int) => One(random, int.MinValue, int.MaxValue, 0, -1),
        _ when type == typeof(uint) => One(random, uint.MinValue, uint.MaxValue, (uint)int.MaxValue + 1),
        _ when type == typeof(long) => One(random, long.MinValue, long.MaxValue, 0L, -1L),
        _ when type == typeof(ulong) => One(random, ulong.MinValue, ulong.MaxValue, 1UL << 63, (1UL << 63) - 1, 10UL),
        _ when type == typeof(float) => One(random, float.MinValue, float.MaxValue, float.NaN, float.PositiveInfinity, float.NegativeInfinity, 0f, -0f, float.Epsilon),
        _ when type == typeof(double) => One(random, double.MinValue, double.MaxValue, double.NaN, double.PositiveInfinity, double.NegativeInfinity, 0d, -0d, double.Epsilon),
        _ when type == typeof(decimal) => One(random, decimal.MinValue, decimal.MaxValue, 0m, 0.0000000000000000000000000001m, -0.0000000000000000000000000001m, 0.000m),
        _ when type == typeof(char) => One(random, '\0', '\uffff', '\ud7ff', '\ue000'),
        _ when type == typeof(string) => One(random, "", "\uffff", "\U0001F389", "\ue000", "a\U0001F389", "a\ue000b", "\ud7ff"),
        _ when type == typeof(Guid) => One(random, Guid.Empty, Guid.Parse("ffffffff-ffff-ffff-ffff-ffffffffffff"), Guid.Parse("80000000-0000-0000-0000-000000000000")),
        _ when type == typeof(DateTime) => new DateTime(One(random, DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), Kind(random)),
        _ when type == typeof(DateTimeOffset) => One(random, DateTimeOffset.MinValue, DateTimeOffset.MaxValue, new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.FromHours(14))),
        _ when type == typeof(TimeSpan) => One(random, TimeSpan.MinValue, TimeSpan.MaxValue, TimeSpan.Zero),
        _ when type == typeof(DateOnly) => One(random, DateOnly.MinValue, DateOnly.MaxValue),
        _ when type == typeof(TimeOnly) => One(random, TimeOnly.MinValue, TimeOnly.MaxValue),
        _ => Uniform(random, type),
    };

    private static object Pooled(Random random, Type type) => type switch
    {
        _ when type == typeof(double) => One(random, 0d, -0d, 1d, 0.1),
        _ when type == typeof(float) => One(random, 0f, -0f, 1f, 0.1f),
        _ when type == typeof(decimal) => One(random, 1m, 1.0m, 1.00m, -1.0m, 0.1m, 0.10m, 10m, 1.0000000000000000000000000001m, 2.5m),
        _ when type == typeof(DateTime) => new DateTime(One(random, PoolTicks), Kind(random)),
        _ when type == typeof(DateTimeOffset) => new DateTimeOffset(new DateTime(One(random, PoolTicks)), TimeSpan.Zero)
            .ToOffset(TimeSpan.FromMinutes(One(random, 0, 60, -300, 330, 840, -840))),
        _ when type == typeof(string) => One(random, "a", "A", "ab", "b", "é", "\U0001F389", "\ue000"),
        _ when type == typeof(ulong) => One(random, 5UL, ulong.MaxValue - 5, 1UL << 63),
        _ => Uniform(random, type),
    };

    private static DateTimeKind Kind(Random random) => (DateTimeKind)random.Next(3);

    private static object Uniform(Random random, Type type)
    {
        if (type.IsEnum)
        {
            var values = Enum.GetValues(type);
            return values.GetValue(random.Next(values.Length))!;
        }

        return type switch
        {
            _ when type == typeof(bool) => random.Next(2) == 1,
            _ when type == typeof(byte) => (byte)random.Next(256),
            _ when type == typeof(sbyte) => (sbyte)random.Next(-128, 128),
            _ when type == typeof(short) => (short)random.Next(short.MinValue, short.MaxValue + 1),
            _ when type == typeof(ushort) => (ushort)random.Next(ushort.MaxValue + 1),
            _ when type == typeof(int) => (int)random.NextInt64(int.MinValue, (long)int.MaxValue + 1),
            _ when type == typeof(uint) => (uint)random.NextInt64(0, (long)uint.MaxValue + 1),
            _ when type == typeof(long) => Bits(random),
            _ when type == typeof(ulong) => unchecked((ulong)Bits(random)),
            _ when type == typeof(float) => BitConverter.Int32BitsToSingle(unchecked((int)Bits(random))),
            _ when type == typeof(double) => BitConverter.Int64BitsToDouble(Bits(random)),
            _ when type == typeof(decimal) => new decimal((int)Bits(random), random.Next(3) == 0 ? (int)Bits(random) : 0, random.Next(4) == 0 ? (int)Bits(random) : 0, random.Next(2) == 0, (byte)random.Next(29)),
            _ when type == typeof(char) => (char)random.Next(65536),
            _ when type == typeof(string) => Text(random),
            _ when type == typeof(Guid) => new Guid(Enumerable.Range(0, 16).Select(_ => (byte)random.Next(256)).ToArray()),
            _ when type == typeof(DateTime) => new DateTime(random.NextInt64(DateTime.MaxValue.Ticks + 1), Kind(random)),
            _ when type == typeof(DateTimeOffset) => Offset(random),
            _ when type == typeof(TimeSpan) => new TimeSpan(Bits(random)),
            _ when type == typeof(DateOnly) => DateOnly.FromDayNumber(random.Next(DateOnly.MaxValue.DayNumber + 1)),
            _ when type == typeof(TimeOnly) => new TimeOnly(random.NextInt64(TimeOnly.MaxValue.Ticks + 1)),
            _ when type == typeof(byte[]) => Enumerable.Range(0, random.Next(4)).Select(_ => (byte)random.Next(256)).ToArray(),
            _ => throw new InvalidOperationException($"No sample for {type}."),
        };
    }

    private static long Bits(Random random) => random.NextInt64(long.MinValue, long.MaxValue) + random.Next(2);

    private static DateTimeOffset Offset(Random random)
    {
        var offset = TimeSpan.FromMinutes(random.Next(-840, 841));
        var min = DateTime.MinValue.Ticks + TimeSpan.FromHours(14).Ticks;
        return new DateTimeOffset(random.NextInt64(min, DateTime.MaxValue.Ticks - TimeSpan.FromHours(14).Ticks), offset);
    }

    private static string Text(Random random)
    {
        string[] pieces = ["a", "b", "A", "z", "é", "ß", "日", "\ud7ff", "\ue000", "\uffff", "\U0001F389", "\U00010000", " ", "0"];
        return string.Concat(Enumerable.Range(0, random.Next(6)).Select(_ => pieces[random.Next(pieces.Length)]));
    }
}
