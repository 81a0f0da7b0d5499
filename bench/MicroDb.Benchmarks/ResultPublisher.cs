using System.Globalization;
using System.Text;
using BenchmarkDotNet.Reports;

namespace MicroDb.Benchmarks;

/// <summary>
/// Copies BenchmarkDotNet's markdown and CSV reports into {results root}/{quick|full} and draws one PNG bar chart per
/// benchmark class with ScottPlot. The results root is bench/results (untracked) unless the run asks to publish into docs/results.
/// </summary>
public static class ResultPublisher
{
    /// <summary>Where a run writes: bench/results (git-ignored) by default, docs/results with <c>--publish</c>.</summary>
    /// <param name="publish">Update the tracked docs/results instead.</param>
    public static string ResultsRoot(bool publish) =>
        publish ? Path.Combine(FindRepositoryRoot(), "docs", "results") : Path.Combine(FindRepositoryRoot(), "bench", "results");

    /// <summary>Copies the reports and draws the charts.</summary>
    /// <param name="summaries">The run's summaries.</param>
    /// <param name="artifacts">BenchmarkDotNet's artifacts folder.</param>
    /// <param name="target">The folder to copy into.</param>
    /// <param name="kind">"quick" or "full".</param>
    /// <param name="charts">Draw charts.</param>
    /// <returns>The folder the results were copied to.</returns>
    public static string Publish(IReadOnlyList<Summary> summaries, string artifacts, string target, string kind, bool charts)
    {
        Directory.CreateDirectory(target);
        var results = Path.Combine(artifacts, "results");
        if (Directory.Exists(results))
        {
            foreach (var file in Directory.GetFiles(results))
            {
                if (file.EndsWith(".md", StringComparison.Ordinal) || file.EndsWith(".csv", StringComparison.Ordinal))
                {
                    File.Copy(file, Path.Combine(target, Path.GetFileName(file).Replace("MicroDb.Benchmarks.", "", StringComparison.Ordinal)), overwrite: true);
                }
            }
        }

        File.WriteAllText(Path.Combine(target, "environment.md"), DescribeEnvironment(kind));
        if (charts)
        {
            foreach (var summary in summaries)
            {
                DrawChart(summary, target);
            }
        }

        return target;
    }

    private static void DrawChart(Summary summary, string target)
    {
        var reports = summary.Reports.Where(r => r.ResultStatistics is not null).ToArray();
        if (reports.Length == 0)
        {
            return;
        }

        var name = reports[0].BenchmarkCase.Descriptor.Type.Name;
        var varying = reports.SelectMany(r => r.BenchmarkCase.Parameters.Items)
            .GroupBy(p => p.Name)
            .Where(g => g.Select(p => p.Value?.ToString()).Distinct().Count() > 1)
            .Select(g => g.Key)
            .ToHashSet();
        var labels = new List<string>();
        var values = new List<double>();
        foreach (var report in reports)
        {
            var bench = report.BenchmarkCase;
            var label = bench.Descriptor.WorkloadMethod.Name;
            // Only the parameters that vary within the class: constant ones would just lengthen every label.
            var parameters = string.Join(" ", bench.Parameters.Items.Where(p => varying.Contains(p.Name)).Select(p => p.Name + "=" + p.Value));
            labels.Add(parameters.Length > 0 ? label + " " + parameters : label);
            values.Add(report.ResultStatistics!.Median / 1000.0);
        }

        var plot = new ScottPlot.Plot();
        var bars = values.Select((v, i) => new ScottPlot.Bar
        {
            Position = i,
            Value = Math.Log10(Math.Max(v, 1e-3)),
            ValueBase = -3,
            Label = v.ToString(v >= 100 ? "N0" : "G3", CultureInfo.InvariantCulture),
            FillColor = ScottPlot.Color.FromHex("#3b6ea5"),
        }).ToList();
        plot.Add.Bars(bars);
        plot.Axes.Bottom.SetTicks(Enumerable.Range(0, labels.Count).Select(i => (double)i).ToArray(), labels.ToArray());
        plot.Axes.Bottom.TickLabelStyle.Rotation = 50;
        plot.Axes.Bottom.TickLabelStyle.Alignment = ScottPlot.Alignment.MiddleLeft;
        plot.Axes.Bottom.TickLabelStyle.FontSize = 10;
        plot.Axes.Bottom.MinimumSize = 260;
        // Log scale: bars are drawn as log10 of the value; the left axis labels show the values themselves.
        var min = Math.Floor(Math.Log10(Math.Max(values.Min(), 1e-3)));
        var max = Math.Ceiling(Math.Log10(values.Max()) + 0.3);
        var ticks = Enumerable.Range((int)min, (int)(max - min) + 1).Select(e => (double)e).ToArray();
        plot.Axes.Left.SetTicks(ticks, ticks.Select(e => Math.Pow(10, e).ToString("G", CultureInfo.InvariantCulture)).ToArray());
        plot.Axes.SetLimitsY(min, max);
        plot.Title($"{name}: median time per measured call (per operation where OperationsPerInvoke is set)");
        plot.YLabel("microseconds (log scale)");
        var png = Path.Combine(target, name + ".png");
        plot.SavePng(png, Math.Max(900, (60 * reports.Length) + 300), 800);
        Console.WriteLine($"Chart: {png}");
    }

    private static string DescribeEnvironment(string kind) =>
        $"""
        # Environment of the {kind} run

        - Date (UTC): {DateTime.UtcNow:yyyy-MM-dd HH:mm}
        - Command line: `dotnet run -c Release --project bench/MicroDb.Benchmarks -- {string.Join(' ', System.Environment.GetCommandLineArgs().Skip(1))}`
        - OS: {System.Runtime.InteropServices.RuntimeInformation.OSDescription}
        - Runtime: {System.Runtime.InteropServices.RuntimeInformation.FrameworkDescription}
        - Logical processors: {System.Environment.ProcessorCount}
        - SQLite (native, shared by every provider): {MicroDb.MicroDbConnection.SqliteVersion}
        - Load average at the end of the run: {LoadAverage()}
        """;

    private static string LoadAverage()
    {
        try
        {
            return File.Exists("/proc/loadavg") ? File.ReadAllText("/proc/loadavg").Trim() : "n/a";
        }
        catch (IOException)
        {
            return "n/a";
        }
    }

    private static string FindRepositoryRoot()
    {
        for (var dir = new DirectoryInfo(Directory.GetCurrentDirectory()); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "MicroDb.sln")))
            {
                return dir.FullName;
            }
        }

        return Directory.GetCurrentDirectory();
    }
}
