using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Filters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks;

/// <summary>
/// Entry point: <c>--quick</c> runs the short headline job (about three minutes on two cores; with an explicit
/// <c>--filter</c> it runs what the filter names, with the quick sizes); without it the
/// full suite runs. Every other argument goes to BenchmarkDotNet's switcher (for example <c>--filter *Crud*</c>).
/// Results are copied to docs/results/{quick|full} and charted with gnuplot when it is installed.
/// </summary>
public static class BenchmarkProgram
{
    /// <summary>The benchmark classes in the quick job.</summary>
    private static readonly Type[] QuickTypes =
    [
        typeof(Serialization.SerializationBenchmarks),
        typeof(Crud.CrudBenchmarks),
        typeof(Crud.PerCallBenchmarks),
        typeof(Reading.ReadRowsBenchmarks),
        typeof(Reading.BulkInsertBenchmarks),
        typeof(Workloads.ProviderBenchmarks),
    ];

    /// <summary>Runs the suite.</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <returns>The process exit code.</returns>
    public static int Run(string[] args)
    {
#if DEBUG
        Console.Error.WriteLine("MicroDb.Benchmarks must run in Release: dotnet run -c Release --project bench/MicroDb.Benchmarks -- [--quick]");
        return 2;
#else
        var quick = args.Contains("--quick", StringComparer.OrdinalIgnoreCase);
        var noCharts = args.Contains("--no-charts", StringComparer.OrdinalIgnoreCase);
        var rest = args.Where(a => !a.Equals("--quick", StringComparison.OrdinalIgnoreCase) && !a.Equals("--no-charts", StringComparison.OrdinalIgnoreCase)).ToList();
        Environment.SetEnvironmentVariable(BenchSettings.QuickVariable, quick ? "1" : "0");
        var userFilter = rest.Any(a => a.StartsWith("--filter", StringComparison.Ordinal) || a == "-f" || a.StartsWith("--list", StringComparison.Ordinal));
        if (!userFilter)
        {
            rest.AddRange(["--filter", "*"]);
        }

        var artifacts = Path.Combine(Path.GetTempPath(), "microdb-bench-artifacts", quick ? "quick" : "full");
        if (Directory.Exists(Path.Combine(artifacts, "results")))
        {
            Directory.Delete(Path.Combine(artifacts, "results"), recursive: true);
        }

        Console.WriteLine($"MicroDb benchmarks ({(quick ? "quick" : "full")}), SQLite {MicroDbConnection.SqliteVersion}");
        var config = BuildConfig(quick, headlineOnly: quick && !userFilter, artifacts);
        var types = typeof(BenchmarkProgram).Assembly.GetTypes().Where(t => t.IsPublic && !t.IsAbstract && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkDotNet.Attributes.BenchmarkAttribute), false))).ToArray();
        var summaries = BenchmarkSwitcher.FromTypes(types).Run(rest.ToArray(), config).ToArray();
        if (summaries.Length == 0)
        {
            return 1;
        }

        var target = ResultPublisher.Publish(summaries, artifacts, quick ? "quick" : "full", charts: !noCharts);
        Console.WriteLine($"Results copied to {target}");
        return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
#endif
    }

    private static IConfig BuildConfig(bool quick, bool headlineOnly, string artifacts)
    {
        // In-process: no per-run project build (minutes on two cores), and the quick switch is visible to the parameter sources.
        var job = quick
            ? Job.Default.WithId("Quick").WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(5).WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(250))
            : Job.Default.WithId("Full").WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10);
        var config = ManualConfig.CreateMinimumViable()
            .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .AddExporter(new CsvExporter(CsvSeparator.Comma))
            .WithArtifactsPath(artifacts)
            .WithOrderer(new BenchmarkDotNet.Order.DefaultOrderer(BenchmarkDotNet.Order.SummaryOrderPolicy.Declared))
            .WithOption(ConfigOptions.JoinSummary, false);
        if (headlineOnly)
        {
            // The headline job; an explicit --filter with --quick runs what it names with the quick sizes instead.
            config = config.AddFilter(new SimpleFilter(b => QuickTypes.Contains(b.Descriptor.Type) && QuickCase(b)));
        }

        return config;
    }

    private static bool QuickCase(BenchmarkDotNet.Running.BenchmarkCase b) =>
        b.Descriptor.Type != typeof(Workloads.ProviderBenchmarks) || b.Descriptor.Categories.Any(c => c is "Select" or "Insert" or "Join");
}
