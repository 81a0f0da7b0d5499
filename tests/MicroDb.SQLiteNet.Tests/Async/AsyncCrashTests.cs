using System.Diagnostics;
using System.Globalization;
using MicroDb.CrashWorker;
using MicroDb.SQLiteNet.CrashWorker;
using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>
/// The core's crash test (tests/MicroDb.Tests/Reliability/CrashSafetyTests.cs, same protocol) through the compat
/// package's async API: a child process (tests/MicroDb.SQLiteNet.CrashWorker) with three concurrent callers writing
/// through <see cref="SQLiteAsyncConnection"/> (InsertAsync, InsertAllAsync, RunInTransactionAsync with a rolled-back
/// savepoint inside, CloseAsync now and then) is killed with SIGKILL, many times; after each kill the database must pass
/// integrity_check, hold every commit the child saw acknowledged, and hold no part of a transaction that did not commit.
/// Where each kill lands is decided by a count of acknowledged commits, not by a clock. 12 kills per journal mode;
/// MICRODB_LONG_TESTS=1 runs 100.
/// </summary>
[TestFixture]
[NonParallelizable]
public sealed class AsyncCrashTests
{
    private const int Callers = 3;
    private string _directory = "";

    private static int Kills => Environment.GetEnvironmentVariable("MICRODB_LONG_TESTS") == "1" ? 100 : 12;

    [SetUp]
    public void CreateDirectory()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-compat-crash", Guid.NewGuid().ToString("N"));
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

    [TestCase("delete")]
    [TestCase("wal")]
    public void Killed_async_writers_lose_no_acknowledged_commit_and_leave_no_partial_transaction(string journal)
    {
        var seedText = Environment.GetEnvironmentVariable("MICRODB_CRASH_SEED");
        var seed = int.TryParse(seedText, NumberStyles.Integer, CultureInfo.InvariantCulture, out var s) ? s : 20261126;
        TestContext.Out.WriteLine($"compat crash test seed {seed} (set MICRODB_CRASH_SEED to repeat), {Kills} kills, journal {journal}");
        var random = new Random(seed);
        var path = Path.Combine(_directory, "crash.db");
        var acked = new Dictionary<long, Begin>();
        var mutations = new Dictionary<long, int>();
        var totalAcks = 0;

        for (var round = 0; round < Kills; round++)
        {
            // One kill in four lands during start-up (open, recovery, CREATE TABLE); the others after a number of acks.
            var acksBeforeKill = random.Next(4) == 0 ? -1 : random.Next(1, 40);
            var run = RunAndKill(path, journal, seed + round, acksBeforeKill);
            var context = $"seed {seed}, round {round}, journal {journal}";
            Assert.That(run.UnexpectedExit, Is.Null, $"{context}: the worker stopped by itself: {run.UnexpectedExit}");
            if (acksBeforeKill > 0)
            {
                Assert.That(run.Acks, Has.Count.GreaterThanOrEqualTo(acksBeforeKill), $"{context}: the worker did not reach its acks");
            }

            foreach (var begin in run.Begins.Values.Where(b => run.Acks.Contains(b.Batch)))
            {
                Count(acked, mutations, begin);
            }

            // At most one commit per caller was under way at the kill.
            var inFlight = run.Begins.Values.Where(b => !run.Acks.Contains(b.Batch)).ToList();
            Assert.That(inFlight, Has.Count.LessThanOrEqualTo(Callers), context);
            totalAcks += run.Acks.Count;

            foreach (var committed in Verify(path, acked, mutations, inFlight, context))
            {
                // Committed though never acknowledged: from now on it must stay, like an acknowledged commit.
                Count(acked, mutations, committed);
            }
        }

        TestContext.Out.WriteLine($"{Kills} kills, {totalAcks} acknowledged commits verified ({acked.Count} batches in the database)");
        Assert.That(totalAcks, Is.GreaterThan(0));
    }

    private static void Count(Dictionary<long, Begin> acked, Dictionary<long, int> mutations, Begin begin)
    {
        acked[begin.Batch] = begin;
        if (begin.Target != 0)
        {
            mutations[begin.Target] = mutations.GetValueOrDefault(begin.Target) + 1;
        }
    }

    private static RunResult RunAndKill(string path, string journal, int workerSeed, int acksBeforeKill)
    {
        var start = new ProcessStartInfo(DotnetHost())
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(WorkerPath());
        start.ArgumentList.Add(path);
        start.ArgumentList.Add(journal);
        start.ArgumentList.Add(workerSeed.ToString(CultureInfo.InvariantCulture));

        using var process = Process.Start(start) ?? throw new InvalidOperationException("could not start the crash worker");
        var result = new RunResult();
        using var reached = new ManualResetEventSlim(acksBeforeKill < 0);
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
                        case "begin" when parts.Length == 4:
                            var batch = long.Parse(parts[1], CultureInfo.InvariantCulture);
                            result.Begins[batch] = new Begin(batch, parts[2][0], long.Parse(parts[3], CultureInfo.InvariantCulture));
                            break;
                        case "ack" when parts.Length == 2:
                            result.Acks.Add(long.Parse(parts[1], CultureInfo.InvariantCulture));
                            if (result.Acks.Count >= acksBeforeKill)
                            {
                                reached.Set();
                            }

                            break;
                    }
                }
            }

            // The worker ended (killed or failed): nothing more will come.
            reached.Set();
        });
        var errors = process.StandardError.ReadToEndAsync();

        // A generous bound for a loaded machine; the kill point is the ack count, never this wait.
        reached.Wait(TimeSpan.FromMinutes(2));
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
        lock (result)
        {
            return result;
        }
    }

    /// <summary>Checks the database after a kill; returns the in-flight commits that turned out to be there (each whole).</summary>
    private static List<Begin> Verify(string path, Dictionary<long, Begin> acked, Dictionary<long, int> mutations, List<Begin> inFlight, string context)
    {
        using var db = new SQLiteConnection(path);
        Assert.That(db.QueryScalars<string>("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }), context);
        if (db.GetTableInfo("CompatCrashRow").Count == 0 || db.GetTableInfo("CompatCrashSingle").Count == 0)
        {
            // Killed before the first CreateTablesAsync committed.
            Assert.That(acked, Is.Empty, context);
            return [];
        }

        var singles = db.Query<CompatCrashSingle>("SELECT * FROM CompatCrashSingle").ToDictionary(r => r.Id);
        var rows = db.Query<CompatCrashRow>("SELECT * FROM CompatCrashRow").ToLookup(r => r.Batch);
        var sums = db.Query<CompatCrashBatch>("SELECT * FROM CompatCrashBatch").ToDictionary(b => b.Batch);

        Assert.That(rows.Where(g => g.Key <= 0).Select(g => g.Key), Is.Empty, $"{context}: rows of a rolled-back savepoint are present");

        // Everything present was acknowledged, or is one of the commits under way at the kill.
        var present = singles.Keys.Concat(rows.Select(g => g.Key)).Concat(sums.Keys).ToHashSet();
        var inFlightBatches = inFlight.ToDictionary(b => b.Batch);
        foreach (var batch in present)
        {
            Assert.That(acked.ContainsKey(batch) || inFlightBatches.ContainsKey(batch), Is.True, $"{context}: batch {batch} is present but was never begun/acknowledged");
        }

        var committed = inFlight.Where(b => present.Contains(b.Batch)).ToList();
        foreach (var begin in acked.Values.Concat(committed))
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

                    // Every acknowledged later transaction that changed this batch is there, plus those in flight that committed.
                    var known = mutations.GetValueOrDefault(begin.Batch);
                    var maybe = committed.Count(b => b.Target == begin.Batch);
                    Assert.That(sum.Mutations, Is.EqualTo(known + maybe), $"{where}: changes by later commits are lost or extra");
                    break;
            }
        }

        return committed;
    }

    private static string WorkerPath()
    {
        // Built by the project reference into its own output folder: tests/<worker>/bin/<configuration>/<framework>/.
        var here = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        var framework = here.Name;
        var configuration = here.Parent!.Name;
        var tests = here.Parent.Parent!.Parent!.Parent!.FullName;
        var path = Path.Combine(tests, "MicroDb.SQLiteNet.CrashWorker", "bin", configuration, framework, "MicroDb.SQLiteNet.CrashWorker.dll");
        Assert.That(File.Exists(path), Is.True, $"the compat crash worker is not built: {path}");
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
