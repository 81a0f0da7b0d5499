namespace MicroDb.Conformance.Properties;

/// <summary>
/// The value pools of the differential property tests: few values per type, so keys repeat, and within each pool the
/// cases "How queries compare stored values" singles out (equal instants of three kinds, equal decimals of several
/// scales, unsigned values above long.MaxValue, strings that differ in case or only in ordinal order, nulls, 0.0 and -0.0, DateOnly and TimeSpan extremes).
/// </summary>
internal static class PropValues
{
    public static readonly DateTime Instant = new(2024, 2, 29, 23, 59, 58, 123, DateTimeKind.Utc);

    public static readonly int?[] Ints = [null, 1, 2, 3, 3, 5, -1];

    public static readonly long[] Longs = [long.MinValue, -2, 0, 7, 7, long.MaxValue];

    public static readonly ulong[] ULongs = [0, 1, long.MaxValue, (ulong)long.MaxValue + 1, (ulong)long.MaxValue + 2, ulong.MaxValue - 1, ulong.MaxValue];

    public static readonly decimal[] Decimals = [0m, 0.00m, 1m, 1.0m, 1.000m, 2.5m, 2.50m, -1.5m, -1.50m, 100m, 0.1m, 12345678901234567.89m, 12345678901234567.8m];

    public static readonly DateTime[] Dates =
    [
        Instant,
        DateTime.SpecifyKind(Instant, DateTimeKind.Local),
        DateTime.SpecifyKind(Instant, DateTimeKind.Unspecified),
        DateTime.SpecifyKind(Instant.AddHours(1), DateTimeKind.Unspecified),
        Instant.AddHours(1),
        DateTime.SpecifyKind(Instant.AddTicks(-1), DateTimeKind.Local),
        new(1999, 12, 31, 0, 0, 0, DateTimeKind.Utc),
    ];

    public static readonly string?[] Texts = [null, "", "a", "A", "ab", "aB", "Ab", "b", "B", "é", "z", "Z", "a b"];

    public static readonly Guid[] Guids =
    [
        Guid.Empty,
        new("00000000-0000-0000-0000-000000000001"),
        new("10000000-0000-0000-0000-000000000000"),
        new("0a000000-0000-0000-0000-000000000000"),
        new("ffffffff-ffff-ffff-ffff-ffffffffffff"),
        new("00000001-0000-0000-0000-000000000000"),
    ];

    public static readonly PropTint[] Tints = [PropTint.Red, PropTint.Green, PropTint.Blue];

    public static readonly PropWide?[] Wides = [null, PropWide.Low, PropWide.Middle, PropWide.High, PropWide.Top];

    public static readonly double[] Reals = [double.NaN, 0.0, -0.0, 1.5, 0.1 + 0.2, 0.3, -1e-300, double.MaxValue, 2.0];

    public static readonly DateOnly[] Days = [new(2024, 2, 29), new(2024, 3, 1), new(1, 1, 1), new(9999, 12, 31)];

    public static readonly TimeSpan[] Spans = [TimeSpan.Zero, TimeSpan.FromHours(1), TimeSpan.FromDays(-1), TimeSpan.FromTicks(1), new(1, 2, 3, 4, 5)];

    public static T Pick<T>(Random random, T[] pool) => pool[random.Next(pool.Length)];

    public static PropLeft Left(Random random) => new()
    {
        Int = Pick(random, Ints),
        Long = Pick(random, Longs),
        ULong = Pick(random, ULongs),
        Decimal = Pick(random, Decimals),
        Date = Pick(random, Dates),
        NDate = random.Next(4) == 0 ? null : Pick(random, Dates),
        Text = Pick(random, Texts),
        Guid = Pick(random, Guids),
        Tint = Pick(random, Tints),
        Wide = Pick(random, Wides),
        Real = Pick(random, Reals),
        Flag = random.Next(2) == 0,
        Day = Pick(random, Days),
        Span = Pick(random, Spans),
        Amount = random.Next(-3, 10),
    };

    public static PropRight Right(Random random) => new()
    {
        Int = Pick(random, Ints),
        Long = Pick(random, Longs),
        ULong = Pick(random, ULongs),
        Decimal = Pick(random, Decimals),
        Date = Pick(random, Dates),
        NDate = random.Next(4) == 0 ? null : Pick(random, Dates),
        Text = Pick(random, Texts),
        Guid = Pick(random, Guids),
        Tint = Pick(random, Tints),
        Wide = Pick(random, Wides),
        Real = Pick(random, Reals),
        Flag = random.Next(2) == 0,
        Day = Pick(random, Days),
        Span = Pick(random, Spans),
        Amount = random.Next(-3, 10),
    };
}
