using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Build-time date comparisons beyond a Where of one table, a join or a grouping (issue 22): inside a sub-query's Where (of
/// one table's Where, a Where before GroupBy and HAVING), in a grouping's Count(predicate) and in HAVING over a DateTime,
/// [StoreAsText] DateTime or DateTimeOffset key. Each run is intercepted where the run-time translator writes the SQL the
/// generator wrote for the connection's storage format (the check compares SQL, values and rows with the run-time path),
/// and gives LINQ-to-Objects' rows; a value or format the SQL was not written for runs on the run-time path.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
public class InterceptedDateWhereTests : InterceptedTestBase
{
    private static readonly DateTime Noon = new(2025, 3, 14, 12, 0, 0, DateTimeKind.Utc);

    private static readonly DateTimeOffset Instant = new(2025, 3, 14, 12, 0, 0, TimeSpan.Zero);

    private List<DatedRow> _rows = null!;

    private List<JoinLine> _lines = null!;

    public InterceptedDateWhereTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    /// <summary>sqlite-net's text format stores DateTime as text to the millisecond and TimeSpan as "c" text.</summary>
    private bool Text => _format == "sqlite-net-text";

    protected override StorageFormat Storage => Text ? StorageFormat.SqliteNet(storeDateTimeAsTicks: false, storeTimeSpanAsTicks: false) : base.Storage;

    /// <summary>Probe values: equal ticks in each kind, one tick apart, a millisecond apart, the extremes.</summary>
    private static DateTime[] Probes =>
    [
        Noon,
        DateTime.SpecifyKind(Noon, DateTimeKind.Local),
        DateTime.SpecifyKind(Noon, DateTimeKind.Unspecified),
        Noon.AddTicks(1),
        Noon.AddTicks(-1),
        Noon.AddMilliseconds(1),
        DateTime.MinValue,
        DateTime.MaxValue,
    ];

    protected override void Seed()
    {
        _db.CreateTable<DatedRow>();
        _db.CreateTable<JoinLine>();
        var id = 0;
        foreach (var at in Probes)
        {
            id++;
            _db.Insert(new DatedRow
            {
                At = at,
                DueAt = id % 3 == 0 ? null : at,
                Stamp = at,
                When = new DateTimeOffset(Instant.UtcDateTime.AddTicks(id % 2), TimeSpan.Zero).ToOffset(TimeSpan.FromHours(id % 4 - 2)),
                Length = TimeSpan.FromTicks((id - 4) * TimeSpan.TicksPerHour + (id % 2)),
                Bucket = id % 3,
            });
        }

        for (var order = 1; order <= 10; order++)
        {
            _db.Insert(new JoinLine { OrderId = order, Sku = "s" + order, Quantity = order });
        }

        _rows = _db.Table<DatedRow>().ToList();
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Date_comparisons_in_sub_queries_are_intercepted_and_match_linq()
    {
        var db = _db;
        var before = InterceptionCheck.Runs;
        var runs = 0;
        foreach (var v in Probes)
        {
            var span = TimeSpan.FromTicks(v.Ticks % (4 * TimeSpan.TicksPerHour));
            Assert.That(db.Table<JoinLine>().Where(l => db.Table<DatedRow>().Any(x => x.Id == l.OrderId && x.At > v)).ToList().Select(l => l.Id),
                Is.EqualTo(_lines.Where(l => _rows.Any(x => x.Id == l.OrderId && x.At > v)).Select(l => l.Id)), Seen);
            Assert.That(db.Table<JoinLine>().Where(l => db.Table<DatedRow>().Any(x => x.Id == l.OrderId && x.At == v)).ToList().Select(l => l.Id),
                Is.EqualTo(_lines.Where(l => _rows.Any(x => x.Id == l.OrderId && x.At == v)).Select(l => l.Id)), Seen);
            Assert.That(db.Table<JoinLine>().Count(l => db.Table<DatedRow>().Count(x => x.Bucket == l.OrderId && x.Stamp <= v) > 1),
                Is.EqualTo(_lines.Count(l => _rows.Count(x => x.Bucket == l.OrderId && x.Stamp <= v) > 1)), Seen);
            Assert.That(db.Table<JoinLine>().Where(l => !db.Table<DatedRow>().Any(x => x.Id == l.OrderId && (x.DueAt != v || x.Length == span))).ToList().Select(l => l.Id),
                Is.EqualTo(_lines.Where(l => !_rows.Any(x => x.Id == l.OrderId && (x.DueAt != v || x.Length == span))).Select(l => l.Id)), Seen);
            if (!Text)
            {
                // "c" text does not order: under that sqlite-net format the run time refuses a TimeSpan ordering.
                Assert.That(db.Table<JoinLine>().Count(l => db.Table<DatedRow>().Any(x => x.Id == l.OrderId && x.Length < span)),
                    Is.EqualTo(_lines.Count(l => _rows.Any(x => x.Id == l.OrderId && x.Length < span))), Seen);
            }

            Assert.That(db.Table<JoinLine>().Where(l => db.Table<DatedRow>().Any(x => x.Id == l.OrderId && x.Stamp == v)).GroupBy(l => l.Quantity).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_lines.Where(l => _rows.Any(x => x.Id == l.OrderId && x.Stamp == v)).GroupBy(l => l.Quantity).Select(g => new { g.Key, N = g.Count() })), Seen);
            Assert.That(db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => db.Table<DatedRow>().Any(x => x.Id == g.Key && x.At <= v)).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_lines.GroupBy(l => l.OrderId).Where(g => _rows.Any(x => x.Id == g.Key && x.At <= v)).Select(g => new { g.Key, N = g.Count() })), Seen);
            runs += Text ? 0 : 7;
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        if (Text)
        {
            // Under sqlite-net's text the orderings and values finer than the text take the run-time path; equalities do not.
            Assert.That(Intercepted, Is.GreaterThan(0), Seen);
            return;
        }

        Assert.That(Intercepted, Is.EqualTo(runs), Seen);
        var first = _seen.First(s => s.Source == StatementSource.Intercepted).Sql;
        Assert.That(first, Does.EndWith(_format == "microdb"
            ? "WHERE EXISTS (SELECT 1 FROM \"dated_rows\" AS \"s0\" WHERE ((\"s0\".\"Id\" = \"join_lines\".\"OrderId\") AND (((\"s0\".\"At\" > ? AND \"s0\".\"At\" <= ?) OR (\"s0\".\"At\" > ? AND \"s0\".\"At\" <= ?) OR (\"s0\".\"At\" > ? AND \"s0\".\"At\" <= ?)))))"
            : "WHERE EXISTS (SELECT 1 FROM \"dated_rows\" AS \"s0\" WHERE ((\"s0\".\"Id\" = \"join_lines\".\"OrderId\") AND (\"s0\".\"At\" > ?)))"));
    }

    [Test]
    public void Date_comparisons_in_a_groups_count_predicate_are_intercepted_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        foreach (var v in Probes)
        {
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.Bucket).Select(g => new { g.Key, Later = g.Count(x => x.At > v), Same = g.Count(x => x.Stamp == v || x.DueAt == v) }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.Bucket).Select(g => new { g.Key, Later = g.Count(x => x.At > v), Same = g.Count(x => x.Stamp == v || x.DueAt == v) })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.Bucket).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.LongCount(x => x.Length != TimeSpan.Zero && x.DueAt != v) }).ToList(),
                Is.EqualTo(_rows.GroupBy(x => x.Bucket).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.LongCount(x => x.Length != TimeSpan.Zero && x.DueAt != v) })), Seen);
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(Intercepted, Text ? Is.EqualTo(Probes.Count(v => v.Ticks % TimeSpan.TicksPerMillisecond == 0)) : Is.EqualTo(2 * Probes.Length), Seen);
    }

    [Test]
    public void A_date_comparison_choosing_a_group_key_is_intercepted_and_matches_linq()
    {
        var before = InterceptionCheck.Runs;
        foreach (var v in Probes)
        {
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.At > v ? 1 : 2).Select(g => new { N = g.Count(), Last = g.Max(x => x.Id) }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.At > v ? 1 : 2).Select(g => new { N = g.Count(), Last = g.Max(x => x.Id) })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.Stamp == v || x.DueAt == v ? x.Bucket : -1).Select(g => new { N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.Stamp == v || x.DueAt == v ? x.Bucket : -1).Select(g => new { N = g.Count() })), Seen);
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(Intercepted, Text ? Is.EqualTo(Probes.Count(v => v.Ticks % TimeSpan.TicksPerMillisecond == 0)) : Is.EqualTo(2 * Probes.Length), Seen);
    }

    [Test]
    public void Having_over_a_date_key_is_intercepted_and_matches_linq()
    {
        var before = InterceptionCheck.Runs;
        foreach (var v in Probes)
        {
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.At).Where(g => g.Key > v).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.At).Where(g => g.Key > v).Select(g => new { g.Key, N = g.Count() })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => new { x.At, x.Bucket }).Where(g => g.Key.At == v).Select(g => new { g.Key.Bucket, N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => new { x.At, x.Bucket }).Where(g => g.Key.At == v).Select(g => new { g.Key.Bucket, N = g.Count() })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.Stamp).Where(g => g.Key <= v).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.Stamp).Where(g => g.Key <= v).Select(g => new { g.Key, N = g.Count() })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.DueAt).Where(g => g.Key != v).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.DueAt).Where(g => g.Key != v).Select(g => new { g.Key, N = g.Count() })), Seen);
        }

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(Intercepted), "The check compared each intercepted run with the run-time path.");
        Assert.That(Intercepted, Is.GreaterThan(0), Seen);
    }

    [Test]
    public void Having_over_a_DateTimeOffset_key_is_intercepted_under_sqlite_net_and_refused_under_microdb()
    {
        var v = Instant;
        if (_format == "microdb")
        {
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().GroupBy(x => x.When).Where(g => g.Key >= v).Select(g => new { g.Key, N = g.Count() }).ToList());
            Assert.Throws<NotSupportedException>(() => _db.Table<DatedRow>().GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count(x => x.When == v) }).ToList());
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        foreach (var value in new[] { Instant, Instant.ToOffset(TimeSpan.FromHours(2)), Instant.AddTicks(1), DateTimeOffset.MinValue })
        {
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.When).Where(g => g.Key >= value).Select(g => new { g.Key, N = g.Count() }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.When).Where(g => g.Key >= value).Select(g => new { g.Key, N = g.Count() })), Seen);
            Assert.That(_db.Table<DatedRow>().GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count(x => x.When == value) }).ToList(),
                Is.EquivalentTo(_rows.GroupBy(x => x.Bucket).Select(g => new { g.Key, N = g.Count(x => x.When == value) })), Seen);
        }

        Assert.That(Intercepted, Is.EqualTo(8), Seen);
    }
}
