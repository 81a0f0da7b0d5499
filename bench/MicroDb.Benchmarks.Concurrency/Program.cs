using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using MicroDb.Benchmarks.Concurrency;

// dotnet run -c Release --project bench/MicroDb.Benchmarks.Concurrency -- [--quick] [--filter *Gate*]
var quick = args.Contains("--quick", StringComparer.OrdinalIgnoreCase);
Environment.SetEnvironmentVariable(ConcurrencyBenchSettings.QuickVariable, quick ? "1" : "0");
var rest = args.Where(a => !a.Equals("--quick", StringComparison.OrdinalIgnoreCase)).ToList();
if (!rest.Any(a => a.StartsWith("--filter", StringComparison.Ordinal) || a == "-f" || a.StartsWith("--list", StringComparison.Ordinal)))
{
    rest.AddRange(["--filter", "*"]);
}

// In-process: no per-case project build on a two-core machine.
var job = quick
    ? Job.Default.WithId("Quick").WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(3)
    : Job.Default.WithId("Full").WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10);
var config = ManualConfig.CreateMinimumViable()
    .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
    .AddDiagnoser(MemoryDiagnoser.Default)
    .AddExporter(MarkdownExporter.GitHub)
    .WithArtifactsPath(Path.Combine(Path.GetTempPath(), "microdb-conc-bench", quick ? "quick" : "full"))
    .WithOption(ConfigOptions.JoinSummary, false);
var summaries = BenchmarkSwitcher.FromAssembly(typeof(GateBenchmarks).Assembly).Run(rest.ToArray(), config).ToArray();
return summaries.Length == 0 || summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
