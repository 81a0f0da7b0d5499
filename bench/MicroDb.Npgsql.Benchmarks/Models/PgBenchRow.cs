namespace MicroDb.Npgsql.Benchmarks.Models;

/// <summary>Study 004's row (the same four columns as bench/MicroDb.Benchmarks' BenchRow); also the bulk-load row.</summary>
[Table("pg_bench_row")]
public sealed class PgBenchRow
{
    /// <summary>Identity key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>A number.</summary>
    public long Number { get; set; }

    /// <summary>A short text.</summary>
    public string Text { get; set; } = "";

    /// <summary>A double.</summary>
    public double Value { get; set; }

    /// <summary>A row of random values (no key).</summary>
    /// <param name="random">The source.</param>
    /// <returns>The row.</returns>
    public static PgBenchRow Random(Random random) => new()
    {
        Number = random.NextInt64(),
        Text = "t" + random.Next(1_000_000).ToString(System.Globalization.CultureInfo.InvariantCulture),
        Value = random.NextDouble(),
    };
}
