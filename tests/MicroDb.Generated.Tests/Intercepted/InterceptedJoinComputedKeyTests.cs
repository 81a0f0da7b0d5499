using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Computed join keys (issue 22): arithmetic (<c>s.Year * 100 + s.Month</c> equals <c>p.Period</c>, with a constant or a
/// captured factor), a conversion between integer types (<c>(long)s.CustomerId</c> equals <c>p.Code</c>) and a composite
/// key's computed part are intercepted with the run time's ON condition and its values bound in it (the interception check
/// compares SQL, values and rows of every run with the run-time path), and give LINQ-to-Objects' rows, with duplicate keys,
/// keys without a match and an empty table, on both mapping paths and storage formats. Ordering by a Guid (one table and
/// a join) is intercepted too.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedJoinComputedKeyTests : InterceptedTestBase
{
    private List<PeriodSale> _sales = null!;
    private List<PeriodPlan> _plans = null!;

    public InterceptedJoinComputedKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<PeriodSale>();
        _db.CreateTable<PeriodPlan>();
        _db.InsertAll(new[]
        {
            new PeriodSale { Year = 2024, Month = 1, CustomerId = 1, Tag = Guid.Parse("f0000000-0000-0000-0000-000000000001"), MaybeTag = null, Big = 1, MaybeBig = null, Kind = WideKind.One },
            new PeriodSale { Year = 2024, Month = 1, CustomerId = 2, Tag = Guid.Parse("10000000-0000-0000-0000-000000000002"), MaybeTag = Guid.Parse("80000000-0000-0000-0000-000000000000"), Big = ulong.MaxValue, MaybeBig = ulong.MaxValue, Kind = WideKind.Max },
            new PeriodSale { Year = 2024, Month = 2, CustomerId = 1, Tag = Guid.Parse("8fffffff-ffff-ffff-ffff-ffffffffffff"), MaybeTag = Guid.Empty, Big = 0x8000_0000_0000_0001, MaybeBig = 5, Kind = WideKind.High },
            new PeriodSale { Year = 2023, Month = 12, CustomerId = 3, Tag = Guid.Parse("00000000-0000-0000-0000-0000000000ff"), MaybeTag = null, Big = 1, MaybeBig = 0x8000_0000_0000_0001, Kind = WideKind.One },
            new PeriodSale { Year = 2025, Month = 7, CustomerId = 1, Tag = Guid.Parse("0000ffff-0000-8000-0000-000000000000"), MaybeTag = Guid.Parse("7fffffff-0000-0000-0000-000000000000"), Big = 7, MaybeBig = null, Kind = WideKind.High },
        });
        _db.InsertAll(new[]
        {
            new PeriodPlan { Period = 202401, Code = 1, Target = 10, Tag = Guid.Parse("a0000000-0000-0000-0000-000000000000"), Big = 1, MaybeBig = null, Kind = WideKind.High },
            new PeriodPlan { Period = 202401, Code = 2, Target = 20, Tag = Guid.Parse("0a000000-0000-0000-0000-000000000000"), Big = 0x8000_0000_0000_0001, MaybeBig = 0x8000_0000_0000_0001, Kind = WideKind.One },
            new PeriodPlan { Period = 202402, Code = 9, Target = 30, Tag = Guid.Parse("00a00000-0000-0000-0000-000000000000"), Big = ulong.MaxValue, MaybeBig = 5, Kind = WideKind.Max },
            new PeriodPlan { Period = 202312, Code = 3, Target = 40, Tag = Guid.Parse("000a0000-0000-0000-0000-000000000000"), Big = 9, MaybeBig = null, Kind = WideKind.One },
            new PeriodPlan { Period = 202401, Code = 1, Target = 50, Tag = Guid.Parse("0000a000-0000-0000-0000-000000000000"), Big = 1, MaybeBig = ulong.MaxValue, Kind = WideKind.High },
            new PeriodPlan { Period = 209912, Code = 1, Target = 60, Tag = Guid.Parse("00000a00-0000-0000-0000-000000000000"), Big = 0, MaybeBig = 9, Kind = WideKind.Max },
        });
        _sales = _db.Table<PeriodSale>().ToList();
        _plans = _db.Table<PeriodPlan>().ToList();
    }

    private void AssertIntercepted(int runs, long checkedBefore)
    {
        Assert.That(Intercepted, Is.EqualTo(runs), Seen);
        Assert.That(InterceptionCheck.Runs - checkedBefore, Is.EqualTo(runs), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void Arithmetic_keys_join_as_linq_does()
    {
        var before = InterceptionCheck.Runs;
        var hundred = 100;

        var inner = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var captured = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * hundred + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var left = _db.Table<PeriodSale>().LeftJoin(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p == null ? 0 : p.Id }).ToList();
        var count = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => s.Id).Count();
        var bothSides = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month - 1, p => p.Period - 1, (s, p) => new { S = s.Id, P = p.Id }).ToList();

        AssertIntercepted(5, before);
        var expected = _sales.Join(_plans, s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        Assert.That(inner, Is.EquivalentTo(expected));
        Assert.That(inner, Has.Count.EqualTo(8), "duplicate keys pair up; keys without a match drop out");
        Assert.That(captured, Is.EquivalentTo(expected));
        Assert.That(left, Is.EquivalentTo(_sales.LeftJoin(_plans, s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p == null ? 0 : p.Id })));
        Assert.That(count, Is.EqualTo(expected.Count));
        Assert.That(bothSides, Is.EquivalentTo(expected));
    }

    [Test]
    public void Converted_and_composite_computed_keys_join_as_linq_does()
    {
        var before = InterceptionCheck.Runs;
        var min = 15;

        var converted = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => (long)s.CustomerId, p => p.Code, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var composite = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => new { P = s.Year * 100 + s.Month, C = (long)s.CustomerId }, p => new { P = p.Period, C = p.Code },
            (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var filtered = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>().Where(p => p.Target > min), s => s.Year * 100 + s.Month, p => p.Period,
            (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var any = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month + 50, p => p.Period, (s, p) => s.Id).Any();

        AssertIntercepted(4, before);
        Assert.That(converted, Is.EquivalentTo(_sales.Join(_plans, s => (long)s.CustomerId, p => p.Code, (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(composite, Is.EquivalentTo(_sales.Join(_plans, s => new { P = s.Year * 100 + s.Month, C = (long)s.CustomerId }, p => new { P = p.Period, C = p.Code },
            (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(composite, Has.Count.EqualTo(4));
        Assert.That(filtered, Is.EquivalentTo(_sales.Join(_plans.Where(p => p.Target > min), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(any, Is.False);
    }

    [Test]
    public void A_computed_key_in_query_syntax_and_over_an_empty_table_matches_linq()
    {
        var before = InterceptionCheck.Runs;

        var query = (from s in _db.Table<PeriodSale>()
                     join p in _db.Table<PeriodPlan>() on s.Year * 100 + s.Month equals p.Period
                     select new { S = s.Id, P = p.Id }).ToList();
        _db.DeleteAll<PeriodPlan>();
        var empty = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var leftEmpty = _db.Table<PeriodSale>().LeftJoin(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p == null ? 0 : p.Id }).ToList();

        AssertIntercepted(3, before);
        Assert.That(query, Is.EquivalentTo(_sales.Join(_plans, s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(empty, Is.Empty);
        Assert.That(leftEmpty, Is.EquivalentTo(_sales.Select(s => new { S = s.Id, P = 0 })));
    }

    [Test]
    public void A_computed_key_after_a_join_reads_its_values_in_the_second_on_condition()
    {
        var before = InterceptionCheck.Runs;
        var offset = 0;

        var rows = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => (long)s.CustomerId, p => p.Code, (s, p) => new { s.Id, s.Year, s.Month, Plan = p.Id })
            .Join(_db.Table<PeriodPlan>().Where(q => q.Target >= 10), x => x.Year * 100 + x.Month + offset, q => q.Period, (x, q) => new { x.Id, x.Plan, Q = q.Id }).ToList();

        AssertIntercepted(1, before);
        Assert.That(rows, Is.EquivalentTo(_sales.Join(_plans, s => (long)s.CustomerId, p => p.Code, (s, p) => new { s.Id, s.Year, s.Month, Plan = p.Id })
            .Join(_plans.Where(q => q.Target >= 10), x => x.Year * 100 + x.Month + offset, q => q.Period, (x, q) => new { x.Id, x.Plan, Q = q.Id })));
        Assert.That(rows, Is.Not.Empty);
    }

    [Test]
    public void Ulong_and_ulong_enum_keys_join_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var big = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Big, p => p.Big, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var maybe = _db.Table<PeriodSale>().LeftJoin(_db.Table<PeriodPlan>(), s => s.MaybeBig, p => p.MaybeBig, (s, p) => new { S = s.Id, P = p == null ? 0 : p.Id }).ToList();
        var kind = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Kind, p => p.Kind, (s, p) => new { S = s.Id, P = p.Id }).ToList();
        var composite = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => new { s.Big, s.Kind }, p => new { p.Big, p.Kind }, (s, p) => new { S = s.Id, P = p.Id }).Count();

        AssertIntercepted(4, before);
        Assert.That(big, Is.EquivalentTo(_sales.Join(_plans, s => s.Big, p => p.Big, (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(big, Has.Count.EqualTo(6), "keys above long.MaxValue match; duplicate keys pair up");
        Assert.That(maybe, Is.EquivalentTo(_sales.LeftJoin(_plans, s => s.MaybeBig, p => p.MaybeBig, (s, p) => new { S = s.Id, P = p == null ? 0 : p.Id })));
        Assert.That(kind, Is.EquivalentTo(_sales.Join(_plans, s => s.Kind, p => p.Kind, (s, p) => new { S = s.Id, P = p.Id })));
        Assert.That(composite, Is.EqualTo(_sales.Join(_plans, s => new { s.Big, s.Kind }, p => new { p.Big, p.Kind }, (s, p) => s.Id).Count()));
    }

    [Test]
    public void Ordering_by_a_guid_is_intercepted_and_orders_as_linq()
    {
        var before = InterceptionCheck.Runs;

        var one = _db.Table<PeriodSale>().OrderBy(s => s.Tag).ToList();
        var descending = _db.Table<PeriodSale>().Where(s => s.Year > 2000).OrderByDescending(s => s.Tag).Select(s => s.Id).ToList();
        var then = _db.Table<PeriodPlan>().OrderBy(p => p.Period).ThenByDescending(p => p.Tag).ToList();
        var joined = _db.Table<PeriodSale>().Join(_db.Table<PeriodPlan>(), s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id, p.Tag })
            .OrderBy(x => x.Tag).ToList();

        AssertIntercepted(4, before);
        Assert.That(one.Select(s => s.Id), Is.EqualTo(_sales.OrderBy(s => s.Tag).Select(s => s.Id)));
        Assert.That(descending, Is.EqualTo(_sales.OrderByDescending(s => s.Tag).Select(s => s.Id)));
        Assert.That(then.Select(p => p.Id), Is.EqualTo(_plans.OrderBy(p => p.Period).ThenByDescending(p => p.Tag).Select(p => p.Id)));
        Assert.That(joined, Is.EqualTo(_sales.Join(_plans, s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id, p.Tag }).OrderBy(x => x.Tag)));
    }

    [Test]
    public async Task Async_computed_keys_and_guid_orderings_are_intercepted()
    {
        var directory = Directory.CreateTempSubdirectory("microdb-intercepted-computed-key-").FullName;
        try
        {
            var seen = new List<ExecutedStatement>();
            await using var db = InterceptedFixture.OpenAsync(Path.Combine(directory, "keys.db"), _mapping, _format, seen);
            await db.CreateTableAsync<PeriodSale>();
            await db.CreateTableAsync<PeriodPlan>();
            await db.InsertAllAsync(_sales);
            await db.InsertAllAsync(_plans);
            lock (seen)
            {
                seen.Clear();
            }

            var hundred = 100;
            var rows = await db.Table<PeriodSale>().Join(db.Table<PeriodPlan>(), s => s.Year * hundred + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id }).ToListAsync();
            var count = await db.Table<PeriodSale>().Join(db.Table<PeriodPlan>(), s => (long)s.CustomerId, p => p.Code, (s, p) => s.Id).LongCountAsync();
            var ordered = await db.Table<PeriodSale>().OrderBy(s => s.Tag).ToListAsync();

            lock (seen)
            {
                Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(3), () => string.Join("\n", seen.Select(s => s.Source + ": " + s.Sql)));
            }

            Assert.That(rows, Is.EquivalentTo(_sales.Join(_plans, s => s.Year * 100 + s.Month, p => p.Period, (s, p) => new { S = s.Id, P = p.Id })));
            Assert.That(count, Is.EqualTo(_sales.Join(_plans, s => (long)s.CustomerId, p => p.Code, (s, p) => s.Id).LongCount()));
            Assert.That(ordered.Select(s => s.Id), Is.EqualTo(_sales.OrderBy(s => s.Tag).Select(s => s.Id)));
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }
}
