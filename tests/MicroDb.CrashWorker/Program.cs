using System.Globalization;
using MicroDb;
using MicroDb.CrashWorker;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

// Usage: MicroDb.CrashWorker <database path> <Default|Durable> <seed>
// Writes until killed. Every line is flushed before the next write starts, and "ack" is printed only after
// the committing call returned, so the parent knows exactly which commits MicroDb acknowledged.
// Usage: MicroDb.CrashWorker migrate|race <database path>: the migration modes (MigrationCrash.cs).
if (args.Length == 2 && args[0] is "migrate" or "race")
{
    return MigrationCrash.Run(args);
}

if (args.Length != 3)
{
    Console.Error.WriteLine("usage: MicroDb.CrashWorker <database path> <Default|Durable> <seed>");
    return 2;
}

var preset = Enum.Parse<MicroDbPreset>(args[1]);
var random = new Random(int.Parse(args[2], CultureInfo.InvariantCulture));
var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true, NewLine = "\n" };

var options = new MicroDbOptions(args[0]) { Preset = preset, Mapping = MappingMode.Reflection }.UseReflection();
using var db = new MicroDbConnection(options);
db.CreateTables<CrashRow, CrashBatch, CrashSingle>();

var next = 1 + Math.Max(
    db.ExecuteScalar<long>("SELECT coalesce(max(Batch), 0) FROM CrashRow"),
    Math.Max(db.ExecuteScalar<long>("SELECT coalesce(max(Batch), 0) FROM CrashBatch"), db.ExecuteScalar<long>("SELECT coalesce(max(Id), 0) FROM CrashSingle")));
output.WriteLine($"ready {next}");

for (var batch = next; ; batch++)
{
    var roll = random.Next(10);
    if (roll < 3)
    {
        var single = new CrashSingle { Id = batch, Payload = Payload(random, 10, 3000) };
        single.Hash = CrashProtocol.Hash(single.Payload);
        output.WriteLine($"begin {batch} {CrashProtocol.Single} 0");
        db.Insert(single);
    }
    else if (roll < 6)
    {
        var count = random.Next(1, 80);
        var rows = Enumerable.Range(0, count).Select(seq => NewRow(batch, seq, count)).ToList();
        output.WriteLine($"begin {batch} {CrashProtocol.Batch} 0");
        db.InsertAll(rows);
    }
    else
    {
        // The earlier mixed batch this transaction changes (its checksum row moves with its rows).
        var target = db.ExecuteScalar<long>("SELECT coalesce((SELECT Batch FROM CrashBatch ORDER BY random() LIMIT 1), 0)");
        output.WriteLine($"begin {batch} {CrashProtocol.Mixed} {target}");
        var style = random.Next(3);
        if (style == 0)
        {
            db.BeginTransaction();
            Mixed(db, random, batch, target);
            db.Commit();
        }
        else if (style == 1)
        {
            db.RunInTransaction(() => Mixed(db, random, batch, target));
        }
        else
        {
            // Nested: an inner savepoint whose work is always undone, inside a transaction that commits.
            db.RunInTransaction(() =>
            {
                Mixed(db, random, batch, target);
                var inner = db.SaveTransactionPoint();
                db.InsertAll(Enumerable.Range(0, 5).Select(seq => NewRow(-batch, seq, 5)));
                db.Execute("UPDATE CrashBatch SET Sum = Sum + 1000000");
                db.RollbackTo(inner);
            });
        }
    }

    output.WriteLine($"ack {batch}");
}

static CrashRow NewRow(long batch, int seq, int expected) =>
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

// Inserts rows for the batch, updates and deletes some of them, changes an earlier batch's rows and its
// checksum, and writes this batch's checksum: only all of it together is consistent.
static void Mixed(MicroDbConnection db, Random random, long batch, long target)
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

    var deleted = rows[^1];
    db.Delete<CrashRow>(deleted.Id);
    rows.RemoveAt(rows.Count - 1);
    db.Insert(new CrashBatch { Batch = batch, Count = rows.Count, Sum = rows.Sum(r => r.Value) });

    if (target != 0)
    {
        var old = db.Query<CrashRow>("SELECT * FROM CrashRow WHERE Batch = ? ORDER BY Id", target);
        var sum = db.Get<CrashBatch>(target);
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
