using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Group keys whose GROUP BY term depends on the storage format (issue 22): DateTime (ticks with kind, and ISO text),
/// DateTimeOffset, double and decimal members, alone, composite and as ordering keys. The generator writes the run
/// time's term for each format (src/Shared/Query/SqlStoredKeys.cs) and the site picks the connection's; each run gives
/// the run-time path's SQL, values and rows (the interception check compares every run) and LINQ-to-Objects' groups over
/// the stored rows, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupKeyTests : InterceptedTestBase
{
    private static readonly DateTime Noon = new(2024, 3, 1, 12, 0, 0, DateTimeKind.Utc);
    private List<AllTypes> _stored = null!;

    public InterceptedGroupKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    private bool SqliteNet => _format == "sqlite-net";

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        _db.InsertAll(new[]
        {
            // The same instant in two kinds groups together (DateTime equality ignores the kind); 1.5m and 1.50m are one decimal.
            Row(Noon, 1.5m, 0.5, null, TimeSpan.Zero),
            Row(DateTime.SpecifyKind(Noon, DateTimeKind.Unspecified), 1.50m, 0.5, 2.25, TimeSpan.FromHours(2)),
            Row(Noon.AddDays(1), -2.25m, -1.0, 2.25, TimeSpan.Zero),
            Row(Noon.AddDays(-3), 1.5m, 0.5, null, TimeSpan.FromHours(-5)),
            Row(Noon.AddDays(1), 1000000m, 3.75, -0.5, TimeSpan.Zero),
            Row(Noon, -2.25m, -1.0, -0.5, TimeSpan.Zero),
        });
        _stored = _db.Table<AllTypes>().ToList();
    }

    private string LastIntercepted => _seen.Last(s => s.Source == StatementSource.Intercepted).Sql;

    [Test]
    public void DateTime_keys_are_intercepted_with_the_run_time_term_of_the_storage_format()
    {
        var before = InterceptionCheck.Runs;

        var byTicks = _db.Table<AllTypes>().GroupBy(x => x.DateTime).Select(g => new { g.Key, N = g.Count() }).ToList();
        var sql = _seen[0].Sql;
        var byText = _db.Table<AllTypes>().GroupBy(x => x.DateTimeText).OrderByDescending(g => g.Key).Select(g => new { g.Key, Total = g.Sum(x => x.Int32) }).ToList();
        var count = _db.Table<AllTypes>().GroupBy(x => x.NDateTime).Count();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(sql, Is.EqualTo(_db.Table<AllTypes>().GroupBy(x => x.DateTime).Select(g => new { g.Key, N = g.Count() }).ToSqlString()));
        Assert.That(sql, Does.EndWith(SqliteNet ? "GROUP BY \"DateTime\"" : "GROUP BY (\"DateTime\" & 4611686018427387903)"));
        Assert.That(byTicks, Is.EquivalentTo(_stored.GroupBy(x => x.DateTime).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(byTicks, Has.Count.EqualTo(3));
        Assert.That(byText, Is.EqualTo(_stored.GroupBy(x => x.DateTimeText).OrderByDescending(g => g.Key).Select(g => new { g.Key, Total = g.Sum(x => x.Int32) }).ToList()));
        Assert.That(count, Is.EqualTo(_stored.GroupBy(x => x.NDateTime).Count()));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Decimal_and_double_keys_group_by_value_as_linq_does()
    {
        var byDecimal = _db.Table<AllTypes>().GroupBy(x => x.Decimal).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList();
        var decimalSql = LastIntercepted;
        var byDouble = _db.Table<AllTypes>().GroupBy(x => new { x.Double, x.NDouble }).Select(g => new { g.Key.Double, g.Key.NDouble, N = g.LongCount() }).ToList();
        var doubleSql = LastIntercepted;
        var first = _db.Table<AllTypes>().GroupBy(x => x.NDecimal).Select(g => new { g.Key, High = g.Max(x => x.Double) }).FirstOrDefault();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(decimalSql, Does.Contain(SqliteNet ? "GROUP BY (CASE WHEN CAST(\"Decimal\" AS REAL) IS NULL" : "GROUP BY (CASE WHEN substr(\"Decimal\", 1, 1) = '-' THEN"));
        Assert.That(doubleSql, Does.EndWith("GROUP BY ifnull(\"Double\", 0), \"NDouble\""));
        Assert.That(byDecimal, Is.EqualTo(_stored.GroupBy(x => x.Decimal).OrderBy(g => g.Key).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(byDecimal, Has.Count.EqualTo(3));
        Assert.That(byDouble, Is.EquivalentTo(_stored.GroupBy(x => new { x.Double, x.NDouble }).Select(g => new { g.Key.Double, g.Key.NDouble, N = g.LongCount() })));
        Assert.That(first, Is.Not.Null);
        Assert.That(_stored.GroupBy(x => x.NDecimal).Select(g => new { g.Key, High = g.Max(x => x.Double) }), Has.Member(first));
    }

    [Test]
    public void A_DateTimeOffset_key_is_intercepted_under_sqlite_net_and_refused_under_microdb()
    {
        if (!SqliteNet)
        {
            // MicroDb stores the offset's text, which does not group instants: the run-time path's error, at GroupBy.
            var error = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().GroupBy(x => x.DateTimeOffset).Select(g => new { g.Key, N = g.Count() }).ToList());
            Assert.That(error!.Message, Does.Contain("DateTimeOffset is stored as ISO-8601 text"));
            Assert.That(_seen, Is.Empty);
            return;
        }

        var groups = _db.Table<AllTypes>().GroupBy(x => x.DateTimeOffset).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(1), Seen);
        Assert.That(_seen[0].Sql, Does.EndWith("GROUP BY \"DateTimeOffset\""));
        Assert.That(groups, Is.EquivalentTo(_stored.GroupBy(x => x.DateTimeOffset).Select(g => new { g.Key, N = g.Count() })));
    }

    private static AllTypes Row(DateTime when, decimal amount, double value, double? maybe, TimeSpan offset)
    {
        var row = AllTypesSamples.Nulls();
        row.DateTime = when;
        row.DateTimeText = when;
        row.NDateTime = when.Day == 1 ? null : when;
        row.Decimal = amount;
        row.NDecimal = maybe is null ? null : amount;
        row.Double = value;
        row.NDouble = maybe;
        row.Int32 = (int)(value * 4);
        row.DateTimeOffset = new DateTimeOffset(when.Ticks, offset).AddHours(offset.TotalHours);
        return row;
    }
}
