using System.Diagnostics;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// The main job (<c>--quick</c>): the headline comparisons, measured interleaved by <see cref="BenchRunner"/>, with
/// sqlite-net-pcl and MemoryPack beside; ends with the short table and draws one chart per comparison.
/// </summary>
public static class HeadlineProgram
{
    /// <summary>Runs the headline.</summary>
    /// <param name="output">Where the report and charts go.</param>
    /// <param name="charts">Draw charts.</param>
    /// <param name="caseSeconds">Least measuring time per case.</param>
    /// <param name="command">The command line, for the report.</param>
    /// <param name="only">Run only this group of cases (<see cref="HeadlineGroups"/>), or every group when null.</param>
    /// <returns>The process exit code.</returns>
    public static int Run(string output, bool charts, double caseSeconds, string command, string? only = null)
    {
        if (!HeadlineGroups.IsKnown(only))
        {
            Console.Error.WriteLine($"Unknown group '{only}' for --only: {HeadlineGroups.Names}.");
            return 2;
        }

        var started = DateTime.UtcNow;
        var clock = Stopwatch.StartNew();
        var runner = new BenchRunner(warmups: 2, minRounds: 20, maxRounds: 100_000, caseTime: TimeSpan.FromSeconds(caseSeconds));
        var results = new List<Measurement>();
        Console.WriteLine($"MicroDb headline: interleaved rounds in random order, at least {caseSeconds:F0} s per case; SQLite {MicroDbConnection.SqliteVersion}");
        using (var dir = new TempDirectory())
        {
            if (HeadlineGroups.Runs(only, HeadlineGroups.Crud))
            {
                CrudCases.Run(runner, dir, results);
            }

            if (HeadlineGroups.Runs(only, HeadlineGroups.Query))
            {
                QueryCases.Run(runner, dir, results);
            }

            if (HeadlineGroups.Runs(only, HeadlineGroups.Serialization))
            {
                SerializationCases.Run(runner, results);
            }

            if (HeadlineGroups.Runs(only, HeadlineGroups.Relational))
            {
                RelationalCases.Run(runner, dir, results);
            }
        }

        var report = HeadlineReport.Render(only is null ? "MicroDb headline (JIT)" : $"MicroDb headline (JIT), {only} cases", results, runner, "JIT", started, clock.Elapsed, command);
        Directory.CreateDirectory(output);
        File.WriteAllText(Path.Combine(output, "headline.md"), report);
        File.WriteAllLines(Path.Combine(output, "headline.csv"), new[] { "case,side,role,median_ns,min_ns,ratio,ratio_low,ratio_high,rounds,bytes_per_op" }
            .Concat(results.Where(m => m.Failure is null).Select(m => string.Join(',', $"\"{m.Case}\"", $"\"{m.Side}\"", m.Role, R(m.MedianNs), R(m.MinNs), R(m.Ratio), R(m.RatioLow), R(m.RatioHigh), m.Rounds, R(m.BytesPerOp)))));
        if (charts)
        {
            foreach (var file in HeadlineCharts.Draw(results, output))
            {
                Console.WriteLine($"Chart: {file}");
            }
        }

        Console.WriteLine();
        Console.WriteLine(HeadlineReport.Summary(results));
        Console.WriteLine($"Report: {Path.Combine(output, "headline.md")} ({clock.Elapsed.TotalSeconds:F0} s)");
        return 0;
    }

    private static string R(double v) => v.ToString("R", System.Globalization.CultureInfo.InvariantCulture);
}
