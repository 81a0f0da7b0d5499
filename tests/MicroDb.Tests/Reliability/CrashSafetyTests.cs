using System.Diagnostics;
using System.Globalization;
using MicroDb.CrashWorker;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// Kills a writing child process (SIGKILL) at random moments, many times, and checks after each kill that the
/// database opens, passes integrity_check, holds every commit the child saw acknowledged, and holds no part of
/// a transaction that did not commit. 20 kills per preset by default; MICRODB_LONG_TESTS=1 runs 150.
/// </summary>
[TestFixture]
[NonParallelizable]
public sealed class CrashSafetyTests
{
    private string _directory = "";

    private static int Kills => ReliabilitySettings.LongTests ? 150 : 20;

    [SetUp]
    public void CreateDirectory()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-crash", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
    }

    [TearDown]
    public void DeleteDirectory()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
        }
    }

    [TestCase(MicroDbPreset.Default)]
    [TestCase(MicroDbPreset.Durable)]
    public void Killed_writer_loses_no_acknowledged_commit_and_leaves_no_partial_transaction(MicroDbPreset preset)
    {
        var seed = ReliabilitySettings.Seed("MICRODB_CRASH_SEED", 20261122);
        TestContext.Out.WriteLine($"crash test seed {seed} (set MICRODB_CRASH_SEED to repeat), {Kills} kills, preset {preset}");
        var random = new Random(seed);
        var path = Path.Combine(_directory, "crash.db");
        var acked = new Dictionary<long, Begin>();
        var mutations = new Dictionary<long, int>();
        var totalAcks = 0;

        for (var round = 0; round < Kills; round++)
        {
            var run = RunAndKill(path, preset, seed + round, random);
            var context = $"seed {seed}, round {round}, preset {preset}";
            Assert.That(run.UnexpectedExit, Is.Null, $"{context}: the worker stopped by itself: {run.UnexpectedExit}");

            foreach (var begin in run.Begins.Values.Where(b => run.Acks.Contains(b.Batch)))
            {
                acked[begin.Batch] = begin;
                if (begin.Target != 0)
                {
                    mutations[begin.Target] = mutations.GetValueOrDefault(begin.Target) + 1;
                }
            }

            // At most one commit was under way at the kill: the last "begin" without an "ack".
            var inFlight = run.Begins.Values.Where(b => !run.Acks.Contains(b.Batch)).ToList();
            Assert.That(inFlight, Has.Count.LessThanOrEqualTo(1), context);
            totalAcks += run.Acks.Count;

            var pending = inFlight.SingleOrDefault();
            if (Verify(path, acked, mutations, pending, context))
            {
                // Committed though never acknowledged: from now on it must stay, like an acknowledged commit.
                acked[pending!.Batch] = pending;
                if (pending.Target != 0)
                {
                    mutations[pending.Target] = mutations.GetValueOrDefault(pending.Target) + 1;
                }
            }
        }

        TestContext.Out.WriteLine($"{Kills} kills, {totalAcks} acknowledged commits verified ({acked.Count} batches in the database)");
        // Not a speed check (a loaded machine commits less between kills), only proof that commits happened at all.
        Assert.That(totalAcks, Is.GreaterThan(0), "the worker never got to commit between kills");
    }

    private static RunResult RunAndKill(string path, MicroDbPreset preset, int workerSeed, Random random)
    {
        var start = new ProcessStartInfo(DotnetHost())
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(WorkerPath());
        start.ArgumentList.Add(path);
        start.ArgumentList.Add(preset.ToString());
        start.ArgumentList.Add(workerSeed.ToString(CultureInfo.InvariantCulture));

        using var process = Process.Start(start) ?? throw new InvalidOperationException("could not start the crash worker");
        var result = new RunResult();
        var ready = new ManualResetEventSlim();
        var reader = Task.Run(() =>
        {
            // Only whole lines count; a kill can cut a line, and a cut line is never an ack.
            while (process.StandardOutput.ReadLine() is { } line)
            {
                var parts = line.Split(' ');
                lock (result)
                {
                    switch (parts[0])
                    {
                        case "ready":
                            ready.Set();
                            break;
                        case "begin" when parts.Length == 4:
                            var batch = long.Parse(parts[1], CultureInfo.InvariantCulture);
                            result.Begins[batch] = new Begin(batch, parts[2][0], long.Parse(parts[3], CultureInfo.InvariantCulture));
                            break;
                        case "ack" when parts.Length == 2:
                            result.Acks.Add(long.Parse(parts[1], CultureInfo.InvariantCulture));
                            break;
                    }
                }
            }
        });
        var errors = process.StandardError.ReadToEndAsync();

        // Most kills land while commits stream; some land during start-up, open or WAL recovery.
        if (random.Next(5) == 0)
        {
            Thread.Sleep(random.Next(0, 200));
        }
        else
        {
            ready.Wait(TimeSpan.FromSeconds(30));
            Thread.Sleep(random.Next(5, 250));
        }

        if (process.HasExited)
        {
            result.UnexpectedExit = $"exit code {process.ExitCode}: {errors.Result}";
        }
        else
        {
            process.Kill();
        }

        process.WaitForExit();
        reader.Wait(TimeSpan.FromSeconds(30));
        return result;
    }

    /// <summary>Checks the database after a kill; returns true when the in-flight commit turned out to be there.</summary>
    private static bool Verify(string path, Dictionary<long, Begin> acked, Dictionary<long, int> mutations, Begin? inFlight, string context)
    {
        var options = new MicroDbOptions(path) { Mapping = MappingMode.Reflection }.UseReflection();
        using var db = new MicroDbConnection(options);
        Assert.That(db.QueryScalars<string>("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }), context);
        if (db.GetTableInfo("CrashRow").Count == 0)
        {
            // Killed before the first CreateTables committed.
            Assert.That(acked, Is.Empty, context);
            return false;
        }

        var singles = db.Query<CrashSingle>("SELECT * FROM CrashSingle").ToDictionary(s => s.Id);
        var rows = db.Query<CrashRow>("SELECT * FROM CrashRow").ToLookup(r => r.Batch);
        var sums = db.Query<CrashBatch>("SELECT * FROM CrashBatch").ToDictionary(b => b.Batch);

        Assert.That(rows.Where(g => g.Key <= 0).Select(g => g.Key), Is.Empty, $"{context}: rows of a rolled-back savepoint are present");

        // Everything present was acknowledged, or is the one commit under way at the kill.
        var present = singles.Keys.Concat(rows.Select(g => g.Key)).Concat(sums.Keys).ToHashSet();
        foreach (var batch in present)
        {
            Assert.That(acked.ContainsKey(batch) || batch == inFlight?.Batch, Is.True, $"{context}: batch {batch} is present but was never begun/acknowledged");
        }

        var expected = acked.Values.ToList();
        if (inFlight is not null && present.Contains(inFlight.Batch))
        {
            // It committed but the kill came before the ack: it must then be whole, like an acknowledged one.
            expected.Add(inFlight);
        }

        foreach (var begin in expected)
        {
            var where = $"{context}: batch {begin.Batch} ({begin.Kind})";
            switch (begin.Kind)
            {
                case CrashProtocol.Single:
                    Assert.That(singles.TryGetValue(begin.Batch, out var single), Is.True, $"{where} is missing");
                    Assert.That(single!.Hash, Is.EqualTo(CrashProtocol.Hash(single.Payload)), $"{where} payload is damaged");
                    break;
                case CrashProtocol.Batch:
                    var batchRows = rows[begin.Batch].ToList();
                    Assert.That(batchRows, Is.Not.Empty, $"{where} is missing");
                    Assert.That(batchRows, Has.Count.EqualTo(batchRows[0].Expected), $"{where} is partial");
                    Assert.That(batchRows.All(r => r.Value == CrashProtocol.RowValue(begin.Batch, r.Seq)), Is.True, $"{where} has wrong values");
                    break;
                default:
                    Assert.That(sums.TryGetValue(begin.Batch, out var sum), Is.True, $"{where} has no checksum row");
                    var mixedRows = rows[begin.Batch].ToList();
                    Assert.That((mixedRows.Count, mixedRows.Sum(r => r.Value)), Is.EqualTo((sum!.Count, sum.Sum)), $"{where}: rows and checksum disagree (half a transaction)");

                    // Later acknowledged transactions that changed this batch are all there (plus possibly the in-flight one).
                    var known = mutations.GetValueOrDefault(begin.Batch);
                    var maybe = inFlight is not null && inFlight.Target == begin.Batch && present.Contains(inFlight.Batch) ? 1 : 0;
                    Assert.That(sum.Mutations, Is.EqualTo(known + maybe), $"{where}: changes by later commits are lost or extra");
                    break;
            }
        }

        return inFlight is not null && present.Contains(inFlight.Batch);
    }

    private static string WorkerPath()
    {
        var path = Path.Combine(AppContext.BaseDirectory, "MicroDb.CrashWorker.dll");
        Assert.That(File.Exists(path), Is.True, $"the crash worker is not next to the tests: {path}");
        Assert.That(File.Exists(Path.ChangeExtension(path, ".runtimeconfig.json")), Is.True, "the crash worker's runtimeconfig.json is not next to the tests");
        return path;
    }

    private static string DotnetHost()
    {
        // dotnet test sets DOTNET_HOST_PATH to the muxer that runs the tests; fall back to the one on PATH.
        var host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        return !string.IsNullOrEmpty(host) && File.Exists(host) ? host : "dotnet";
    }

    private sealed record Begin(long Batch, char Kind, long Target);

    private sealed class RunResult
    {
        public Dictionary<long, Begin> Begins { get; } = [];

        public HashSet<long> Acks { get; } = [];

        public string? UnexpectedExit { get; set; }
    }
}
