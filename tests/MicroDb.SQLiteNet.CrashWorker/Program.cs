using System.Globalization;
using MicroDb.CrashWorker;
using MicroDb.SQLiteNet.CrashWorker;
using SQLite;

// Usage: MicroDb.SQLiteNet.CrashWorker <database path> <delete|wal> <seed>
// MicroDb.CrashWorker's protocol (CrashProtocol) through the compat package's async API: Callers tasks, each with its
// own SQLiteAsyncConnection on the file (so one shared connection), write until killed; one of them calls CloseAsync
// now and then. "begin" is printed before a call, "ack" only after its task completed, so up to Callers commits are
// under way at a kill.
if (args.Length != 3 || args[1] is not ("delete" or "wal"))
{
    Console.Error.WriteLine("usage: MicroDb.SQLiteNet.CrashWorker <database path> <delete|wal> <seed>");
    return 2;
}

const int Callers = 3;
var path = args[0];
var seed = int.Parse(args[2], CultureInfo.InvariantCulture);
var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true, NewLine = "\n" };
var outputGate = new Lock();

void Say(string line)
{
    lock (outputGate)
    {
        output.WriteLine(line);
    }
}

var setup = new SQLiteAsyncConnection(path);
if (args[1] == "wal")
{
    await setup.EnableWriteAheadLoggingAsync();
}

await setup.CreateTablesAsync<CompatCrashRow, CompatCrashBatch, CompatCrashSingle>();
var next = 1 + Math.Max(
    await setup.ExecuteScalarAsync<long>("SELECT coalesce(max(Batch), 0) FROM CompatCrashRow"),
    Math.Max(await setup.ExecuteScalarAsync<long>("SELECT coalesce(max(Batch), 0) FROM CompatCrashBatch"),
        await setup.ExecuteScalarAsync<long>("SELECT coalesce(max(Id), 0) FROM CompatCrashSingle")));
var batches = next - 1;
Say($"ready {next}");

await Task.WhenAll(Enumerable.Range(0, Callers).Select(caller => Task.Run(() => Caller(caller))));
return 0;

async Task Caller(int caller)
{
    var random = new Random(seed * Callers + caller);
    var db = new SQLiteAsyncConnection(path);
    for (var call = 0; ; call++)
    {
        if (caller == 0 && call % 7 == 6)
        {
            // Closing the shared connection under the other callers' calls must cost none of their commits.
            await db.CloseAsync();
        }

        var batch = Interlocked.Increment(ref batches);
        var roll = random.Next(10);
        if (roll < 3)
        {
            var single = new CompatCrashSingle { Id = batch, Payload = Payload(random, 10, 3000) };
            single.Hash = CrashProtocol.Hash(single.Payload);
            Say($"begin {batch} {CrashProtocol.Single} 0");
            await db.InsertAsync(single);
        }
        else if (roll < 6)
        {
            var count = random.Next(1, 80);
            var rows = Enumerable.Range(0, count).Select(seq => NewRow(batch, seq, count)).ToList();
            Say($"begin {batch} {CrashProtocol.Batch} 0");
            await db.InsertAllAsync(rows);
        }
        else
        {
            // The earlier mixed batch this transaction changes (its checksum row moves with its rows).
            var target = await db.ExecuteScalarAsync<long>("SELECT coalesce((SELECT Batch FROM CompatCrashBatch ORDER BY random() LIMIT 1), 0)");
            var mixedSeed = random.Next();
            var nested = random.Next(2) == 0;
            Say($"begin {batch} {CrashProtocol.Mixed} {target}");
            await db.RunInTransactionAsync(c =>
            {
                Mixed(c, new Random(mixedSeed), batch, target);
                if (nested)
                {
                    // An inner savepoint whose work is always undone, inside the transaction that commits.
                    var inner = c.SaveTransactionPoint();
                    c.InsertAll(Enumerable.Range(0, 5).Select(seq => NewRow(-batch, seq, 5)), runInTransaction: false);
                    c.Execute("UPDATE CompatCrashBatch SET Sum = Sum + 1000000");
                    c.RollbackTo(inner);
                }
            });
        }

        Say($"ack {batch}");
    }
}

static CompatCrashRow NewRow(long batch, int seq, int expected) =>
    new() { Batch = batch, Seq = seq, Expected = expected, Value = CrashProtocol.RowValue(batch, seq), Payload = new string((char)('a' + (seq % 26)), 50 + (seq * 37 % 900)) };

static string Payload(Random random, int min, int max)
{
    var chars = new char[random.Next(min, max)];
    for (var i = 0; i < chars.Length; i++)
    {
        chars[i] = (char)random.Next(0x20, 0x7f);
    }

    return new string(chars);
}

// Inserts rows for the batch, updates and deletes some of them, changes an earlier batch's rows and its checksum, and
// writes this batch's checksum: only all of it together is consistent.
static void Mixed(SQLiteConnection db, Random random, long batch, long target)
{
    var count = random.Next(2, 40);
    var rows = Enumerable.Range(0, count).Select(seq => NewRow(batch, seq, 0)).ToList();
    foreach (var row in rows)
    {
        db.Insert(row);
    }

    foreach (var row in rows.Where((_, i) => i % 3 == 0))
    {
        row.Value += 7;
        row.Payload += "-updated";
        db.Update(row);
    }

    db.Delete<CompatCrashRow>(rows[^1].Id);
    rows.RemoveAt(rows.Count - 1);
    db.Insert(new CompatCrashBatch { Batch = batch, Count = rows.Count, Sum = rows.Sum(r => r.Value) });

    if (target != 0)
    {
        var old = db.Query<CompatCrashRow>("SELECT * FROM CompatCrashRow WHERE Batch = ? ORDER BY Id", target);
        var sum = db.Get<CompatCrashBatch>(target);
        foreach (var row in old)
        {
            row.Value += 1;
            db.Update(row);
        }

        sum.Sum += old.Count;
        if (old.Count > 1)
        {
            db.Delete(old[0]);
            sum.Count -= 1;
            sum.Sum -= old[0].Value;
        }

        sum.Mutations += 1;
        db.Update(sum);
    }
}
