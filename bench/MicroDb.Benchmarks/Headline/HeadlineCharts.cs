using System.Globalization;

namespace MicroDb.Benchmarks.Headline;

/// <summary>One PNG bar chart per headline comparison (ScottPlot): median time per operation of each side, ratio to hand-written on each bar.</summary>
public static class HeadlineCharts
{
    private static readonly Dictionary<SideRole, string> Colors = new()
    {
        [SideRole.HandWritten] = "#555555",
        [SideRole.Generated] = "#2b6cb0",
        [SideRole.Reflection] = "#90cdf4",
        [SideRole.Peer] = "#dd6b20",
    };

    /// <summary>Draws the charts into <paramref name="folder"/>.</summary>
    /// <param name="results">The measurements.</param>
    /// <param name="folder">The output folder.</param>
    /// <returns>The files written.</returns>
    public static List<string> Draw(List<Measurement> results, string folder)
    {
        var files = new List<string>();
        foreach (var name in results.Select(m => m.Case).Distinct())
        {
            var sides = results.Where(m => m.Case == name && m.Failure is null).OrderBy(m => m.Role).ToList();
            if (sides.Count == 0)
            {
                continue;
            }

            var (unit, scale) = Unit(sides.Max(m => m.MedianNs));
            var plot = new ScottPlot.Plot();
            var bars = sides.Select((m, i) => new ScottPlot.Bar
            {
                Position = i,
                Value = m.MedianNs / scale,
                FillColor = ScottPlot.Color.FromHex(Colors[m.Role]),
                Label = (m.MedianNs / scale).ToString("G3", CultureInfo.InvariantCulture) + " " + unit
                    + (double.IsNaN(m.Ratio) || m.IsBaseline ? "" : " (" + Format.Ratio(m.Ratio) + "x)"),
            }).ToList();
            var barPlot = plot.Add.Bars(bars);
            barPlot.ValueLabelStyle.FontSize = 13;
            plot.Axes.Bottom.SetTicks(sides.Select((_, i) => (double)i).ToArray(), sides.Select(m => m.Side).ToArray());
            plot.Axes.Bottom.TickLabelStyle.FontSize = 13;
            plot.Axes.Margins(bottom: 0, top: 0.2);
            plot.Title(name + ": median time per operation (lower is better)");
            plot.YLabel(unit + " per " + Operation(name));
            var file = Path.Combine(folder, FileName(name) + ".png");
            plot.SavePng(file, 900, 520);
            files.Add(file);
        }

        return files;
    }

    private static string Operation(string name) =>
        name.Contains("per call", StringComparison.Ordinal) ? "call"
        : name.Contains("30,000", StringComparison.Ordinal) ? "30,000 objects"
        : "query";

    private static (string Unit, double Scale) Unit(double maxNs) => maxNs switch
    {
        >= 1e6 => ("ms", 1e6),
        >= 1e3 => ("µs", 1e3),
        _ => ("ns", 1),
    };

    /// <summary>A file name from a case name ("Insert (per call)" → "insert-per-call").</summary>
    /// <param name="name">The case name.</param>
    public static string FileName(string name)
    {
        var chars = name.ToLowerInvariant().Select(c => char.IsLetterOrDigit(c) ? c : '-').ToArray();
        var s = new string(chars);
        while (s.Contains("--", StringComparison.Ordinal))
        {
            s = s.Replace("--", "-", StringComparison.Ordinal);
        }

        return "headline-" + s.Trim('-');
    }
}
