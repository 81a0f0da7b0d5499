using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// Property test, grouping: GroupBy on a key of every stored type with Count/Sum/Min/Max/Average, HAVING, ordering by an
// aggregate, groups a HAVING or a Where empties, and aggregates over the key types themselves.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Property_group_by_every_key_type_matches_linq([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, _, left, _, _, label) = OpenPropData(seed, sqliteNet);

        SameRows(db.Table<PropLeft>().GroupBy(l => l.Int).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount), Min = g.Min(x => x.Amount), Max = g.Max(x => x.Long), Avg = g.Average(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Int).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount), Min = g.Min(x => x.Amount), Max = g.Max(x => x.Long), Avg = g.Average(x => x.Amount) }), label, "GroupBy int?");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Long).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount), Min = g.Min(x => x.Int), Avg = g.Average(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Long).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount), Min = g.Min(x => x.Int), Avg = g.Average(x => x.Amount) }), label, "GroupBy long");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.ULong).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.ULong).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy ulong");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Decimal).Select(g => new { g.Key, N = g.Count(), Max = g.Max(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Decimal).Select(g => new { g.Key, N = g.Count(), Max = g.Max(x => x.Amount) }), label, "GroupBy decimal (every scale of a value one group)");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Date).Select(g => new { g.Key, N = g.Count(), Avg = g.Average(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Date).Select(g => new { g.Key, N = g.Count(), Avg = g.Average(x => x.Amount) }), label, "GroupBy DateTime (every kind of an instant one group)");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.NDate).Select(g => new { g.Key, N = g.Count() }).ToList(),
            left.GroupBy(l => l.NDate).Select(g => new { g.Key, N = g.Count() }), label, "GroupBy DateTime?");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Text).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Text).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy string? (case-sensitive, null one group)");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Guid).Select(g => new { g.Key, N = g.LongCount() }).ToList(),
            left.GroupBy(l => l.Guid).Select(g => new { g.Key, N = g.LongCount() }), label, "GroupBy Guid");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Tint).Select(g => new { g.Key, N = g.Count(x => x.Amount > 0) }).ToList(),
            left.GroupBy(l => l.Tint).Select(g => new { g.Key, N = g.Count(x => x.Amount > 0) }), label, "GroupBy an enum");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Wide).Select(g => new { g.Key, N = g.Count(), Min = g.Min(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Wide).Select(g => new { g.Key, N = g.Count(), Min = g.Min(x => x.Amount) }), label, "GroupBy a nullable ulong enum");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Real).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Real).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy double");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Flag).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Flag).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy bool");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Day).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Day).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy DateOnly");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Span).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.GroupBy(l => l.Span).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "GroupBy TimeSpan");
        SameRows(db.Table<PropLeft>().GroupBy(l => new { l.Text, l.Wide }).Select(g => new { g.Key.Text, g.Key.Wide, N = g.Count() }).ToList(),
            left.GroupBy(l => new { l.Text, l.Wide }).Select(g => new { g.Key.Text, g.Key.Wide, N = g.Count() }), label, "GroupBy a composite key with null members");
    }

    [Test]
    public void Property_aggregates_over_key_types_match_linq_or_throw_naming_the_type([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, _, left, _, _, label) = OpenPropData(seed, sqliteNet);

        SameRows(db.Table<PropLeft>().GroupBy(l => l.Wide).Select(g => new { g.Key, Min = g.Min(x => x.Int), Max = g.Max(x => x.Int), Avg = g.Average(x => x.Int) }).ToList(),
            left.GroupBy(l => l.Wide).Select(g => new { g.Key, Min = g.Min(x => x.Int), Max = g.Max(x => x.Int), Avg = g.Average(x => x.Int) }), label, "Min/Max/Average of int? (nulls skipped, all-null groups null)");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Decimal).Select(g => new { g.Key, Min = g.Min(x => x.Amount), Max = g.Max(x => x.Long) }).ToList(),
            left.GroupBy(l => l.Decimal).Select(g => new { g.Key, Min = g.Min(x => x.Amount), Max = g.Max(x => x.Long) }), label, "Min of int, Max of long");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Flag).Select(g => new { g.Key, Min = g.Min(x => x.Real), Max = g.Max(x => x.Real) }).ToList(),
            left.GroupBy(l => l.Flag).Select(g => new { g.Key, Min = g.Min(x => x.Real), Max = g.Max(x => x.Real) }), label, "Min/Max of double");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Text).Select(g => new { g.Key, Sum = g.Sum(x => x.Int) }).ToList(),
            left.GroupBy(l => l.Text).Select(g => new { g.Key, Sum = g.Sum(x => x.Int) }), label, "Sum of int? (0 for all nulls)");

        // A sum past long's range throws OverflowException in LINQ and in MicroDb.
        var query = db.Table<PropLeft>().GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Long / 4) });
        var linq = left.GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Long / 4) });
        if (Outcome(() => linq.ToList()) is { } linqError)
        {
            Assert.That(Outcome(() => query.ToList()), Is.TypeOf(linqError.GetType()), $"{label}: Sum of long past its range");
        }
        else
        {
            SameRows(query.ToList(), linq, label, "Sum of long");
        }

        // Min/Max of ulong, enums, DateTime, decimal and strings, and decimal Sum/Average, are exact (MicroDb's registered
        // aggregate functions): ulong above long.MaxValue, every kind of an instant, every scale of a decimal, strings by culture.
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Tint).Select(g => new { g.Key, MinU = g.Min(x => x.ULong), MaxU = g.Max(x => x.ULong), MinW = g.Min(x => x.Wide), MaxW = g.Max(x => x.Wide) }).ToList(),
            left.GroupBy(l => l.Tint).Select(g => new { g.Key, MinU = g.Min(x => x.ULong), MaxU = g.Max(x => x.ULong), MinW = g.Min(x => x.Wide), MaxW = g.Max(x => x.Wide) }), label, "Min/Max of ulong and a nullable ulong enum");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Flag).Select(g => new { g.Key, MinD = g.Min(x => x.Date), MaxD = g.Max(x => x.Date), MinN = g.Min(x => x.NDate), MaxN = g.Max(x => x.NDate), MaxT = g.Max(x => x.Tint) }).ToList(),
            left.GroupBy(l => l.Flag).Select(g => new { g.Key, MinD = g.Min(x => x.Date), MaxD = g.Max(x => x.Date), MinN = g.Min(x => x.NDate), MaxN = g.Max(x => x.NDate), MaxT = g.Max(x => x.Tint) }), label, "Min/Max of DateTime, DateTime? and an enum");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Int).Select(g => new { g.Key, Min = g.Min(x => x.Decimal), Max = g.Max(x => x.Decimal), MinS = g.Min(x => x.Text), MaxS = g.Max(x => x.Text) }).ToList(),
            left.GroupBy(l => l.Int).Select(g => new { g.Key, Min = g.Min(x => x.Decimal), Max = g.Max(x => x.Decimal), MinS = g.Min(x => x.Text), MaxS = g.Max(x => x.Text) }), label, "Min/Max of decimal and string");
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Decimal), Avg = g.Average(x => x.Decimal) }).ToList(),
            left.GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Decimal), Avg = g.Average(x => x.Decimal) }), label, "Sum/Average of decimal");

        // In a condition (HAVING) and an ordering they compare through their order keys, as LINQ compares the values
        // (ulong above long.MaxValue, every kind of an instant, every scale of a decimal).
        var ulongCut = left.Select(l => l.ULong).OrderBy(u => u).ElementAt(left.Count / 2);
        var dateCut = left.Select(l => l.Date).OrderBy(d => d).ElementAt(left.Count / 2);
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Tint).Where(g => g.Min(x => x.ULong) > ulongCut || g.Max(x => x.Date) <= dateCut).Select(g => new { g.Key, N = g.Count() }).ToList(),
            left.GroupBy(l => l.Tint).Where(g => g.Min(x => x.ULong) > ulongCut || g.Max(x => x.Date) <= dateCut).Select(g => new { g.Key, N = g.Count() }), label, "HAVING over Min of ulong and Max of DateTime");
        var sumCut = left.GroupBy(l => l.Int).Select(g => g.Sum(x => x.Decimal)).OrderBy(d => d).ElementAt(left.Select(l => l.Int).Distinct().Count() / 2);
        SameOrder(db.Table<PropLeft>().GroupBy(l => l.Int).Where(g => g.Sum(x => x.Decimal) >= sumCut).OrderByDescending(g => g.Sum(x => x.Decimal)).ThenBy(g => g.Key).Select(g => new { g.Key, Sum = g.Sum(x => x.Decimal) }).ToList(),
            left.GroupBy(l => l.Int).Where(g => g.Sum(x => x.Decimal) >= sumCut).OrderByDescending(g => g.Sum(x => x.Decimal)).ThenBy(g => g.Key).Select(g => new { g.Key, Sum = g.Sum(x => x.Decimal) }), label, "HAVING and ORDER BY a decimal Sum");
        SameOrderWithTies(db.Table<PropLeft>().GroupBy(l => l.Text).OrderBy(g => g.Min(x => x.ULong)).Select(g => new { g.Key, MinU = g.Min(x => x.ULong), Last = g.Max(x => x.NDate) }).ToList(),
            left.GroupBy(l => l.Text).OrderBy(g => g.Min(x => x.ULong)).Select(g => new { g.Key, MinU = g.Min(x => x.ULong), Last = g.Max(x => x.NDate) }), r => r.MinU, label, "ORDER BY Min of ulong");
    }

    [Test]
    public void Property_having_and_ordering_by_an_aggregate_match_linq([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, random, left, _, _, label) = OpenPropData(seed, sqliteNet);
        for (var round = 0; round < 3; round++)
        {
            var least = random.Next(1, 4);
            var cut = PropValues.Pick(random, PropValues.Decimals);
            var what = $"round {round} (least {least}, cut {cut})";

            SameOrder(db.Table<PropLeft>()
                    .GroupBy(l => new { l.Tint, l.Wide })
                    .Where(g => g.Count() >= least)
                    .Select(g => new { g.Key.Tint, g.Key.Wide, N = g.Count(), Total = g.Sum(x => x.Amount) })
                    .OrderByDescending(x => x.Total).ThenBy(x => x.Tint).ThenBy(x => x.Wide)
                    .ToList(),
                left
                    .GroupBy(l => new { l.Tint, l.Wide })
                    .Where(g => g.Count() >= least)
                    .Select(g => new { g.Key.Tint, g.Key.Wide, N = g.Count(), Total = g.Sum(x => x.Amount) })
                    .OrderByDescending(x => x.Total).ThenBy(x => x.Tint).ThenBy(x => x.Wide), label, what + ": HAVING count, ordered by a sum");
            SameOrderWithTies((from l in db.Table<PropLeft>()
                               where l.Decimal >= cut
                               group l by l.ULong into g
                               where g.Sum(x => x.Amount) > least
                               orderby g.Count() descending, g.Max(x => x.Amount)
                               select new { g.Key, N = g.Count(), Top = g.Max(x => x.Amount) }).ToList(),
                from l in left
                where l.Decimal >= cut
                group l by l.ULong into g
                where g.Sum(x => x.Amount) > least
                orderby g.Count() descending, g.Max(x => x.Amount)
                select new { g.Key, N = g.Count(), Top = g.Max(x => x.Amount) }, x => (x.N, x.Top), label, what + ": query syntax, HAVING a sum, ordered by aggregates with ties");
            SameOrder(db.Table<PropLeft>()
                    .GroupBy(l => l.Date)
                    .Select(g => new { g.Key, N = g.Count(), Avg = g.Average(x => x.Amount) })
                    .Where(x => x.N >= least)
                    .OrderBy(x => x.Avg).ThenBy(x => x.Key)
                    .Skip(round)
                    .ToList(),
                left
                    .GroupBy(l => l.Date)
                    .Select(g => new { g.Key, N = g.Count(), Avg = g.Average(x => x.Amount) })
                    .Where(x => x.N >= least)
                    .OrderBy(x => x.Avg).ThenBy(x => x.Key)
                    .Skip(round), label, what + ": Where and OrderBy after Select over DateTime groups");
        }

        // Groups emptied by a HAVING, and no group at all where the Where keeps no row.
        SameRows(db.Table<PropLeft>().GroupBy(l => l.Text).Where(g => g.Count() > 1000).Select(g => new { g.Key, N = g.Count() }).ToList(),
            left.GroupBy(l => l.Text).Where(g => g.Count() > 1000).Select(g => new { g.Key, N = g.Count() }), label, "a HAVING no group passes");
        SameRows(db.Table<PropLeft>().Where(l => l.Amount > 1000).GroupBy(l => l.Text).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }).ToList(),
            left.Where(l => l.Amount > 1000).GroupBy(l => l.Text).Select(g => new { g.Key, N = g.Count(), Sum = g.Sum(x => x.Amount) }), label, "grouping no row");
    }

    [Test]
    public void GroupBy_long_sum_that_does_not_fit_throws_overflow_as_linq_does()
    {
        // Found by the property test: SQLite's sum() stops with "integer overflow", which surfaced as a plain
        // MicroDbException where LINQ's Sum throws OverflowException.
        var db = OpenWith<PropLeft>();
        db.InsertAll(new[]
        {
            new PropLeft { Tint = PropTint.Red, Long = long.MaxValue },
            new PropLeft { Tint = PropTint.Red, Long = 1 },
            new PropLeft { Tint = PropTint.Blue, Long = 5 },
        });
        var rows = db.Table<PropLeft>().ToList();
        Assert.Throws<OverflowException>(() => rows.GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Long) }).ToList());
        var query = db.Table<PropLeft>().GroupBy(l => l.Tint).Select(g => new { g.Key, Sum = g.Sum(x => x.Long) });

        var error = Assert.Throws<OverflowException>(() => query.ToList());
        Assert.That(error!.Message, Does.Contain("prop_left"));
        Assert.That(error.InnerException, Is.InstanceOf<MicroDbException>());
        Assert.Throws<OverflowException>(() => query.OrderBy(x => x.Key).First());
        Assert.Throws<OverflowException>(() => query.AsEnumerable().ToList());
        Assert.That(query.Where(x => x.Key == PropTint.Blue).ToList().Select(x => x.Sum), Is.EqualTo(new[] { 5L }), "a HAVING that leaves out the overflowing group");
    }
}
