namespace MicroDb.Conformance.Query;

/// <summary>One member of each numeric type LINQ's Sum and Average have overloads for, plain and nullable.</summary>
[Table("number_rows")]
public sealed class NumberRow
{
    [PrimaryKey]
    [AutoIncrement]
    public int Id { get; set; }

    public int I { get; set; }

    public int? NI { get; set; }

    public long L { get; set; }

    public long? NL { get; set; }

    public float F { get; set; }

    public float? NF { get; set; }

    public double D { get; set; }

    public double? ND { get; set; }

    public decimal M { get; set; }

    public decimal? NM { get; set; }

    public string? Name { get; set; }

    /// <summary>Random rows from a fixed seed; about a third of each nullable member is null. Values are exact in binary so sums do not depend on order.</summary>
    public static List<NumberRow> Generate(int seed, int count)
    {
        var random = new Random(seed);
        var rows = new List<NumberRow>(count);
        for (var i = 0; i < count; i++)
        {
            rows.Add(new NumberRow
            {
                I = random.Next(-1000, 1001),
                NI = random.Next(3) == 0 ? null : random.Next(-1000, 1001),
                L = random.NextInt64(-1_000_000_000_000, 1_000_000_000_001),
                NL = random.Next(3) == 0 ? null : random.NextInt64(-1_000_000_000_000, 1_000_000_000_001),
                F = random.Next(-4000, 4001) / 4f,
                NF = random.Next(3) == 0 ? null : random.Next(-4000, 4001) / 4f,
                D = random.Next(-400000, 400001) / 8d,
                ND = random.Next(3) == 0 ? null : random.Next(-400000, 400001) / 8d,
                M = random.NextInt64(-1_000_000_000_000, 1_000_000_000_001) / 1000000m,
                NM = random.Next(3) == 0 ? null : random.NextInt64(-1_000_000_000_000, 1_000_000_000_001) / 1000000m,
                Name = random.Next(4) == 0 ? null : "n" + random.Next(50),
            });
        }

        return rows;
    }
}
