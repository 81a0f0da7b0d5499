using MicroDb.Conformance.Models;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// What PostgreSQL gives back for a written value, as docs/postgresql.md ("Column types") documents it: the expected
/// side of the portable suite's round trips on this database.
/// </summary>
internal static class PostgresStorage
{
    // PostgreSQL counts timestamps in microseconds from 2000-01-01; Npgsql divides the ticks from there by 10.
    private static readonly long Epoch = new DateTime(2000, 1, 1).Ticks;

    /// <summary>A <c>timestamp</c>: microseconds, no kind; the extremes are stored as -infinity/infinity and read back as they were.</summary>
    public static DateTime Timestamp(DateTime value) =>
        value == DateTime.MinValue || value == DateTime.MaxValue
            ? DateTime.SpecifyKind(value, DateTimeKind.Unspecified)
            : new DateTime(Epoch + (value.Ticks - Epoch) / 10 * 10, DateTimeKind.Unspecified);

    /// <summary>A <c>timestamptz</c>: the instant in microseconds, read back with offset 0.</summary>
    public static DateTimeOffset Instant(DateTimeOffset value) =>
        value == DateTimeOffset.MinValue || value == DateTimeOffset.MaxValue
            ? value
            : new DateTimeOffset(Epoch + (value.UtcTicks - Epoch) / 10 * 10, TimeSpan.Zero);

    /// <summary>An <c>interval</c>: microseconds.</summary>
    public static TimeSpan Interval(TimeSpan value) => new(value.Ticks / 10 * 10);

    /// <summary>A <c>time</c>: microseconds.</summary>
    public static TimeOnly Time(TimeOnly value) => new(value.Ticks / 10 * 10);

    /// <summary>Changes <paramref name="written"/> (a fresh sample) to its stored form and returns it.</summary>
    public static AllTypes Stored(AllTypes written)
    {
        written.DateTime = Timestamp(written.DateTime);
        written.DateTimeText = Timestamp(written.DateTimeText);
        written.NDateTime = written.NDateTime is { } d ? Timestamp(d) : null;
        written.NDateTimeText = written.NDateTimeText is { } t ? Timestamp(t) : null;
        written.DateTimeOffset = Instant(written.DateTimeOffset);
        written.NDateTimeOffset = written.NDateTimeOffset is { } o ? Instant(o) : null;
        written.TimeSpan = Interval(written.TimeSpan);
        written.NTimeSpan = written.NTimeSpan is { } s ? Interval(s) : null;
        written.TimeOnly = Time(written.TimeOnly);
        written.NTimeOnly = written.NTimeOnly is { } n ? Time(n) : null;
        return written;
    }
}
