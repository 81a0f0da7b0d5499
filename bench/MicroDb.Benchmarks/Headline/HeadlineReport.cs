using System.Runtime.InteropServices;
using System.Text;

namespace MicroDb.Benchmarks.Headline;

/// <summary>Renders a headline run as markdown: the conditions, every side of every case, and the short table.</summary>
public static class HeadlineReport
{
    /// <summary>What the runner does about fsync, for the report and the docs.</summary>
    public const string FsyncNote =
        "fsync is kept out of timed writes: before each timed write batch, untimed, every side runs PRAGMA wal_checkpoint(TRUNCATE), " +
        "one small write and BEGIN IMMEDIATE; the batch's COMMIT runs untimed after it (WAL, synchronous=NORMAL, foreign_keys=ON on every side). Reads run inside one read transaction per round (BEGIN and COMMIT untimed).";

    /// <summary>The open flags of each side, for the report and the docs.</summary>
    public const string FlagsNote =
        "Open flags: hand-written and MicroDb ReadWrite|Create|NoMutex|Uri (SQLite's multi-thread mode); sqlite-net-pcl its default ReadWrite|Create|FullMutex (serialized mode: a mutex per call).";

    /// <summary>The report text.</summary>
    /// <param name="title">The heading.</param>
    /// <param name="results">All measurements, in run order.</param>
    /// <param name="runner">The runner (round counts).</param>
    /// <param name="mode">"JIT" or "NativeAOT".</param>
    /// <param name="started">When the run started (UTC).</param>
    /// <param name="elapsed">Wall time of the run.</param>
    /// <param name="command">The command that produced the run.</param>
    public static string Render(string title, List<Measurement> results, BenchRunner runner, string mode, DateTime started, TimeSpan elapsed, string command)
    {
        var sb = new StringBuilder();
        sb.AppendLine($"# {title}");
        sb.AppendLine();
        sb.AppendLine($"- `{command}`; started {started:yyyy-MM-dd HH:mm:ss} UTC, {elapsed.TotalSeconds:F0} s.");
        var warmup = runner.Warmups == 0 ? "no warm-up" : $"at least {runner.Warmups} warm-up rounds and {BenchRunner.WarmupTime.TotalSeconds:F0} s of warm-up per case";
        var rounds = string.Join(", ", results.Where(m => m.Failure is null).GroupBy(m => m.Case).Select(g => $"{g.Key} {g.First().Rounds}"));
        sb.AppendLine($"- {warmup}; then measured rounds for at least {runner.CaseTime.TotalSeconds:F1} s and {runner.MinRounds} rounds per case (rounds: {rounds}); each round runs every side once, in a new random order, a gen0 collection before each timed body (a full one every 16th round).");
        sb.AppendLine($"- {RuntimeInformation.FrameworkDescription} ({mode}), {RuntimeInformation.OSDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical cores, load average {LoadAverage()}; SQLite {MicroDbConnection.SqliteVersion}.");
        sb.AppendLine("- Ratio = median over rounds of (side's time / hand-written time in the same round), with its 95% confidence interval in brackets. Times are medians per operation (per call for CRUD and the lookup, per query for the 1,000-row and 100-row reads, per 30,000 objects for serialization); allocated = bytes allocated by the measuring thread per operation.");
        sb.AppendLine($"- {FsyncNote}");
        sb.AppendLine($"- {FlagsNote}");
        sb.AppendLine();
        sb.AppendLine("| Case | Side | Median | Min | Ratio [95% CI] | Allocated |");
        sb.AppendLine("|---|---|---:|---:|---:|---:|");
        foreach (var m in results)
        {
            if (m.Failure is not null)
            {
                sb.AppendLine($"| {m.Case} | {m.Side} | fails under {mode}: see below | | | |");
                continue;
            }

            var ratio = double.IsNaN(m.Ratio) ? "—" : $"{Format.Ratio(m.Ratio)} [{Format.Ratio(m.RatioLow)}–{Format.Ratio(m.RatioHigh)}]";
            sb.AppendLine($"| {m.Case} | {m.Side} | {Format.Time(m.MedianNs)} | {Format.Time(m.MinNs)} | {ratio} | {Format.Bytes(m.BytesPerOp)} |");
        }

        var failures = results.Where(m => m.Failure is not null).Select(m => m.Failure!).Distinct().ToList();
        if (failures.Count > 0)
        {
            sb.AppendLine();
            sb.AppendLine($"Failures ({mode}):");
            sb.AppendLine();
            foreach (var f in failures)
            {
                var cells = results.Where(m => m.Failure == f).Select(m => $"{m.Case} / {m.Side}");
                sb.AppendLine($"- {string.Join("; ", cells)}: {f.Replace("|", "\\|", StringComparison.Ordinal)}");
            }
        }

        sb.AppendLine();
        sb.Append(Summary(results));
        return sb.ToString();
    }

    /// <summary>
    /// The short table: operation | hand-written | generated | reflection | sqlite-net (MemoryPack for serialization) | ratios,
    /// and the geometric mean of generated / sqlite-net over CRUD, Query and LINQ.
    /// </summary>
    /// <param name="results">All measurements.</param>
    public static string Summary(List<Measurement> results)
    {
        var sb = new StringBuilder();
        if (results.All(m => RelationalCases.CaseNames.Contains(m.Case)))
        {
            // Only the relational group ran (--only relational): its own table is the summary.
            return RelationalCases.Summary(results);
        }

        sb.AppendLine("## Headline");
        sb.AppendLine();
        sb.AppendLine("| Operation | hand-written | generated | reflection | sqlite-net / MemoryPack | generated ÷ hand | reflection ÷ hand | generated ÷ peer |");
        sb.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|");
        var peerRatios = new List<double>();
        foreach (var name in results.Select(m => m.Case).Distinct().Where(c => !RelationalCases.CaseNames.Contains(c)))
        {
            var row = results.Where(m => m.Case == name).ToList();
            Measurement? Get(SideRole role) => row.FirstOrDefault(m => m.Role == role && m.Failure is null);
            string Cell(SideRole role) => Get(role) is { } m ? Format.Time(m.MedianNs) : row.Any(m => m.Role == role) ? "fails" : "—";
            string RatioCell(SideRole role) => Get(role) is { } m && !double.IsNaN(m.Ratio) ? $"{Format.Ratio(m.Ratio)} ±{Format.Percent(HalfWidth(m.RatioLow, m.RatioHigh, m.Ratio))}" : "—";
            var generated = Get(SideRole.Generated);
            var peer = Get(SideRole.Peer);
            var vsPeer = "—";
            if (generated is not null && peer is not null)
            {
                var (r, lo, hi) = BenchRunner.RatioStatistics(generated.Times, peer.Times);
                vsPeer = $"{Format.Ratio(r)} ±{Format.Percent(HalfWidth(lo, hi, r))}";
                if (!name.Contains("serialize", StringComparison.OrdinalIgnoreCase))
                {
                    peerRatios.Add(r);
                }
            }

            sb.AppendLine($"| {name} | {Cell(SideRole.HandWritten)} | {Cell(SideRole.Generated)} | {Cell(SideRole.Reflection)} | {Cell(SideRole.Peer)} | {RatioCell(SideRole.Generated)} | {RatioCell(SideRole.Reflection)} | {vsPeer} |");
        }

        var paired = results.Where(m => m.VersusFind is not null).ToList();
        if (paired.Count > 0)
        {
            foreach (var group in paired.GroupBy(m => m.Case))
            {
                sb.AppendLine();
                var cells = group.Select(m => $"{m.Side} {Format.Ratio(m.VersusFind!.Value.Ratio)} [{Format.Ratio(m.VersusFind.Value.Low)}–{Format.Ratio(m.VersusFind.Value.High)}]");
                var what = group.Key.Replace(" (per call)", string.Empty, StringComparison.Ordinal);
                sb.AppendLine($"{what} ÷ Find of the same row (both in the same interleaved rounds, 95% interval): {string.Join("; ", cells)}.");
            }
        }

        sb.AppendLine();
        sb.AppendLine("Times are medians per operation; a ratio is the median of per-round ratios (paired rounds), ± half the width of its 95% confidence interval, relative to the ratio.");
        if (peerRatios.Count > 0)
        {
            var geo = Math.Exp(peerRatios.Average(Math.Log));
            sb.AppendLine($"Geometric mean of generated ÷ sqlite-net over the {peerRatios.Count} CRUD, Query and LINQ operations: {Format.Ratio(geo)}.");
        }

        var relational = RelationalCases.Summary(results);
        if (relational.Length > 0)
        {
            sb.AppendLine();
            sb.Append(relational);
        }

        return sb.ToString();
    }

    private static double HalfWidth(double low, double high, double ratio) => (high - low) / 2 / ratio;

    private static string LoadAverage()
    {
        try
        {
            var parts = File.ReadAllText("/proc/loadavg").Split(' ');
            return $"{parts[0]} / {parts[1]} / {parts[2]} (1/5/15 min, at the end)";
        }
        catch (IOException)
        {
            return "unknown";
        }
        catch (UnauthorizedAccessException)
        {
            return "unknown";
        }
    }
}
