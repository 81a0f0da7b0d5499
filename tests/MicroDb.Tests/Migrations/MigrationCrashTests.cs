using System.Diagnostics;
using MicroDb.CrashWorker;
using MicroDb.Tests.Reliability;

namespace MicroDb.Tests.Migrations;

/// <summary>
/// Kills a migrating child process (SIGKILL) at random moments, inside data steps and inside table rebuilds, and checks
/// after each kill that the database is at the old or the new version of the step under way, never between: integrity
/// and foreign keys hold, the history, the version row, the rows of every applied data step and the DEFAULT of the last
/// applied rebuild agree, and no committed row (nor acknowledged step) is lost. 20 kills; MICRODB_LONG_TESTS=1 runs 100.
/// Also runs two processes migrating the same file at once: each step runs once.
/// </summary>
[TestFixture]
[NonParallelizable]
public sealed class MigrationCrashTests
{
    private string _directory = "";

    private static int Kills => ReliabilitySettings.LongTests ? 100 : 20;

    [SetUp]
    public void CreateDirectory()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-migration-crash", Guid.NewGuid().ToString("N"));
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

    [Test]
    public void Killed_migration_leaves_the_database_at_the_old_or_the_new_version()
    {
        var seed = ReliabilitySettings.Seed("MICRODB_CRASH_SEED", 20261125);
        var random = new Random(seed);
        var path = Path.Combine(_directory, "migrate.db");
        var acked = new HashSet<string>();
        var killedInRebuild = 0;
        var killedInData = 0;
        var clock = Stopwatch.StartNew();
        var rounds = 0;
        var steps = new StepTimes();

        // Bounded: at most Kills rounds and, on a loaded machine, about four minutes.
        for (var round = 0; round < Kills && clock.Elapsed < TimeSpan.FromMinutes(4); round++, rounds++)
        {
            var context = $"seed {seed}, round {round}";
            var (lines, finished) = RunAndKill(path, random, steps);
            Assert.That(finished, Is.False, $"{context}: the worker ran every step before the kill; raise MigrationCrash.StepCount");
            acked.UnionWith(lines.Where(l => l.StartsWith("ack ", StringComparison.Ordinal)).Select(l => l[4..]));
            var lastBegin = lines.LastOrDefault(l => l.StartsWith("begin ", StringComparison.Ordinal));
            var inFlight = lastBegin is null ? 0 : int.Parse(lastBegin[6..], System.Globalization.CultureInfo.InvariantCulture);
            if (inFlight > 0 && !acked.Contains(MigrationCrash.StepName(inFlight)))
            {
                if (inFlight % 2 == 0)
                {
                    killedInRebuild++;
                }
                else
                {
                    killedInData++;
                }
            }

            Verify(path, acked, context);
        }

        TestContext.Out.WriteLine($"seed {seed}: {rounds} kills in {clock.Elapsed.TotalSeconds:F0} s, {killedInRebuild} inside a rebuild step, {killedInData} inside a data step, {acked.Count} steps acknowledged");
        Assert.That(acked, Is.Not.Empty, "no step ever committed between kills");
        Assert.That(killedInRebuild + killedInData, Is.GreaterThan(0), "no kill landed inside a step");
    }

    [Test]
    public void Two_processes_migrating_at_once_run_each_step_once()
    {
        var path = Path.Combine(_directory, "race.db");
        for (var round = 0; round < 3; round++)
        {
            var file = path + round;
            var processes = Enumerable.Range(0, 2).Select(_ => Start("race", file)).ToArray();
            foreach (var process in processes)
            {
                Assert.That(process.WaitForExit(TimeSpan.FromSeconds(120)), Is.True, "a racing worker hung");
                Assert.That(process.ExitCode, Is.Zero, process.StandardError.ReadToEnd());
                process.Dispose();
            }

            using var db = new MicroDbConnection(file);
            var runs = db.QueryScalars<string>("SELECT step FROM runs ORDER BY step");
            Assert.That(runs, Is.EqualTo(MigrationCrash.RaceSteps().StepNames.Skip(1)), $"round {round}: a step ran twice or not at all");
            Assert.That(db.GetAppliedMigrations(), Is.EqualTo(MigrationCrash.RaceSteps().StepNames));
        }
    }

    private static void Verify(string path, HashSet<string> acked, string context)
    {
        using var db = new MicroDbConnection(path);
        Assert.That(db.QueryScalars<string>("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }), context);
        var applied = db.GetAppliedMigrations();
        var all = MigrationCrash.Steps(MigrationCrash.StepCount).StepNames;
        Assert.That(applied, Is.EqualTo(all.Take(applied.Count)), $"{context}: the history is not a prefix of the list");
        Assert.That(acked.Except(applied), Is.Empty, $"{context}: an acknowledged step is not recorded");
        if (applied.Count == 0)
        {
            Assert.That(db.GetTableInfo("big"), Is.Empty, $"{context}: the setup step left tables without being recorded");
            return;
        }

        var version = applied.Count - 1;
        Assert.That(db.QueryScalars<string>("SELECT \"table\" FROM pragma_foreign_key_check"), Is.Empty, context);
        Assert.That(db.ExecuteScalar<long>("SELECT version FROM state"), Is.EqualTo(version), $"{context}: the version row disagrees with the history");

        // Every applied data step has all its rows, and no other step has any.
        var logged = db.QueryScalars<string>("SELECT step || ':' || count(*) FROM log GROUP BY step ORDER BY step");
        var expected = Enumerable.Range(1, version).Where(n => n % 2 == 1).Select(n => $"{n}:{MigrationCrash.RowsPerDataStep}");
        Assert.That(logged, Is.EquivalentTo(expected), $"{context}: data steps' rows");

        // The rebuilt table keeps every row, its index, and the DEFAULT of the last applied rebuild.
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM big"), Is.EqualTo(MigrationCrash.BigRows), $"{context}: rows of big");
        Assert.That(db.ExecuteScalar<long>("SELECT sum(v) FROM big"), Is.EqualTo((long)MigrationCrash.BigRows * (MigrationCrash.BigRows + 1) / 2), $"{context}: values of big");
        Assert.That(db.GetIndexNames("big"), Does.Contain("big_v"), context);
        var lastRebuild = version - (version % 2);
        var dflt = db.GetTableInfo("big").Single(c => c.Name == "v").DefaultValue;
        Assert.That(dflt, Is.EqualTo(MigrationCrash.DefaultAfter(lastRebuild).ToString(System.Globalization.CultureInfo.InvariantCulture)), $"{context}: DEFAULT of big.v");
        Assert.That(db.GetTableInfo("__microdb_rebuild_big"), Is.Empty, $"{context}: a rebuild's new table is left over");
    }

    /// <summary>
    /// Starts the worker and kills it at a random moment scaled to how long a step takes on this machine now: the first
    /// run waits for a step to commit (so its time is known), every run then kills between 0 and 1.5 of the longest step
    /// seen after a step begins. A fixed delay after start (it was 20-600 ms) never reached the first commit on a loaded
    /// machine, where setting up the 20,000-row table alone takes longer, so no step was ever acknowledged.
    /// </summary>
    private static (List<string> Lines, bool Finished) RunAndKill(string path, Random random, StepTimes steps)
    {
        using var process = Start("migrate", path);
        var lines = new List<string>();
        var began = new ManualResetEventSlim();
        var committed = new ManualResetEventSlim();
        var reader = Task.Run(() =>
        {
            var since = Stopwatch.StartNew();
            while (process.StandardOutput.ReadLine() is { } line)
            {
                lock (lines)
                {
                    lines.Add(line);
                }

                if (line.StartsWith("begin ", StringComparison.Ordinal))
                {
                    since.Restart();
                    began.Set();
                }
                else if (line.StartsWith("ack ", StringComparison.Ordinal))
                {
                    steps.Record(since.Elapsed);
                    committed.Set();
                }
            }
        });
        var errors = process.StandardError.ReadToEndAsync();

        if (steps.Longest == TimeSpan.Zero)
        {
            Assert.That(committed.Wait(TimeSpan.FromMinutes(3)) || process.HasExited, Is.True, $"no step committed within three minutes: {Stderr(process, errors)}");
        }
        else
        {
            Assert.That(began.Wait(TimeSpan.FromMinutes(3)) || process.HasExited, Is.True, $"no step began within three minutes: {Stderr(process, errors)}");
        }

        Thread.Sleep(TimeSpan.FromMilliseconds(random.NextDouble() * 1.5 * steps.Longest.TotalMilliseconds));
        var finished = process.HasExited;
        if (!finished)
        {
            process.Kill();
        }

        process.WaitForExit();
        reader.Wait(TimeSpan.FromSeconds(30));
        Assert.That(!finished || process.ExitCode == 0, Is.True, $"the worker failed: {errors.Result}");
        lock (lines)
        {
            return (lines.ToList(), finished);
        }
    }

    private static string Stderr(Process process, Task<string> errors) =>
        process.HasExited && errors.Wait(TimeSpan.FromSeconds(5)) ? errors.Result : "(the worker is still running)";

    /// <summary>The longest time from a step's begin to its acknowledgement seen so far in this test.</summary>
    private sealed class StepTimes
    {
        private long _ticks;

        public TimeSpan Longest => TimeSpan.FromTicks(Interlocked.Read(ref _ticks));

        public void Record(TimeSpan elapsed)
        {
            long seen;
            while (elapsed.Ticks > (seen = Interlocked.Read(ref _ticks)) && Interlocked.CompareExchange(ref _ticks, elapsed.Ticks, seen) != seen)
            {
            }
        }
    }

    private static Process Start(string mode, string path)
    {
        var start = new ProcessStartInfo(DotnetHost())
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(WorkerPath());
        start.ArgumentList.Add(mode);
        start.ArgumentList.Add(path);
        return Process.Start(start) ?? throw new InvalidOperationException("could not start the crash worker");
    }

    private static string WorkerPath()
    {
        var path = Path.Combine(AppContext.BaseDirectory, "MicroDb.CrashWorker.dll");
        Assert.That(File.Exists(path), Is.True, $"the crash worker is not next to the tests: {path}");
        return path;
    }

    private static string DotnetHost()
    {
        var host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        return !string.IsNullOrEmpty(host) && File.Exists(host) ? host : "dotnet";
    }
}
