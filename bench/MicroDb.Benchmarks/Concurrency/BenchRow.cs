namespace MicroDb.Benchmarks.Concurrency;

/// <summary>Study 000's table: four columns of random data.</summary>
[Table("bench_row")]
public sealed class BenchRow
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>A random integer.</summary>
    public long Number { get; set; }

    /// <summary>A random short text.</summary>
    public string Text { get; set; } = "";

    /// <summary>A random real.</summary>
    public double Value { get; set; }

    /// <summary>A row of random values.</summary>
    /// <param name="random">The source.</param>
    public static BenchRow Random(Random random) => new()
    {
        Number = random.NextInt64(),
        Text = "t" + random.Next(1_000_000).ToString(System.Globalization.CultureInfo.InvariantCulture),
        Value = random.NextDouble(),
    };
}
