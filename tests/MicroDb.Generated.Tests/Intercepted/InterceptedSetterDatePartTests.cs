using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A DateTime member's part in an ExecuteUpdate setter (<c>s.Set(x =&gt; x.Bucket, x =&gt; x.At.Year)</c>) is intercepted with
/// the run-time translator's SQL for the column's stored form under each storage format (ticks with the kind, [StoreAsText]'s
/// ISO text, sqlite-net's ticks), each run checked against the run-time path; under sqlite-net's format storing DateTime as
/// text the run takes the run-time path. The values set equal .NET's parts of the values read back.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedSetterDatePartTests : InterceptedTestBase
{
    private static readonly DateTime Noon = new(2025, 3, 14, 12, 0, 0, DateTimeKind.Utc);

    private List<DatedRow> _rows = null!;

    public InterceptedSetterDatePartTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    private bool Text => _format == "sqlite-net-text";

    protected override StorageFormat Storage => Text ? StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false) : base.Storage;

    protected override void Seed()
    {
        _db.CreateTable<DatedRow>();
        var dates = new[]
        {
            Noon,
            DateTime.SpecifyKind(Noon, DateTimeKind.Local),
            new DateTime(2024, 12, 31, 23, 59, 58, 999, DateTimeKind.Unspecified),
            new DateTime(2024, 2, 29, 1, 2, 3, DateTimeKind.Utc).AddTicks(12345),
            DateTime.MinValue,
            DateTime.MaxValue,
        };
        for (var i = 0; i < dates.Length; i++)
        {
            _db.Insert(new DatedRow { At = dates[i], Stamp = dates[dates.Length - 1 - i], Bucket = i });
        }

        _rows = _db.Table<DatedRow>().ToList();
    }

    [Test]
    public void Date_parts_in_setters_are_intercepted_and_set_dotnets_parts()
    {
        var before = InterceptionCheck.Runs;
        var runs = 0;
        void Check(int updated, Func<DatedRow, int> expected)
        {
            runs++;
            Assert.That(updated, Is.EqualTo(_rows.Count), Seen);
            var stored = _db.Table<DatedRow>().ToList().ToDictionary(r => r.Id, r => r.Bucket);
            Assert.That(_rows.Select(r => stored[r.Id]), Is.EqualTo(_rows.Select(expected)), Seen);
        }

        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.At.Year)), r => r.At.Year);
        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.At.Month * 100 + x.At.Day)), r => r.At.Month * 100 + r.At.Day);
        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.At.Hour * 10000 + x.At.Minute * 100 + x.At.Second)), r => r.At.Hour * 10000 + r.At.Minute * 100 + r.At.Second);
        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.At.Millisecond + x.At.DayOfYear * 1000)), r => r.At.Millisecond + r.At.DayOfYear * 1000);
        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.Stamp.Year - x.Stamp.Month)), r => r.Stamp.Year - r.Stamp.Month);
        Check(_db.Table<DatedRow>().ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.Stamp.DayOfYear * 1000 + x.Stamp.Millisecond)), r => r.Stamp.DayOfYear * 1000 + r.Stamp.Millisecond);
        Check(_db.Table<DatedRow>().Where(x => x.Id > 0).ExecuteUpdate(s => s.Set(x => x.Bucket, x => x.Stamp.Hour + x.At.Second)), r => r.Stamp.Hour + r.At.Second);

        // Each intercepted write (and each intercepted read of the rows after it) is compared with the run-time path's.
        Assert.That(InterceptionCheck.Runs - before, Is.GreaterThanOrEqualTo(Text ? runs : 2 * runs), Seen);
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Text ? Is.Zero : Is.GreaterThanOrEqualTo(runs), Seen);
        if (_format == "microdb")
        {
            Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.StartWith("UPDATE \"dated_rows\" SET \"Bucket\" = "));
        }
    }

    [Test]
    public async Task An_async_date_part_setter_is_intercepted_on_the_async_path_too()
    {
        if (_mapping != "generated" || _format != "microdb")
        {
            Assert.Pass("One async run is enough: the async helper runs the sync one on the pool's writer.");
        }

        var path = Path.Combine(Path.GetTempPath(), "microdb-setter-dates-" + Guid.NewGuid().ToString("N") + ".db");
        var seen = new List<ExecutedStatement>();
        try
        {
            await using (var db = new MicroDbAsyncConnection(new MicroDbOptions(path) { OnStatement = s => { lock (seen) { seen.Add(s); } } }))
            {
                await db.CreateTableAsync<DatedRow>();
                await db.InsertAllAsync(new[] { new DatedRow { At = Noon, Stamp = Noon.AddDays(40) }, new DatedRow { At = Noon.AddYears(-3), Stamp = Noon } });
                var updated = await db.Table<DatedRow>().ExecuteUpdateAsync(s => s.Set(x => x.Bucket, x => x.At.Year * 1000 + x.Stamp.DayOfYear));

                Assert.That(updated, Is.EqualTo(2));
                Assert.That((await db.Table<DatedRow>().ToListAsync()).Select(r => r.Bucket), Is.EqualTo(new[] { 2025 * 1000 + Noon.AddDays(40).DayOfYear, 2022 * 1000 + Noon.DayOfYear }));
                lock (seen)
                {
                    Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal)), Is.EqualTo(1));
                }
            }
        }
        finally
        {
            File.Delete(path);
        }
    }
}
