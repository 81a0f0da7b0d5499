using System.Globalization;

namespace MicroDb.CrashWorker;

/// <summary>
/// The migration modes of the worker. <c>migrate &lt;path&gt;</c>: runs <see cref="StepCount"/> steps one at a time,
/// printing <c>ready</c>, then <c>begin &lt;n&gt;</c> when step n starts and <c>ack &lt;n&gt;</c> after the call that
/// committed it returned, until killed or done (<c>done</c>). Odd steps insert <see cref="RowsPerDataStep"/> rows and
/// move the version row; even steps rebuild the table <c>big</c> (a new DEFAULT) and move the version row, so a
/// kill lands inside a data step or inside a twelve-step rebuild. <c>race &lt;path&gt;</c>: runs <see cref="RaceSteps"/>
/// once, each step recording that it ran, for the two-process race test.
/// </summary>
public static class MigrationCrash
{
    /// <summary>How many steps the list has (more than a run reaches before the kills end).</summary>
    public const int StepCount = 400;

    /// <summary>Rows a data step inserts.</summary>
    public const int RowsPerDataStep = 20_000;

    /// <summary>Rows in the table every rebuild step copies.</summary>
    public const int BigRows = 20_000;

    /// <summary>The name of step <paramref name="n"/> (1-based).</summary>
    public static string StepName(int n) => "step_" + n.ToString("D3", CultureInfo.InvariantCulture);

    /// <summary>The DEFAULT of big.v after rebuild step <paramref name="n"/>.</summary>
    public static long DefaultAfter(int n) => n * 10L;

    /// <summary>The first <paramref name="count"/> steps of the crash list.</summary>
    public static MicroDbMigrations Steps(int count, Action<int>? onBegin = null)
    {
        var list = new MicroDbMigrations();
        list.Add("step_000_setup", m =>
        {
            m.Execute("CREATE TABLE state (id INTEGER PRIMARY KEY, version INTEGER NOT NULL)");
            m.Execute("INSERT INTO state VALUES (1, 0)");
            m.Execute("CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, step INTEGER NOT NULL, seq INTEGER NOT NULL, payload TEXT)");
            m.Execute("CREATE TABLE big (id INTEGER PRIMARY KEY AUTOINCREMENT, k TEXT NOT NULL UNIQUE, v INTEGER DEFAULT 0, payload TEXT)");
            m.Execute("CREATE INDEX big_v ON big (v)");
            m.Execute("CREATE TABLE child (id INTEGER PRIMARY KEY, big_id INTEGER NOT NULL REFERENCES big(id))");
            m.Execute($"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {BigRows}) INSERT INTO big (k, v, payload) SELECT 'k' || i, i, printf('%.200c', 'x') FROM n");
            m.Execute("INSERT INTO child SELECT id, id FROM big WHERE id % 10 = 0");
        });

        for (var n = 1; n < count; n++)
        {
            var step = n;
            list.Add(StepName(step), m =>
            {
                onBegin?.Invoke(step);
                if (step % 2 == 1)
                {
                    m.Execute($"WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {RowsPerDataStep - 1}) INSERT INTO log (step, seq, payload) SELECT ?, i, printf('%.40c', 'p') FROM n", step);
                }
                else
                {
                    m.SetColumnDefault("big", "v", DefaultAfter(step));
                }

                m.Execute("UPDATE state SET version = ?", step);
            });
        }

        return list;
    }

    /// <summary>The worker's entry for the migration modes.</summary>
    public static int Run(string[] args)
    {
        var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true, NewLine = "\n" };
        using var db = new MicroDbConnection(new MicroDbOptions(args[1]) { BusyTimeout = TimeSpan.FromSeconds(30) });
        if (args[0] == "race")
        {
            db.Migrate(RaceSteps());
            output.WriteLine("done");
            return 0;
        }

        output.WriteLine("ready");
        for (var count = db.GetAppliedMigrations().Count + 1; count <= StepCount; count++)
        {
            var applied = db.Migrate(Steps(count, n => output.WriteLine($"begin {n}")));
            foreach (var name in applied)
            {
                output.WriteLine("ack " + name);
            }
        }

        output.WriteLine("done");
        return 0;
    }

    /// <summary>Steps that record each run in table <c>runs</c> (created by the first) and take a while.</summary>
    public static MicroDbMigrations RaceSteps()
    {
        var list = new MicroDbMigrations();
        list.Add("race_000", m => m.Execute("CREATE TABLE runs (step TEXT, pid INTEGER)"));
        for (var i = 1; i <= 10; i++)
        {
            var name = "race_" + i.ToString("D3", CultureInfo.InvariantCulture);
            list.Add(name, m =>
            {
                m.Execute("INSERT INTO runs VALUES (?, ?)", name, Environment.ProcessId);
                Thread.Sleep(30);
            });
        }

        return list;
    }
}
