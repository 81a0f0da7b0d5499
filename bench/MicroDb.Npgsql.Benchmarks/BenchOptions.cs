namespace MicroDb.Npgsql.Benchmarks;

/// <summary>Run-wide switches, read from the environment so BenchmarkDotNet's child processes see what the host was given.</summary>
public static class BenchOptions
{
    /// <summary>The environment variable set by <c>--quick</c>.</summary>
    public const string QuickVariable = "MICRODB_PG_BENCH_QUICK";

    /// <summary>True with <c>--quick</c>: smaller sizes and BenchmarkDotNet's short job.</summary>
    public static bool Quick => Environment.GetEnvironmentVariable(QuickVariable) == "1";
}
