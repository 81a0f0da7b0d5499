using System.Diagnostics;
using MicroDb.AotBench;
using MicroDb.Benchmarks.Headline;
using MicroDb.Benchmarks.Infrastructure;

// The headline comparisons of bench/MicroDb.Benchmarks (the same case files and the same interleaved runner, linked),
// runnable both under the JIT (dotnet run) and as a NativeAOT binary (dotnet publish -r linux-x64). sqlite-net-pcl and
// MemoryPack are left out here (HEADLINE_PEERS is defined only in the main bench): this bench compares MicroDb's own
// paths with hand-written code under each runtime.
// Usage: MicroDb.AotBench [--out <file>] [--smoke] [--case-seconds <s>] [--only crud|query|serialization|relational]
//        MicroDb.AotBench --profile <find|find11|range|query|join|group|insert|update|serialize> <hand|generated|reflection> [calls]   (one side in a loop, for callgrind)
if (args.Length > 0 && args[0] == "--profile")
{
    return MicroDb.AotBench.ProfileMode.Run(args[1..]);
}

string? outFile = null;
string? only = null;
var caseSeconds = 6.0;
var warmups = 2;
var minRounds = 20;
var maxRounds = 100_000;
for (var i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--out" when i + 1 < args.Length:
            outFile = args[++i];
            break;
        case "--case-seconds" when i + 1 < args.Length && double.TryParse(args[i + 1], System.Globalization.CultureInfo.InvariantCulture, out var s) && s > 0:
            caseSeconds = s;
            i++;
            break;
        case "--only" when i + 1 < args.Length && HeadlineGroups.IsKnown(args[i + 1]):
            only = args[++i];
            break;
        case "--smoke":
            // CI: prove every case runs (and how reflection behaves) in seconds; the numbers mean nothing.
            warmups = 0;
            minRounds = maxRounds = 1;
            caseSeconds = 0;
            break;
        default:
            Console.Error.WriteLine($"Unknown or incomplete argument '{args[i]}'. Usage: MicroDb.AotBench [--out <file>] [--smoke] [--case-seconds <s>] [--only {HeadlineGroups.Names.Replace(", ", "|", StringComparison.Ordinal)}]");
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
var runner = new BenchRunner(warmups, minRounds, maxRounds, TimeSpan.FromSeconds(caseSeconds));
var results = new List<Measurement>();
Console.WriteLine($"MicroDb.AotBench: {RuntimeMode.Name}, interleaved rounds in random order, at least {caseSeconds:F0} s per case");
using (var dir = new TempDirectory())
{
    if (HeadlineGroups.Runs(only, HeadlineGroups.Serialization))
    {
        SerializationCases.Run(runner, results);
    }

    if (HeadlineGroups.Runs(only, HeadlineGroups.Crud))
    {
        CrudCases.Run(runner, dir, results);
    }

    if (HeadlineGroups.Runs(only, HeadlineGroups.Query))
    {
        QueryCases.Run(runner, dir, results);
    }

    if (HeadlineGroups.Runs(only, HeadlineGroups.Relational))
    {
        RelationalCases.Run(runner, dir, results);
    }
}

var title = $"MicroDb.AotBench — {RuntimeMode.Name}{(ModelRoots.Description.Length > 0 ? ", " + ModelRoots.Description : "")}";
var report = HeadlineReport.Render(title, results, runner, RuntimeMode.Name, started, clock.Elapsed, "MicroDb.AotBench " + string.Join(' ', args));
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
