namespace MicroDb.Benchmarks.Concurrency;

/// <summary>The quick switch, read by parameter sources (set by Program from <c>--quick</c>).</summary>
public static class ConcurrencyBenchSettings
{
    /// <summary>The environment variable that marks a quick run.</summary>
    public const string QuickVariable = "MICRODB_BENCH_QUICK";

    /// <summary>True for the short <c>--quick</c> job.</summary>
    public static bool Quick => Environment.GetEnvironmentVariable(QuickVariable) == "1";
}
