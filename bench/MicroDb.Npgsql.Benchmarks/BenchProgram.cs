using System.Globalization;
using System.Text;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using MicroDb.Benchmarks.Headline;
using MicroDb.Npgsql.Benchmarks.Bulk;
using MicroDb.Npgsql.Benchmarks.Crud;
using MicroDb.Npgsql.Tests;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Benchmarks;

/// <summary>
/// Entry point. Starts one throwaway PostgreSQL server for the whole run (<see cref="LocalPostgres"/>) and stops it at
/// the end. <c>--crud</c> runs the interleaved per-call CRUD comparison (<see cref="CrudCases"/>), <c>--bulk</c> the
/// interleaved 10,000-row load (<see cref="BulkCases"/>); otherwise the arguments go to BenchmarkDotNet's switcher
/// (study 004: <c>--filter '*SyncAsync*'</c>; study 003: <c>--filter '*ProviderBenchmarks*'</c>). <c>--quick</c>:
/// smaller sizes, a short job (5 iterations), 3 s per interleaved case instead of 10 (<c>--case-seconds N</c> sets it);
/// <c>--dry</c>: BenchmarkDotNet's dry job (one call each: does every case run?). BenchmarkDotNet runs in-process.
/// Results go to bench/results/npgsql/ (git-ignored).
/// </summary>
public static class BenchProgram
{
    /// <summary>Runs the bench.</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <returns>The exit code.</returns>
    public static int Run(string[] args)
    {
#if DEBUG
        Console.Error.WriteLine("Run in Release: dotnet run -c Release --project bench/MicroDb.Npgsql.Benchmarks -- ...");
        return 2;
#else
        var quick = args.Contains("--quick", StringComparer.OrdinalIgnoreCase);
        var crud = args.Contains("--crud", StringComparer.OrdinalIgnoreCase);
        var bulk = args.Contains("--bulk", StringComparer.OrdinalIgnoreCase);
        var dry = args.Contains("--dry", StringComparer.OrdinalIgnoreCase);
        double? caseSeconds = null;
        var rest = new List<string>();
        for (var i = 0; i < args.Length; i++)
        {
            if (args[i].Equals("--case-seconds", StringComparison.OrdinalIgnoreCase) && i + 1 < args.Length)
            {
                caseSeconds = double.Parse(args[++i], CultureInfo.InvariantCulture);
            }
            else if (!args[i].StartsWith("--quick", StringComparison.OrdinalIgnoreCase)
                && !args[i].Equals("--crud", StringComparison.OrdinalIgnoreCase)
                && !args[i].Equals("--bulk", StringComparison.OrdinalIgnoreCase)
                && !args[i].Equals("--dry", StringComparison.OrdinalIgnoreCase))
            {
                rest.Add(args[i]);
            }
        }

        Environment.SetEnvironmentVariable(BenchOptions.QuickVariable, quick ? "1" : "0");
        var results = Path.GetFullPath(Path.Combine(RepositoryRoot(), "bench", "results", "npgsql"));
        Directory.CreateDirectory(results);
        Console.WriteLine("Starting a throwaway PostgreSQL server (initdb, pg_ctl; fsync off) ...");
        var server = LocalPostgres.Start(BenchServer.Settings);
        Console.CancelKeyPress += (_, _) => server.Stop(Console.Error.WriteLine);
        try
        {
            Environment.SetEnvironmentVariable(BenchServer.Variable, server.ConnectionString);
            Console.WriteLine($"Server: {server.ConnectionString}");
            if (crud || bulk)
            {
                ReflectionMaps.Enable();
                var seconds = caseSeconds ?? (quick ? 3 : 10);
                using var source = BenchServer.DataSource();
                var measurements = new List<Measurement>();
                if (crud)
                {
                    CrudCases.Run(new BenchRunner(warmups: 3, minRounds: 15, maxRounds: 400, TimeSpan.FromSeconds(seconds)), source, measurements);
                }

                if (bulk)
                {
                    BulkCases.Run(new BenchRunner(warmups: 2, minRounds: 10, maxRounds: 60, TimeSpan.FromSeconds(seconds * 2)), source, measurements);
                }

                var file = Path.Combine(results, (crud && bulk ? "crud-bulk" : crud ? "crud" : "bulk") + ".md");
                File.WriteAllText(file, Markdown(measurements, quick, seconds));
                Console.WriteLine($"Wrote {file}");
                return 0;
            }

            // In-process, as bench/MicroDb.Benchmarks runs: no per-run project build (minutes on two cores, past
            // BenchmarkDotNet's build timeout when the machine is busy), and the server's variables are simply there.
            var job = dry ? Job.Dry.WithId("dry")
                : quick ? Job.Default.WithId("quick").WithLaunchCount(1).WithWarmupCount(1).WithIterationCount(5)
                    .WithIterationTime(Perfolizer.Horology.TimeInterval.FromMilliseconds(250))
                : Job.Default.WithId("full").WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10);
            var config = DefaultConfig.Instance
                .AddJob(job.WithToolchain(InProcessEmitToolchain.Instance))
                .WithArtifactsPath(Path.Combine(results, dry ? "bdn-dry" : quick ? "bdn-quick" : "bdn-full"));
            var summaries = BenchmarkSwitcher.FromAssembly(typeof(BenchProgram).Assembly).Run(rest.ToArray(), config).ToList();
            return summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success)) ? 1 : 0;
        }
        finally
        {
            server.Stop(Console.Error.WriteLine);
        }
#endif
    }

    private static string Markdown(List<Measurement> measurements, bool quick, double seconds)
    {
        var text = new StringBuilder();
        text.AppendLine(CultureInfo.InvariantCulture, $"MicroDb.Npgsql interleaved bench, {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC, {(quick ? "quick" : "full")}, at least {seconds} s per case; PostgreSQL on loopback, fsync off.");
        text.AppendLine();
        text.AppendLine("| Case | Side | median | min | ratio to hand-written [95% CI] | allocated/op | rounds |");
        text.AppendLine("|---|---|---:|---:|---|---:|---:|");
        foreach (var m in measurements)
        {
            var ratio = double.IsNaN(m.Ratio) ? "" : $"{Format.Ratio(m.Ratio)} [{Format.Ratio(m.RatioLow)}–{Format.Ratio(m.RatioHigh)}]";
            text.AppendLine(CultureInfo.InvariantCulture,
                $"| {m.Case} | {m.Side} | {Format.Time(m.MedianNs)} | {Format.Time(m.MinNs)} | {ratio} | {Format.Bytes(m.BytesPerOp)} | {m.Rounds} |");
        }

        return text.ToString();
    }

    private static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "MicroDb.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? Directory.GetCurrentDirectory();
    }
}
