using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Groupings the generator lowers since HAVING, aggregate ordering and Where-before-GroupBy (issue 22): a Where on the
/// table before GroupBy, a Where over the groups (HAVING) before and after Select, ordering by an aggregate, keys of
/// bool, enum, Guid and nullable types, and double Sum/Average. Each gives the run-time path's SQL, values and rows (the
/// interception check compares every run) and LINQ-to-Objects' results, on both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedGroupConditionTests : InterceptedTestBase
{
    private List<JoinLine> _lines = null!;

    public InterceptedGroupConditionTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<JoinLine>();
        _db.InsertAll(new[]
        {
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 1 },
            new JoinLine { OrderId = 1, Sku = "b", Quantity = 2 },
            new JoinLine { OrderId = 2, Sku = "a", Quantity = 3 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = 4 },
            new JoinLine { OrderId = 1, Sku = "a", Quantity = 5 },
            new JoinLine { OrderId = 6, Sku = "c", Quantity = -7 },
            new JoinLine { OrderId = 7, Sku = "b", Quantity = 2 },
        });
        _lines = _db.Table<JoinLine>().ToList();
    }

    [Test]
    public void Having_over_a_count_and_a_key_is_intercepted_with_the_run_time_sql_and_values()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var skip = 6;

        var intercepted = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => g.Count() > min && g.Key != skip).Select(g => new { g.Key, N = g.Count() }).ToList();
        var first = _seen[0];

        var runTime = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => g.Count() > min && g.Key != skip).Select(g => new { g.Key, N = g.Count() });
        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(first.Sql, Is.EqualTo(runTime.ToSqlString()));
        Assert.That(first.Sql, Is.EqualTo("SELECT \"OrderId\", count(*) FROM \"join_lines\" GROUP BY \"OrderId\" HAVING ((count(*) > ?) AND (\"OrderId\" <> ?))"));
        Assert.That(intercepted, Is.EqualTo(new[] { new { Key = 1, N = 3 } }));
        Assert.That(intercepted, Is.EqualTo(_lines.GroupBy(l => l.OrderId).Where(g => g.Count() > min && g.Key != skip).Select(g => new { g.Key, N = g.Count() }).ToList()));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
    }

    [Test]
    public void Having_after_select_and_ordering_by_aggregates_match_linq()
    {
        long low = 0;
        var totals = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) })
            .Where(x => x.Total > low).OrderByDescending(x => x.Total).ThenBy(x => x.Key).ToList();
        var byCount = _db.Table<JoinLine>().GroupBy(l => l.OrderId).OrderBy(g => g.Count()).ThenByDescending(g => g.Max(x => x.Quantity))
            .Select(g => new { g.Key, Top = g.Max(x => x.Quantity) }).ToList();
        var firstSku = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => 2 <= g.LongCount()).OrderByDescending(g => g.Sum(x => x.Quantity))
            .Select(g => new SkuTotal { Sku = g.Key, Total = g.Sum(x => x.Quantity) }).First();
        var groups = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Min(x => x.Quantity) < low || g.Key == "b").Count();
        var none = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Count() > 100).Select(g => new { g.Key }).FirstOrDefault();
        Assert.That(Intercepted, Is.EqualTo(5), Seen);
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted).Select(s => s.Sql), Has.Some.Contains("ORDER BY count(*), max(\"Quantity\") DESC"));

        var linq = _lines.GroupBy(l => l.OrderId);
        Assert.That(totals, Is.EqualTo(linq.Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) }).Where(x => x.Total > low).OrderByDescending(x => x.Total).ThenBy(x => x.Key).ToList()));
        Assert.That(byCount, Is.EqualTo(linq.OrderBy(g => g.Count()).ThenByDescending(g => g.Max(x => x.Quantity)).Select(g => new { g.Key, Top = g.Max(x => x.Quantity) }).ToList()));
        Assert.That((firstSku.Sku, firstSku.Total), Is.EqualTo(("a", 9)));
        Assert.That(groups, Is.EqualTo(_lines.GroupBy(l => l.Sku).Count(g => g.Min(x => x.Quantity) < low || g.Key == "b")));
        Assert.That(none, Is.Null);
    }

    [Test]
    public void Where_before_group_by_is_intercepted_with_its_values_before_having_values()
    {
        var before = InterceptionCheck.Runs;
        var min = 1;
        var sku = "c";

        var intercepted = _db.Table<JoinLine>().Where(l => l.Quantity > min).Where(l => l.Sku != sku).GroupBy(l => l.Sku).Where(g => g.Count() >= min)
            .Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) }).ToList();
        var sql = _seen[0].Sql;
        var count = _db.Table<JoinLine>().Where(l => l.Quantity > min).GroupBy(l => l.OrderId).Count();
        var first = _db.Table<JoinLine>().Where(l => l.Sku == sku).GroupBy(l => l.OrderId).Select(g => new { g.Key, Total = g.Sum(x => x.Quantity) }).First();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(sql, Is.EqualTo("SELECT \"Sku\", count(*), coalesce(sum(\"Quantity\"), 0) FROM \"join_lines\" WHERE (\"Quantity\" > ?) AND (\"Sku\" IS NOT ?) GROUP BY \"Sku\" HAVING (count(*) >= ?)"));
        Assert.That(intercepted, Is.EquivalentTo(_lines.Where(l => l.Quantity > min).Where(l => l.Sku != sku).GroupBy(l => l.Sku).Where(g => g.Count() >= min)
            .Select(g => new { g.Key, N = g.Count(), Total = g.Sum(x => x.Quantity) })));
        Assert.That(count, Is.EqualTo(_lines.Where(l => l.Quantity > min).GroupBy(l => l.OrderId).Count()));
        Assert.That(first, Is.EqualTo(new { Key = 6, Total = -3 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Averages_in_having_and_ordering_are_intercepted_with_the_run_time_key_and_match_linq()
    {
        var before = InterceptionCheck.Runs;
        var min = 2;
        var low = 1.5;

        var byAverage = _db.Table<JoinLine>().GroupBy(l => l.OrderId).Where(g => g.Average(x => x.Quantity) > min)
            .OrderByDescending(g => g.Average(x => x.Quantity)).Select(g => new { g.Key, Mean = g.Average(x => x.Quantity) }).ToList();
        var sql = _seen.First(s => s.Source == StatementSource.Intercepted).Sql;
        var after = _db.Table<JoinLine>().GroupBy(l => l.Sku).Select(g => new { g.Key, Mean = g.Average(x => x.Quantity) })
            .Where(x => x.Mean >= low).OrderBy(x => x.Mean).ThenBy(x => x.Key).ToList();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(sql, Is.EqualTo("SELECT \"OrderId\", avg(\"Quantity\") FROM \"join_lines\" GROUP BY \"OrderId\" HAVING (ifnull(avg(\"Quantity\"), 0) > ?) ORDER BY ifnull(avg(\"Quantity\"), 0) DESC"));

        // An ordering comparison with NaN is false: the run-time path writes no comparison, so the run is its.
        var nan = double.NaN;
        var none = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Average(x => x.Quantity) < nan).Count();
        Assert.That(Intercepted, Is.EqualTo(2), Seen);
        Assert.That(none, Is.Zero);

        var linq = _lines.GroupBy(l => l.OrderId);
        Assert.That(byAverage, Is.EqualTo(linq.Where(g => g.Average(x => x.Quantity) > min).OrderByDescending(g => g.Average(x => x.Quantity))
            .Select(g => new { g.Key, Mean = g.Average(x => x.Quantity) }).ToList()));
        Assert.That(after, Is.EqualTo(_lines.GroupBy(l => l.Sku).Select(g => new { g.Key, Mean = g.Average(x => x.Quantity) })
            .Where(x => x.Mean >= low).OrderBy(x => x.Mean).ThenBy(x => x.Key, StringComparer.Ordinal).ToList()));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void A_null_captured_value_runs_the_grouping_on_the_run_time_path()
    {
        string? sku = null;

        var where = _db.Table<JoinLine>().Where(l => l.Sku == sku).GroupBy(l => l.OrderId).Select(g => new { g.Key }).ToList();
        var having = _db.Table<JoinLine>().GroupBy(l => l.Sku).Where(g => g.Key != sku).Select(g => new { g.Key, N = g.Count() }).ToList();

        Assert.That(Intercepted, Is.EqualTo(0), Seen);
        Assert.That(_seen, Has.Count.EqualTo(2));
        Assert.That(where, Is.Empty);
        Assert.That(having, Is.EquivalentTo(_lines.GroupBy(l => l.Sku).Where(g => g.Key != sku).Select(g => new { g.Key, N = g.Count() })));
    }

    [Test]
    public void Keys_of_bool_enum_guid_and_nullable_types_and_double_aggregates_match_linq()
    {
        var one = Guid.Parse("0b9c1a3e-8f5d-4e1b-9a7c-2d4e6f8a0b1c");
        var two = Guid.Parse("f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9");
        _db.CreateTable<AllTypes>();
        var rows = new[]
        {
            Row(true, Color.Red, one, 1, null, 0.5),
            Row(false, Color.Red, two, null, true, 1.25),
            Row(true, Color.Blue, one, 1, false, 2.0),
            Row(true, Color.Red, two, 3, true, -0.75),
            Row(false, Color.Green, one, null, null, 4.5),
        };
        _db.InsertAll(rows);
        var stored = _db.Table<AllTypes>().ToList();
        _seen.Clear();

        var byBool = _db.Table<AllTypes>().GroupBy(x => x.Bool).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Double), Mean = g.Average(x => x.Double) }).ToList();
        var byEnum = _db.Table<AllTypes>().GroupBy(x => new { x.Color, x.Bool }).Select(g => new { g.Key.Color, g.Key.Bool, High = g.Max(x => x.Double) }).ToList();
        var byGuid = _db.Table<AllTypes>().GroupBy(x => x.Guid).Select(g => new { g.Key, N = g.Count() }).ToList();
        var byNullable = _db.Table<AllTypes>().GroupBy(x => new { x.NInt32, x.NBool }).Select(g => new { g.Key, N = g.LongCount() }).ToList();
        var red = Color.Red;
        var filtered = _db.Table<AllTypes>().Where(x => x.Color == red).GroupBy(x => x.NInt32).Where(g => g.Count() > 0).Select(g => new { g.Key, Low = g.Min(x => x.Double) }).ToList();
        Assert.That(Intercepted, Is.EqualTo(5), Seen);

        Assert.That(byBool, Is.EquivalentTo(stored.GroupBy(x => x.Bool).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Double), Mean = g.Average(x => x.Double) })));
        Assert.That(byEnum, Is.EquivalentTo(stored.GroupBy(x => new { x.Color, x.Bool }).Select(g => new { g.Key.Color, g.Key.Bool, High = g.Max(x => x.Double) })));
        Assert.That(byGuid, Is.EquivalentTo(stored.GroupBy(x => x.Guid).Select(g => new { g.Key, N = g.Count() })));
        Assert.That(byNullable, Is.EquivalentTo(stored.GroupBy(x => new { x.NInt32, x.NBool }).Select(g => new { g.Key, N = g.LongCount() })));
        Assert.That(filtered, Is.EquivalentTo(stored.Where(x => x.Color == red).GroupBy(x => x.NInt32).Where(g => g.Count() > 0).Select(g => new { g.Key, Low = g.Min(x => x.Double) })));
    }

    private static AllTypes Row(bool flag, Color color, Guid guid, int? number, bool? maybe, double value)
    {
        var row = AllTypesSamples.Nulls();
        row.Bool = flag;
        row.Color = color;
        row.Guid = guid;
        row.NInt32 = number;
        row.NBool = maybe;
        row.Double = value;
        return row;
    }
}
