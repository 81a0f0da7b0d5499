namespace MicroDb.AotBench;

/// <summary>One side of one case: median and minimum time per operation, allocated bytes per operation, or why it could not run.</summary>
internal sealed class Measurement
{
    /// <summary>The case, e.g. "Serialize 30,000 objects".</summary>
    public required string Case { get; init; }

    /// <summary>The side: explicit/raw baseline, generated, reflection.</summary>
    public required string Side { get; init; }

    /// <summary>True for the case's baseline (ratios are medians over its median).</summary>
    public bool IsBaseline { get; init; }

    /// <summary>Median time per operation, in nanoseconds.</summary>
    public double MedianNs { get; init; }

    /// <summary>Fastest iteration's time per operation, in nanoseconds.</summary>
    public double MinNs { get; init; }

    /// <summary>Bytes allocated on the measuring thread per operation (all measured iterations).</summary>
    public double BytesPerOp { get; init; }

    /// <summary>Null when measured; otherwise the exception that stopped this side.</summary>
    public string? Failure { get; init; }
}
