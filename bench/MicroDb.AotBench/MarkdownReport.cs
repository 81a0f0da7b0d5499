using System.Runtime.InteropServices;
using System.Text;

namespace MicroDb.AotBench;

/// <summary>Renders the measurements as a markdown table (ratios of medians to each case's baseline) with the run's conditions.</summary>
internal static class MarkdownReport
{
    /// <summary>The report text.</summary>
    /// <param name="results">All measurements, in run order.</param>
    /// <param name="runner">The runner (iteration counts).</param>
    /// <param name="started">When the run started (UTC).</param>
    /// <param name="elapsed">Wall time of the run.</param>
    public static string Render(List<Measurement> results, BenchRunner runner, DateTime started, TimeSpan elapsed)
    {
        var sb = new StringBuilder();
        var mode = RuntimeMode.Name;
        sb.AppendLine($"# MicroDb.AotBench — {mode}{(ModelRoots.Description.Length > 0 ? ", " + ModelRoots.Description : "")}");
        sb.AppendLine();
        var warmup = runner.Warmups == 0 ? "no warm-up" : $"at least {runner.Warmups} warm-up iterations and {BenchRunner.WarmupTime.TotalSeconds:F0} s of warm-up";
        sb.AppendLine($"- Started {started:yyyy-MM-dd HH:mm:ss} UTC, {elapsed.TotalSeconds:F1} s; {warmup}, then {runner.Iterations} measured iterations per side, full GC before each.");
        sb.AppendLine($"- {RuntimeInformation.FrameworkDescription} ({mode}), {RuntimeInformation.OSDescription} {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical cores, load average {LoadAverage()}.");
        sb.AppendLine("- Times are per operation (per call for CRUD, per 30,000 objects for serialization, per 1,000-row query); ratio = median / baseline median; allocated = bytes allocated by the measuring thread per operation.");
        sb.AppendLine();
        sb.AppendLine("| Case | Side | Median | Min | Ratio | Allocated |");
        sb.AppendLine("|---|---|---:|---:|---:|---:|");
        foreach (var m in results)
        {
            if (m.Failure is not null)
            {
                sb.AppendLine($"| {m.Case} | {m.Side} | fails under {mode}: see below | | | |");
                continue;
            }

            var baseline = results.FirstOrDefault(b => b.Case == m.Case && b.IsBaseline && b.Failure is null);
            var ratio = baseline is null ? "—" : Format.Ratio(m.MedianNs / baseline.MedianNs);
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
                sb.AppendLine($"- {string.Join("; ", cells)}: {f.Replace("|", "\\|")}");
            }
        }

        return sb.ToString();
    }

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
