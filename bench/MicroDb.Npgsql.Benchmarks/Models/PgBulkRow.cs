namespace MicroDb.Npgsql.Benchmarks.Models;

/// <summary>The bulk-load row: study 004's four columns in a table of its own.</summary>
[Table("pg_bulk_row")]
public sealed class PgBulkRow
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
    public static PgBulkRow Random(Random random) => new()
    {
        Number = random.NextInt64(),
        Text = "t" + random.Next(1_000_000).ToString(System.Globalization.CultureInfo.InvariantCulture),
        Value = random.NextDouble(),
    };
}
