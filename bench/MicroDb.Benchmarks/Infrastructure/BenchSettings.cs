namespace MicroDb.Benchmarks.Infrastructure;

/// <summary>
/// Run-wide switches. The quick flag travels in an environment variable so that parameter sources see it
/// in the host process and in any child process BenchmarkDotNet starts.
/// </summary>
public static class BenchSettings
{
    /// <summary>The environment variable that marks a quick run.</summary>
    public const string QuickVariable = "MICRODB_BENCH_QUICK";

    /// <summary>True for the short <c>--quick</c> job.</summary>
    public static bool Quick => Environment.GetEnvironmentVariable(QuickVariable) == "1";
}
