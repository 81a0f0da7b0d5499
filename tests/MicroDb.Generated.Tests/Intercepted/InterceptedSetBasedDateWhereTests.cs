using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Set-based writes whose <c>Where</c> compares dates (issue 22): <c>db.Table&lt;T&gt;().Where(x =&gt; x.At &lt; cutoff).ExecuteDelete()</c>,
/// a date part, two date members, and an ExecuteUpdate's; each run is intercepted where the run-time translator writes the
/// SQL the generator wrote for the connection's storage format (the check compares SQL, values and the rows changed with
/// the run-time path) and changes the rows LINQ-to-Objects selects. Sync and async connections.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedSetBasedDateWhereTests : InterceptedTestBase
{
    private static readonly DateTime Leap = new(2024, 2, 29, 12, 0, 0, DateTimeKind.Utc);

    public InterceptedSetBasedDateWhereTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    private bool Text => _format == "sqlite-net-text";

    protected override StorageFormat Storage => Text ? StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false) : base.Storage;

    private static DateTime[] Dates =>
    [
        Leap,
        DateTime.SpecifyKind(Leap, DateTimeKind.Local),
        DateTime.SpecifyKind(Leap, DateTimeKind.Unspecified),
        new(2024, 12, 31, 23, 59, 59, DateTimeKind.Utc),
        new(2025, 1, 1, 0, 0, 0, DateTimeKind.Local),
        DateTime.MinValue,
        new(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc),
    ];

    /// <summary>The intercepted DELETE and UPDATE statements so far.</summary>
    private int Writes => _seen.Count(s => s.Source == StatementSource.Intercepted && (s.Sql.StartsWith("DELETE", StringComparison.Ordinal) || s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)));

    protected override void Seed() => Reseed();

    private List<DatedRow> Reseed()
    {
        _db.DropTable<DatedRow>();
        _db.CreateTable<DatedRow>();
        var id = 0;
        foreach (var at in Dates)
        {
            id++;
            _db.Insert(new DatedRow { At = at, DueAt = id % 3 == 0 ? null : Dates[(id * 2) % Dates.Length], Stamp = at, Length = TimeSpan.FromMinutes(id), Bucket = id });
        }

        return _db.Table<DatedRow>().ToList();
    }

    [Test]
    public void A_delete_before_a_cutoff_is_intercepted_and_deletes_linqs_rows()
    {
        foreach (var cutoff in Dates)
        {
            var rows = Reseed();
            var before = Writes;
            var checkedRuns = InterceptionCheck.Runs;
            var deleted = _db.Table<DatedRow>().Where(x => x.At < cutoff).ExecuteDelete();

            Assert.That(deleted, Is.EqualTo(rows.Count(x => x.At < cutoff)));
            Assert.That(_db.Table<DatedRow>().ToList().Select(x => x.Id), Is.EqualTo(rows.Where(x => !(x.At < cutoff)).Select(x => x.Id)));
            Assert.That(Writes - before, Is.EqualTo(Text ? 0 : 1), "Under sqlite-net's DateTime text an ordering takes the run-time path.");
            Assert.That(InterceptionCheck.Runs - checkedRuns, Is.EqualTo(Text ? 1 : 2), "The delete and the read after it.");
        }
    }

    [Test]
    public void Equality_parts_and_pairs_in_a_writes_where_are_intercepted()
    {
        var rows = Reseed();
        var day = Leap;
        var year = 2024;
        Assert.That(_db.Table<DatedRow>().Where(x => x.Stamp == day).ExecuteDelete(), Is.EqualTo(rows.Count(x => x.Stamp == day)));
        rows = Reseed();
        Assert.That(_db.Table<DatedRow>().Where(x => x.At.Year == year && x.At.Month == 2).ExecuteDelete(), Is.EqualTo(rows.Count(x => x.At.Year == year && x.At.Month == 2)));
        rows = Reseed();
        Assert.That(_db.Table<DatedRow>().Where(x => x.At > x.DueAt).ExecuteUpdate(s => s.Set(x => x.Bucket, 100)), Is.EqualTo(rows.Count(x => x.At > x.DueAt)));
        Assert.That(_db.Table<DatedRow>().Where(x => x.Bucket == 100).ToList().Select(x => x.Id), Is.EqualTo(rows.Where(x => x.At > x.DueAt).Select(x => x.Id)));
        var update = Writes;
        Assert.That(_db.Table<DatedRow>().Where(x => x.At != day).ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.Bucket + 1)), Is.EqualTo(rows.Count(x => x.At != day)));

        Assert.That(Writes, Is.EqualTo(4), Seen);
        Assert.That(Writes - update, Is.EqualTo(1), Seen);
        if (Text)
        {
            Assert.That(_seen.Last(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith("WHERE (\"At\" <> ?)"));
            Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.Contains("substr(\"At\", 6, 2)", StringComparison.Ordinal)), Is.EqualTo(1),
                "Under sqlite-net's DateTime text the parts are read at the text's positions.");
        }
    }

    [Test]
    public async Task An_async_delete_with_a_date_where_is_intercepted()
    {
        var path = Path.Combine(Path.GetTempPath(), "mdb-datewrite-" + Guid.NewGuid().ToString("N") + ".db");
        var seen = new List<ExecutedStatement>();
        try
        {
            await using (var db = InterceptedFixture.OpenAsync(path, _mapping, Text ? "sqlite-net" : _format, seen))
            {
                await db.CreateTableAsync<DatedRow>();
                foreach (var at in Dates)
                {
                    await db.InsertAsync(new DatedRow { At = at, Stamp = at });
                }

                var cutoff = new DateTime(2025, 1, 1);
                var month = 12;
                var deleted = await db.Table<DatedRow>().Where(x => x.At >= cutoff).ExecuteDeleteAsync(CancellationToken.None);
                var parts = await db.Table<DatedRow>().Where(x => x.Stamp.Month == month).ExecuteDeleteAsync(CancellationToken.None);

                Assert.That(deleted, Is.EqualTo(Dates.Count(d => d >= cutoff)));
                Assert.That(parts, Is.EqualTo(Dates.Count(d => d < cutoff && d.Month == month)));
            }

            lock (seen)
            {
                Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), () => string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
            }
        }
        finally
        {
            foreach (var suffix in new[] { "", "-wal", "-shm" })
            {
                File.Delete(path + suffix);
            }
        }
    }
}
