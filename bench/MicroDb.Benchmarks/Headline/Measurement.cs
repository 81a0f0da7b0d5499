namespace MicroDb.Benchmarks.Headline;

/// <summary>One side of one case: times per operation, the ratio to the case's baseline with its spread, allocation, or why it could not run.</summary>
public sealed class Measurement
{
    /// <summary>The case, e.g. "Serialize 30,000 objects".</summary>
    public required string Case { get; init; }

    /// <summary>The side's name.</summary>
    public required string Side { get; init; }

    /// <summary>The side's column in the headline table.</summary>
    public SideRole Role { get; init; }

    /// <summary>True for the case's baseline.</summary>
    public bool IsBaseline => Role == SideRole.HandWritten;

    /// <summary>Median time per operation over the rounds, in nanoseconds.</summary>
    public double MedianNs { get; init; }

    /// <summary>Fastest round's time per operation, in nanoseconds.</summary>
    public double MinNs { get; init; }

    /// <summary>Median over the rounds of (this side's time / the baseline's time in the same round); NaN without a baseline.</summary>
    public double Ratio { get; init; } = double.NaN;

    /// <summary>Lower end of the 95% confidence interval of <see cref="Ratio"/> (order statistics of the per-round ratios).</summary>
    public double RatioLow { get; init; } = double.NaN;

    /// <summary>Upper end of the 95% confidence interval of <see cref="Ratio"/>.</summary>
    public double RatioHigh { get; init; } = double.NaN;

    /// <summary>Time per operation of each round, in nanoseconds, in round order (rounds are paired across the sides of a case).</summary>
    public IReadOnlyList<double> Times { get; init; } = [];

    /// <summary>Rounds measured.</summary>
    public int Rounds { get; init; }

    /// <summary>Bytes allocated on the measuring thread per operation (all measured rounds).</summary>
    public double BytesPerOp { get; init; }

    /// <summary>Null when measured; otherwise the exception that stopped this side.</summary>
    public string? Failure { get; init; }

    /// <summary>For a LINQ lookup side: its time ÷ Find of the same row on the same side, median of per-round ratios with the 95% interval (the two run in the same rounds).</summary>
    public (double Ratio, double Low, double High)? VersusFind { get; init; }

    /// <summary>A copy of <paramref name="m"/> filed under another case (a case measured together with another and reported apart).</summary>
    /// <param name="m">The measurement.</param>
    /// <param name="caseName">The case to file it under.</param>
    /// <param name="side">The side's name there (default: unchanged).</param>
    /// <param name="versusFind">The paired ratio to Find, if any.</param>
    public static Measurement Refiled(Measurement m, string caseName, string? side = null, (double Ratio, double Low, double High)? versusFind = null) => new()
    {
        Case = caseName,
        Side = side ?? m.Side,
        Role = m.Role,
        MedianNs = m.MedianNs,
        MinNs = m.MinNs,
        Ratio = m.Ratio,
        RatioLow = m.RatioLow,
        RatioHigh = m.RatioHigh,
        Times = m.Times,
        Rounds = m.Rounds,
        BytesPerOp = m.BytesPerOp,
        Failure = m.Failure,
        VersusFind = versusFind,
    };
}
