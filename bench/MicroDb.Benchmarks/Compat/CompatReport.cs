using System.Runtime.InteropServices;
using System.Text;
using MicroDb.Benchmarks.Headline;

namespace MicroDb.Benchmarks.Compat;

/// <summary>Renders the compat comparison: per case, the three sides' medians and the paired-round ratios between them.</summary>
public static class CompatReport
{
    /// <summary>Issue 14's bound on the compat layer's cost over MicroDb's own API.</summary>
    public const double Overhead = 1.05;

    /// <summary>The conditions every side runs under, for the report and the docs.</summary>
    public const string Conditions =
        "Every side: journal_mode=WAL, synchronous=NORMAL, foreign_keys=ON, 5 s busy timeout, set explicitly on the sqlite-net-pcl and " +
        "MicroDb.SQLiteNet connections (the compat connection opens with sqlite-net's defaults, MicroDbPreset.Untuned: rollback journal, synchronous FULL). " +
        "Open flags: MicroDb and MicroDb.SQLiteNet ReadWrite|Create|NoMutex|Uri (the compat package passes only ReadWrite/Create on; MicroDb adds NoMutex|Uri and locks itself); " +
        "sqlite-net-pcl ReadWrite|Create|FullMutex (its default, serialized mode). Prepared statements are reused as far as each API allows " +
        "(MicroDb and MicroDb.SQLiteNet: every statement; sqlite-net-pcl: its INSERT per mapping, other statements are prepared per call). " +
        "Writes: PRAGMA wal_checkpoint(TRUNCATE), one small write and BEGIN IMMEDIATE untimed before each 250-call batch, COMMIT untimed after; " +
        "InsertAll runs its own transaction (checkpoint and small write untimed before; its COMMIT, timed, does not sync under WAL + NORMAL). " +
        "Reads run inside one read transaction per round (BEGIN/COMMIT untimed).";

    /// <summary>The report text.</summary>
    /// <param name="results">All measurements.</param>
    /// <param name="runner">The runner.</param>
    /// <param name="notes">Facts gathered during set-up.</param>
    /// <param name="started">When the run started (UTC).</param>
    /// <param name="elapsed">Wall time.</param>
    /// <param name="command">The command line.</param>
    public static string Render(List<Measurement> results, BenchRunner runner, List<string> notes, DateTime started, TimeSpan elapsed, string command)
    {
        var sb = new StringBuilder();
        sb.AppendLine("# MicroDb.SQLiteNet vs MicroDb vs sqlite-net-pcl");
        sb.AppendLine();
        sb.AppendLine($"- `{command}`; started {started:yyyy-MM-dd HH:mm:ss} UTC, {elapsed.TotalSeconds:F0} s; load average {LoadAverage()} at the end.");
        var rounds = string.Join(", ", results.GroupBy(m => m.Case).Select(g => $"{g.Key} {g.First().Rounds}"));
        sb.AppendLine($"- At least {runner.Warmups} warm-up rounds and {BenchRunner.WarmupTime.TotalSeconds:F0} s of warm-up per case, then at least {runner.CaseTime.TotalSeconds:F0} s and {runner.MinRounds} measured rounds (rounds: {rounds}); each round runs the three sides once in a new random order.");
        sb.AppendLine($"- {RuntimeInformation.FrameworkDescription}, {RuntimeInformation.OSDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical cores; SQLite {MicroDbConnection.SqliteVersion}.");
        sb.AppendLine($"- {Conditions}");
        foreach (var note in notes.Distinct())
        {
            sb.AppendLine($"- {note}");
        }

        sb.AppendLine();
        sb.Append(Summary(results));
        return sb.ToString();
    }

    /// <summary>
    /// The table: medians per operation, then compat ÷ MicroDb, compat ÷ sqlite-net and MicroDb ÷ sqlite-net, each the
    /// median of per-round ratios with its 95% confidence interval, and whether issue 14's two targets are met.
    /// </summary>
    /// <param name="results">All measurements.</param>
    public static string Summary(List<Measurement> results)
    {
        var sb = new StringBuilder();
        sb.AppendLine("| Operation | MicroDb | MicroDb.SQLiteNet | sqlite-net-pcl | compat ÷ MicroDb [95% CI] | compat ÷ sqlite-net [95% CI] | MicroDb ÷ sqlite-net | allocated MicroDb / compat / sqlite-net | targets |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---|");
        var missed = new List<string>();
        foreach (var name in results.Select(m => m.Case).Distinct())
        {
            var row = results.Where(m => m.Case == name).ToList();
            var micro = row.Single(m => m.Role == SideRole.Generated);
            var compat = row.Single(m => m.Role == SideRole.Compat);
            var net = row.Single(m => m.Role == SideRole.Peer);
            var overMicro = BenchRunner.RatioStatistics(compat.Times, micro.Times);
            var overNet = BenchRunner.RatioStatistics(compat.Times, net.Times);
            var microNet = BenchRunner.RatioStatistics(micro.Times, net.Times);
            var verdict = (overMicro.Ratio <= Overhead ? "≤ 1.05 met" : "≤ 1.05 **missed**") + ", " + (overNet.High < 1 ? "beats sqlite-net" : overNet.Ratio < 1 ? "beats sqlite-net (CI touches 1)" : "**does not beat sqlite-net**");
            if (overMicro.Ratio > Overhead || overNet.Ratio >= 1)
            {
                missed.Add(name);
            }

            sb.AppendLine($"| {name} | {Format.Time(micro.MedianNs)} | {Format.Time(compat.MedianNs)} | {Format.Time(net.MedianNs)} | {Cell(overMicro)} | {Cell(overNet)} | {Cell(microNet)} | {Format.Bytes(micro.BytesPerOp)} / {Format.Bytes(compat.BytesPerOp)} / {Format.Bytes(net.BytesPerOp)} | {verdict} |");
        }

        sb.AppendLine();
        sb.AppendLine("Times are medians per operation (per call for CRUD and the lookup, per InsertAll, per query for the 1,000-row and 100-row reads). A ratio is the median over rounds of the two sides' times in the same round, with the 95% confidence interval from the order statistics of the per-round ratios.");
        sb.AppendLine(missed.Count == 0 ? "Both targets met on every case." : $"Cases missing a target: {string.Join(", ", missed)}.");
        return sb.ToString();
    }

    private static string Cell((double Ratio, double Low, double High) r) => $"{Format.Ratio(r.Ratio)} [{Format.Ratio(r.Low)}–{Format.Ratio(r.High)}]";

    private static string LoadAverage()
    {
        try
        {
            var parts = File.ReadAllText("/proc/loadavg").Split(' ');
            return $"{parts[0]} / {parts[1]} / {parts[2]}";
        }
        catch (IOException)
        {
            return "unknown";
        }
    }
}
