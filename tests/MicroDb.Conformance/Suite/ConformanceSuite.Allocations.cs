using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// Allocation budgets of the per-row hot paths, measured with the current thread's allocation counter after a warm-up
// (deterministic: no timing). 1,000 calls; a fixed one-off allocation stays under the per-call average threshold.
public abstract partial class ConformanceSuite
{
    private const int AllocationRounds = 1000;

    [Test]
    public void Insert_allocates_nothing_per_row_for_an_int_key()
    {
        var db = OpenWith<Person>();
        var rows = Enumerable.Range(0, AllocationRounds * 2).Select(i => new Person { Name = "P" + i, Age = i, Created = new DateTime(2024, 1, 1) }).ToArray();

        var perRow = InsertAllocation(db, rows);

        TestContext.Out.WriteLine($"{Mode}: Insert (int key) allocated {perRow:0.###} B per row");
        Assert.That(perRow, Is.LessThan(8), "bytes allocated per inserted row");
        Assert.That(rows[^1].Id, Is.EqualTo(rows.Length));
    }

    [Test]
    public void Insert_allocates_nothing_per_row_for_a_long_key()
    {
        var db = OpenWith<Reading>();
        var rows = Enumerable.Range(0, AllocationRounds * 2).Select(i => new Reading { Value = i }).ToArray();

        var perRow = InsertAllocation(db, rows);

        TestContext.Out.WriteLine($"{Mode}: Insert (long key) allocated {perRow:0.###} B per row");
        Assert.That(perRow, Is.LessThan(8), "bytes allocated per inserted row");
        Assert.That(rows[^1].Id, Is.EqualTo(rows.Length));
    }

    [TestCase("default")]
    [TestCase("dtText")]
    [TestCase("tsText")]
    public void Insert_allocates_nothing_per_row_under_the_sqlite_net_format(string setting)
    {
        // sqlite-net's encodings of DateTime (ticks or text), DateTimeOffset, decimal and TimeSpan format on the stack.
        var db = Open(tweak: o => o.Storage = SqliteNetSetting(setting));
        db.CreateTable<Ledger>();
        var start = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc);
        var rows = Enumerable.Range(0, AllocationRounds * 2).Select(i => new Ledger
        {
            Amount = i / 7m, At = start.AddSeconds(i), When = new DateTimeOffset(start.AddMinutes(i)), Span = TimeSpan.FromSeconds(-i),
        }).ToArray();

        var perRow = InsertAllocation(db, rows);

        TestContext.Out.WriteLine($"{Mode} {setting}: Insert allocated {perRow:0.###} B per row");
        Assert.That(perRow, Is.LessThan(8), "bytes allocated per inserted row");
        Assert.That(db.Table<Ledger>().Count(), Is.EqualTo(rows.Length));
    }

    [Test]
    public void InsertAll_allocates_nothing_per_row()
    {
        var db = OpenWith<Person>();
        var warmUp = Enumerable.Range(0, AllocationRounds).Select(i => new Person { Name = "W" + i }).ToArray();
        var small = Enumerable.Range(0, AllocationRounds).Select(i => new Person { Name = "S" + i }).ToArray();
        var large = Enumerable.Range(0, AllocationRounds * 2).Select(i => new Person { Name = "L" + i }).ToArray();
        db.InsertAll(warmUp);

        // The call itself may allocate a fixed amount (transaction, enumerator, a cache growing once); nothing may grow
        // with the rows. The difference between two sizes cancels the fixed part, which made a single-size ratio flaky.
        var smallBytes = AllocatedBy(() => db.InsertAll(small));
        var largeBytes = AllocatedBy(() => db.InsertAll(large));
        var perRow = (double)(largeBytes - smallBytes) / (large.Length - small.Length);

        TestContext.Out.WriteLine($"{Mode}: InsertAll allocated {smallBytes} B for {small.Length} rows, {largeBytes} B for {large.Length}: {perRow:0.###} B per extra row");
        Assert.That(perRow, Is.LessThan(8), "bytes allocated per inserted row");
        Assert.That(large[^1].Id, Is.EqualTo(4 * AllocationRounds));
    }

    [Test]
    public void Find_by_typed_int_key_allocates_only_the_entity()
    {
        var db = OpenWith<Person>();
        var person = new Person { Name = "Ann", Age = 30 };
        db.Insert(person);
        int id = person.Id;
        object boxed = id;

        // The object overload with a key boxed once, outside the loop, allocates exactly what reading the row
        // allocates (the entity and its strings); the typed overload must not add the box.
        var typed = PerCall(() => db.Find<Person>(id));
        var preBoxed = PerCall(() => db.Find<Person>(boxed));

        TestContext.Out.WriteLine($"{Mode}: Find<Person>(int) {typed:0.###} B per call, Find<Person>(object) with a pre-boxed key {preBoxed:0.###} B per call");
        Assert.That(typed, Is.GreaterThan(0), "the entity itself is allocated");
        Assert.That(typed, Is.LessThanOrEqualTo(preBoxed + 1), "bytes per typed Find beyond reading the row");
    }

    [Test]
    public void Delete_by_typed_key_allocates_nothing()
    {
        var db = OpenWith<Person>();
        db.CreateTable<Reading>();
        db.CreateTable<Setting>();
        db.CreateTable<Document>();
        var guid = Guid.NewGuid();

        // Keys that match no row: the statement runs in full but nothing changes between rounds.
        var byInt = PerCall(() => db.Delete<Person>(12345));
        var byLong = PerCall(() => db.Delete<Reading>(12345L));
        var byString = PerCall(() => db.Delete<Setting>("absent"));
        var byGuid = PerCall(() => db.Delete<Document>(guid));

        TestContext.Out.WriteLine($"{Mode}: Delete by key, B per call: int {byInt:0.###}, long {byLong:0.###}, string {byString:0.###}, Guid {byGuid:0.###}");
        Assert.That(new[] { byInt, byLong, byString, byGuid }, Has.All.LessThan(8));
    }

    /// <summary>Inserts the first half as a warm-up, then measures the second half, all in one transaction.</summary>
    private static long AllocatedBy(Action call)
    {
        var before = GC.GetAllocatedBytesForCurrentThread();
        call();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }

    private static double InsertAllocation<T>(MicroDbConnection db, T[] rows)
    {
        var half = rows.Length / 2;
        db.BeginTransaction();
        for (var i = 0; i < half; i++)
        {
            db.Insert(rows[i]);
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = half; i < rows.Length; i++)
        {
            db.Insert(rows[i]);
        }

        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        db.Commit();
        return (double)allocated / (rows.Length - half);
    }

    /// <summary>Average bytes allocated by one call of <paramref name="call"/>, after as many warm-up calls.</summary>
    private static double PerCall<TResult>(Func<TResult> call)
    {
        for (var i = 0; i < AllocationRounds; i++)
        {
            call();
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < AllocationRounds; i++)
        {
            call();
        }

        return (double)(GC.GetAllocatedBytesForCurrentThread() - before) / AllocationRounds;
    }
}
