using System.Diagnostics;
using System.Globalization;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Infrastructure;

namespace MicroDb.Benchmarks.Compat;

/// <summary><c>--compat</c>: issue 14's performance comparison of MicroDb.SQLiteNet against MicroDb's own API and sqlite-net-pcl.</summary>
public static class CompatProgram
{
    /// <summary>Runs the comparison and writes compat.md and compat.csv to <paramref name="output"/>.</summary>
    /// <param name="output">The output folder.</param>
    /// <param name="caseSeconds">Least measuring time per case.</param>
    /// <param name="command">The command line, for the report.</param>
    /// <returns>The process exit code.</returns>
    public static int Run(string output, double caseSeconds, string command)
    {
        var started = DateTime.UtcNow;
        var clock = Stopwatch.StartNew();
        var runner = new BenchRunner(warmups: 2, minRounds: 20, maxRounds: 100_000, caseTime: TimeSpan.FromSeconds(caseSeconds));
        var results = new List<Measurement>();
        var notes = new List<string>();
        Console.WriteLine($"MicroDb.SQLiteNet vs MicroDb vs sqlite-net-pcl: interleaved rounds, at least {caseSeconds:F0} s per case; SQLite {MicroDbConnection.SqliteVersion}");
        using (var dir = new TempDirectory())
        {
            CompatCases.Run(runner, dir, results, notes);
        }

        var report = CompatReport.Render(results, runner, notes, started, clock.Elapsed, command);
        Directory.CreateDirectory(output);
        File.WriteAllText(Path.Combine(output, "compat.md"), report);
        File.WriteAllLines(Path.Combine(output, "compat.csv"), new[] { "case,side,role,median_ns,min_ns,rounds,bytes_per_op" }
            .Concat(results.Select(m => string.Join(',', $"\"{m.Case}\"", $"\"{m.Side}\"", m.Role, R(m.MedianNs), R(m.MinNs), m.Rounds, R(m.BytesPerOp)))));
        Console.WriteLine();
        Console.WriteLine(CompatReport.Summary(results));
        Console.WriteLine($"Report: {Path.Combine(output, "compat.md")} ({clock.Elapsed.TotalSeconds:F0} s)");
        return 0;
    }

    private static string R(double v) => v.ToString("R", CultureInfo.InvariantCulture);
}
