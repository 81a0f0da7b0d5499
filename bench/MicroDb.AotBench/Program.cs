using System.Diagnostics;
using MicroDb.AotBench;
using MicroDb.Benchmarks.Infrastructure;

// The headline comparisons of bench/MicroDb.Benchmarks, runnable both under the JIT (dotnet run) and as a
// NativeAOT binary (dotnet publish -r linux-x64), with a small Stopwatch runner instead of BenchmarkDotNet.
// Usage: MicroDb.AotBench [--out <file>] [--smoke] [--iterations <n>]
string? outFile = null;
var iterations = 15;
var warmups = 2;
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--out" when i + 1 < args.Length:
            outFile = args[++i];
            break;
        case "--iterations" when i + 1 < args.Length && int.TryParse(args[i + 1], out var n) && n > 0:
            iterations = n;
            i++;
            break;
        case "--smoke":
            // CI: prove every case runs (and how reflection behaves) in seconds; the numbers mean nothing.
            iterations = 1;
            warmups = 0;
            break;
        default:
            Console.Error.WriteLine($"Unknown or incomplete argument '{args[i]}'. Usage: MicroDb.AotBench [--out <file>] [--smoke] [--iterations <n>]");
            return 2;
    }
}

#if DEBUG
Console.Error.WriteLine("Refusing to measure a Debug build: use -c Release.");
return 2;
#else
ModelRoots.Keep();
var started = DateTime.UtcNow;
var clock = Stopwatch.StartNew();
var runner = new BenchRunner(warmups, iterations);
var results = new List<Measurement>();
Console.WriteLine($"MicroDb.AotBench: {RuntimeMode.Name}, {warmups} warm-up + {iterations} iterations per side");
using (var dir = new TempDirectory())
{
    SerializationCases.Run(runner, results);
    CrudCases.Run(runner, dir, results);
    QueryCases.Run(runner, dir, results);
}

var report = MarkdownReport.Render(results, runner, started, clock.Elapsed);
Console.WriteLine();
Console.WriteLine(report);
if (outFile is not null)
{
    Directory.CreateDirectory(Path.GetDirectoryName(Path.GetFullPath(outFile))!);
    File.WriteAllText(outFile, report);
    Console.WriteLine($"Written to {outFile}");
}

return 0;
#endif
