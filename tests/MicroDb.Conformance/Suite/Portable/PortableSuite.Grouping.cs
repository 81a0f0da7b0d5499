using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

// GroupBy, written once: Count, Sum, Min, Max and Average per key (null keys form one group), HAVING, ordering by an
// aggregate, query syntax, paging the groups; each against LINQ-to-Objects over the rows read back. Static bodies over
// IPortableDb, as the joins (RelationalBodies).
public abstract partial class PortableSuite
{
    [Test]
    public void Portable_group_by_count_and_sum_per_key_match_linq() => GroupByCountAndSum(Open());

    [Test]
    public void Portable_group_by_null_keys_form_one_group_with_min_max_and_average() => GroupByNullKeysAndAggregates(Open());

    [Test]
    public void Portable_group_by_composite_key_in_query_syntax_with_having_and_ordering_by_an_aggregate() => GroupByQuerySyntaxHavingOrderByAggregate(Open());

    [Test]
    public void Portable_group_by_where_and_orderby_after_select_are_having_and_order_by_the_aggregate() => GroupByWhereAndOrderByAfterSelect(Open());

    public static void GroupByCountAndSum(IPortableDb db)
    {
        var (_, _, lines) = JoinRows(db);
        var query = db.Table<JoinLine>()
            .GroupBy(l => l.OrderId)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity), Big = g.Count(x => x.Quantity > 1) });
        var expected = lines.GroupBy(l => l.OrderId)
            .Select(g => new { g.Key, Count = g.Count(), Total = g.Sum(x => x.Quantity), Big = g.Count(x => x.Quantity > 1) })
            .ToList();
        Assert.That(query.ToList(), Is.EquivalentTo(expected));
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
        Assert.That(db.Table<JoinLine>().GroupBy(l => l.OrderId).Count(), Is.EqualTo(4));
    }

    public static void GroupByNullKeysAndAggregates(IPortableDb db)
    {
        var (orders, _, _) = JoinRows(db);
        var actual = db.Table<JoinOrder>()
            .GroupBy(o => o.Region)
            .Select(g => new { g.Key, Count = g.LongCount(), Max = g.Max(x => x.Id), Min = g.Min(x => x.CustomerId), Average = g.Average(x => x.Id), Sum = g.Sum(x => x.Total) })
            .ToList();
        var expected = orders.GroupBy(o => o.Region)
            .Select(g => new { g.Key, Count = g.LongCount(), Max = g.Max(x => x.Id), Min = g.Min(x => x.CustomerId), Average = g.Average(x => x.Id), Sum = g.Sum(x => x.Total) })
            .ToList();
        Assert.That(actual, Is.EquivalentTo(expected));
        Assert.That(actual.Single(x => x.Key is null).Count, Is.EqualTo(2));
    }

    public static void GroupByQuerySyntaxHavingOrderByAggregate(IPortableDb db)
    {
        var (_, _, lines) = JoinRows(db);
        var actual = (from l in db.Table<JoinLine>()
                      group l by new { l.Sku, Odd = l.OrderId % 2 } into g
                      where g.Sum(x => x.Quantity) >= 3
                      orderby g.Sum(x => x.Quantity) descending, g.Key.Sku
                      select new { g.Key.Sku, g.Key.Odd, Total = g.Sum(x => x.Quantity) }).ToList();
        var expected = (from l in lines
                        group l by new { l.Sku, Odd = l.OrderId % 2 } into g
                        where g.Sum(x => x.Quantity) >= 3
                        orderby g.Sum(x => x.Quantity) descending, g.Key.Sku
                        select new { g.Key.Sku, g.Key.Odd, Total = g.Sum(x => x.Quantity) }).ToList();
        Assert.That(actual, Is.EqualTo(expected));
        Assert.That(expected, Has.Count.EqualTo(3));
    }

    public static void GroupByWhereAndOrderByAfterSelect(IPortableDb db)
    {
        var (_, _, lines) = JoinRows(db);
        var query = db.Table<JoinLine>().Where(l => l.Quantity < 5)
            .GroupBy(l => l.Sku)
            .Select(g => new { Sku = g.Key, Total = g.Sum(x => x.Quantity) })
            .Where(x => x.Total > 1)
            .OrderByDescending(x => x.Total)
            .ThenBy(x => x.Sku);
        var expected = lines.Where(l => l.Quantity < 5)
            .GroupBy(l => l.Sku)
            .Select(g => new { Sku = g.Key, Total = g.Sum(x => x.Quantity) })
            .Where(x => x.Total > 1)
            .OrderByDescending(x => x.Total)
            .ThenBy(x => x.Sku, StringComparer.Ordinal)
            .ToList();
        Assert.That(query.ToList(), Is.EqualTo(expected));
        Assert.That(query.First(), Is.EqualTo(expected[0]));
        Assert.That(query.Skip(1).Take(1).ToList(), Is.EqualTo(expected.Skip(1).Take(1).ToList()));
        Assert.That(query.Where(x => x.Total > 100).ToList(), Is.Empty, "a HAVING that empties every group");
    }
}
