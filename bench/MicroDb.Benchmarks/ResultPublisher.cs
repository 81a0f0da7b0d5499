using System.Diagnostics;
using System.Globalization;
using System.Text;
using BenchmarkDotNet.Reports;

namespace MicroDb.Benchmarks;

/// <summary>
/// Copies BenchmarkDotNet's markdown and CSV reports into docs/results/{quick|full} and draws one PNG bar chart per
/// benchmark class with gnuplot. Without gnuplot the charts are skipped with a message naming the package to install.
/// </summary>
public static class ResultPublisher
{
    /// <summary>The Debian package that provides the chart tool.</summary>
    public const string ChartPackageHint = "apt-get install -y gnuplot-nox";

    /// <summary>Copies the reports and draws the charts.</summary>
    /// <param name="summaries">The run's summaries.</param>
    /// <param name="artifacts">BenchmarkDotNet's artifacts folder.</param>
    /// <param name="kind">"quick" or "full".</param>
    /// <param name="charts">Draw charts.</param>
    /// <returns>The folder the results were copied to.</returns>
    public static string Publish(IReadOnlyList<Summary> summaries, string artifacts, string kind, bool charts)
    {
        var target = Path.Combine(FindRepositoryRoot(), "docs", "results", kind);
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
        if (!charts)
        {
            return target;
        }

        var gnuplot = FindOnPath("gnuplot");
        if (gnuplot is null)
        {
            Console.WriteLine($"Charts skipped: gnuplot is not installed. Install it with: {ChartPackageHint}");
            return target;
        }

        foreach (var summary in summaries)
        {
            DrawChart(gnuplot, summary, target);
        }

        return target;
    }

    private static void DrawChart(string gnuplot, Summary summary, string target)
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
        var data = new StringBuilder();
        foreach (var report in reports)
        {
            var bench = report.BenchmarkCase;
            var label = bench.Descriptor.WorkloadMethod.Name;
            // Only the parameters that vary within the class: constant ones would just lengthen every label.
            var parameters = string.Join(" ", bench.Parameters.Items.Where(p => varying.Contains(p.Name)).Select(p => p.Name + "=" + p.Value));
            if (parameters.Length > 0)
            {
                label += " " + parameters;
            }

            var micros = report.ResultStatistics!.Median / 1000.0;
            data.Append('"').Append(label.Replace("\"", "'", StringComparison.Ordinal)).Append("\" ")
                .AppendLine(micros.ToString("R", CultureInfo.InvariantCulture));
        }

        var dataFile = Path.Combine(target, name + ".dat");
        File.WriteAllText(dataFile, data.ToString());
        var png = Path.Combine(target, name + ".png");
        var width = Math.Max(900, 60 * reports.Length + 300);
        var script = $"""
            set terminal pngcairo noenhanced size {width},800 font "DejaVu Sans,10"
            set output '{png}'
            set title "{name}: median time per measured call (per operation where OperationsPerInvoke is set), microseconds, log scale"
            set style data histograms
            set style fill solid 0.8 border -1
            set boxwidth 0.8
            set logscale y
            set grid ytics
            set ylabel "microseconds"
            set xtics rotate by -50 scale 0 font ",8"
            set bmargin 20
            set rmargin 14
            set key off
            plot '{dataFile}' using 2:xtic(1) linecolor rgb "#3b6ea5"
            """;
        var scriptFile = Path.Combine(target, name + ".gp");
        File.WriteAllText(scriptFile, script);
        using var process = Process.Start(new ProcessStartInfo(gnuplot, $"\"{scriptFile}\"") { RedirectStandardError = true, UseShellExecute = false })!;
        var error = process.StandardError.ReadToEnd();
        process.WaitForExit();
        File.Delete(scriptFile);
        File.Delete(dataFile);
        Console.WriteLine(process.ExitCode == 0 ? $"Chart: {png}" : $"Chart for {name} failed: {error}");
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

    private static string? FindOnPath(string tool)
    {
        foreach (var dir in (System.Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            var candidate = Path.Combine(dir, tool);
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        return null;
    }
}
