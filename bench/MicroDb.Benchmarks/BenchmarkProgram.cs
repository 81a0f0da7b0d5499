using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Csv;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks;

/// <summary>
/// Entry point. <c>--quick</c> runs the headline (<see cref="Headline.HeadlineProgram"/>: interleaved rounds in random
/// order, hand-written vs MicroDb generated vs reflection vs sqlite-net-pcl, about three minutes on two cores); with an
/// explicit <c>--filter</c> it runs what the filter names under BenchmarkDotNet with the quick sizes instead. Without
/// <c>--quick</c> the full BenchmarkDotNet suite runs. Every other argument goes to BenchmarkDotNet's switcher.
/// Results go to bench/results/{headline|quick|full} (git-ignored); <c>--publish</c> writes docs/results instead.
/// Charts are drawn with ScottPlot unless <c>--no-charts</c>. <c>--case-seconds N</c> sets the headline's least
/// measuring time per case (default 10). <c>--compat</c> runs issue 14's comparison instead
/// (<see cref="Compat.CompatProgram"/>: MicroDb vs MicroDb.SQLiteNet vs sqlite-net-pcl, interleaved; results in compat/).
/// <c>--quick --only GROUP</c> runs one group of the headline's cases (crud, query, serialization, relational; results in
/// headline-GROUP/).
/// </summary>
public static class BenchmarkProgram
{
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
        var compat = args.Contains("--compat", StringComparer.OrdinalIgnoreCase);
        var noCharts = args.Contains("--no-charts", StringComparer.OrdinalIgnoreCase);
        var publish = args.Contains("--publish", StringComparer.OrdinalIgnoreCase);
        var caseSeconds = 10.0;
        string? only = null;
        var rest = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i].Equals("--case-seconds", StringComparison.OrdinalIgnoreCase) && i + 1 < args.Length
                && double.TryParse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture, out var seconds) && seconds > 0)
            {
                caseSeconds = seconds;
                i++;
            }
            else if (args[i].Equals("--only", StringComparison.OrdinalIgnoreCase) && i + 1 < args.Length)
            {
                only = args[++i];
            }
            else if (args[i] is not ("--quick" or "--no-charts" or "--publish" or "--compat"))
            {
                rest.Add(args[i]);
            }
        }

        Environment.SetEnvironmentVariable(BenchSettings.QuickVariable, quick ? "1" : "0");
        var userFilter = rest.Any(a => a.StartsWith("--filter", StringComparison.Ordinal) || a == "-f" || a.StartsWith("--list", StringComparison.Ordinal));
        var root = ResultPublisher.ResultsRoot(publish);
        if (compat)
        {
            var command = "dotnet run -c Release --project bench/MicroDb.Benchmarks -- " + string.Join(' ', args);
            return Compat.CompatProgram.Run(Path.Combine(root, "compat"), caseSeconds, command);
        }

        if (quick && !userFilter)
        {
            var command = "dotnet run -c Release --project bench/MicroDb.Benchmarks -- " + string.Join(' ', args);
            return Headline.HeadlineProgram.Run(Path.Combine(root, only is null ? "headline" : "headline-" + only), charts: !noCharts, caseSeconds, command, only);
        }

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
        var config = BuildConfig(quick, artifacts);
        var types = typeof(BenchmarkProgram).Assembly.GetTypes().Where(t => t.IsPublic && !t.IsAbstract && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkDotNet.Attributes.BenchmarkAttribute), false))).ToArray();
        var summaries = BenchmarkSwitcher.FromTypes(types).Run(rest.ToArray(), config).ToArray();
        if (summaries.Length == 0)
        {
            return 1;
        }

        var target = ResultPublisher.Publish(summaries, artifacts, Path.Combine(root, quick ? "quick" : "full"), quick ? "quick" : "full", charts: !noCharts);
        Console.WriteLine($"Results copied to {target}");
        return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
#endif
    }

    private static IConfig BuildConfig(bool quick, string artifacts)
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
        return config;
    }

}
