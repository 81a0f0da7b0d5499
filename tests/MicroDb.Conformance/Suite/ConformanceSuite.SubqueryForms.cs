using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// The remaining sub-query forms (issue 22): over the table the outer query reads (self-correlated), an inner query with
// Take/Skip, a sub-query in a Where after Take/Skip, Contains over keys of every stored type correlated with the row, a
// sub-query in a join's Where and in a grouped query's HAVING. Each is one statement, compared with LINQ-to-Objects over
// the rows read back, in both storage formats (and, through the two suites, both mapping paths).
public abstract partial class ConformanceSuite
{
    [Test]
    public void A_subquery_over_the_table_the_outer_query_reads_gets_its_own_alias([Values] bool sqliteNet)
    {
        var (db, statements, people, _) = SubqueryRows(sqliteNet);

        var older = db.Table<Person>().Where(p => db.Table<Person>().Any(q => q.Age > p.Age)).OrderBy(p => p.Id).ToList();
        var second = db.Table<Person>().Where(p => db.Table<Person>().Count(q => q.Age > p.Age && q.Id != p.Id) == 1).ToList();

        Assert.That(statements.Distinct().ToList(), Has.Count.EqualTo(2)); // an intercepted run is checked against the run-time path, which runs it again
        Assert.That(statements[0], Does.Contain("EXISTS (SELECT 1 FROM \"people\" AS \"s0\" WHERE (\"s0\".\"Age\" > \"people\".\"Age\"))"));
        Assert.That(older.Select(p => p.Id), Is.EqualTo(people.Where(p => people.Any(q => q.Age > p.Age)).Select(p => p.Id)).And.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(second.Select(p => p.Name), Is.EqualTo(people.Where(p => people.Count(q => q.Age > p.Age && q.Id != p.Id) == 1).Select(p => p.Name)).And.EqualTo(new[] { "Grace" }));
    }

    [Test]
    public void A_self_correlated_subquery_inside_one_reads_each_level_by_its_alias([Values] bool sqliteNet)
    {
        var (db, statements, people, orders) = SubqueryRows(sqliteNet);

        // People with an order bigger than some order of a younger person.
        var rows = db.Table<Person>()
            .Where(p => db.Table<Order>().Any(o => o.CustomerId == p.Id
                && db.Table<Person>().Any(y => y.Age < p.Age && db.Table<Order>().Any(yo => yo.CustomerId == y.Id && yo.Total < o.Total))))
            .OrderBy(p => p.Id)
            .ToList();

        Assert.That(statements, Has.Count.EqualTo(1));
        Assert.That(statements[0], Does.Contain("AS \"s2\""));
        var expected = people.Where(p => orders.Any(o => o.CustomerId == p.Id
            && people.Any(y => y.Age < p.Age && orders.Any(yo => yo.CustomerId == y.Id && yo.Total < o.Total)))).Select(p => p.Id);
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(expected).And.EqualTo(new[] { 1 }));
    }

    [Test]
    public void An_inner_query_with_Take_and_Skip_is_read_as_a_limited_subquery([Values] bool sqliteNet)
    {
        var (db, statements, people, orders) = SubqueryRows(sqliteNet);
        var take = 2;

        var firstTwo = db.Table<Person>().Where(p => db.Table<Order>().OrderBy(o => o.Total).Take(take).Any(o => o.CustomerId == p.Id)).OrderBy(p => p.Id).ToList();
        var skipped = db.Table<Person>()
            .Where(p => db.Table<Order>().OrderByDescending(o => o.Total).Skip(1).Take(2).Where(o => o.Total > 1m).Where(o => o.CustomerId == p.Id).Count() >= 1)
            .OrderBy(p => p.Id)
            .ToList();
        var filteredAfterTake = db.Table<Person>().Where(p => db.Table<Order>().Take(3).Where(o => o.Total > 5m).Any(o => o.CustomerId == p.Id)).ToList();

        Assert.That(statements[0], Does.Contain("EXISTS (SELECT 1 FROM (SELECT ").And.Contain(" FROM \"orders\" AS \"s0\" ORDER BY ").And.Contain(" LIMIT 2) AS \"s0\" WHERE"));
        Assert.That(firstTwo.Select(p => p.Id), Is.EqualTo(people.Where(p => orders.OrderBy(o => o.Total).Take(take).Any(o => o.CustomerId == p.Id)).Select(p => p.Id)).And.EqualTo(new[] { 3 }));
        var expectedSkipped = people.Where(p => orders.OrderByDescending(o => o.Total).Skip(1).Take(2).Where(o => o.Total > 1m).Where(o => o.CustomerId == p.Id).Count() >= 1).Select(p => p.Id);
        Assert.That(skipped.Select(p => p.Id), Is.EqualTo(expectedSkipped).And.EqualTo(new[] { 1, 3 }));
        Assert.That(filteredAfterTake.Select(p => p.Id), Is.EqualTo(people.Where(p => orders.Take(3).Where(o => o.Total > 5m).Any(o => o.CustomerId == p.Id)).Select(p => p.Id)).And.EqualTo(new[] { 1, 3 }));
    }

    [Test]
    public void A_subquery_in_a_Where_after_Take_reads_the_limited_rows([Values] bool sqliteNet)
    {
        var (db, statements, people, orders) = SubqueryRows(sqliteNet);

        var rows = db.Table<Person>().OrderByDescending(p => p.Age).Take(3).Where(p => db.Table<Order>().Any(o => o.CustomerId == p.Id)).ToList();
        var self = db.Table<Person>().OrderBy(p => p.Id).Skip(1).Where(p => !db.Table<Person>().Any(q => q.Age > p.Age)).ToList();

        Assert.That(statements, Has.Count.EqualTo(2));
        Assert.That(statements[0], Does.Contain(") AS \"people\" WHERE EXISTS (SELECT 1 FROM \"orders\" AS \"s0\" WHERE (\"s0\".\"CustomerId\" = \"people\".\"Id\"))"));
        var expected = people.OrderByDescending(p => p.Age).Take(3).Where(p => orders.Any(o => o.CustomerId == p.Id)).Select(p => p.Id);
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(expected).And.EqualTo(new[] { 1 }));
        Assert.That(self.Select(p => p.Id), Is.EqualTo(people.OrderBy(p => p.Id).Skip(1).Where(p => !people.Any(q => q.Age > p.Age)).Select(p => p.Id)).And.EqualTo(new[] { 4 }));
    }

    [Test]
    public void Contains_over_string_and_nullable_keys_correlated_with_the_row_matches_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        // A null region is in a list holding a null (Contains uses Equals); strings compare ordinally.
        var regions = db.Table<JoinCustomer>()
            .Where(c => db.Table<JoinOrder>().Where(o => o.Total > c.Credit).Select(o => o.Region).Contains(c.Region))
            .OrderBy(c => c.Id)
            .ToList();
        var nullableKeys = db.Table<JoinCustomer>()
            .Where(c => !db.Table<JoinOrder>().Where(o => o.Total >= 2m && o.Id > c.Id).Select(o => o.CustomerId).Contains(c.Id))
            .OrderBy(c => c.Id)
            .ToList();

        var expectedRegions = data.Customers.Where(c => data.Orders.Where(o => o.Total > c.Credit).Select(o => o.Region).Contains(c.Region)).Select(c => c.Id);
        Assert.That(regions.Select(c => c.Id), Is.EqualTo(expectedRegions).And.EqualTo(new[] { 1, 2, 4 }));
        var expectedKeys = data.Customers.Where(c => !data.Orders.Where(o => o.Total >= 2m && o.Id > c.Id).Select(o => o.CustomerId).Contains(c.Id)).Select(c => c.Id);
        Assert.That(nullableKeys.Select(c => c.Id), Is.EqualTo(expectedKeys).And.EqualTo(new[] { 4, 5 }));
    }

    [Test]
    public void Contains_over_decimal_and_DateTime_keys_compares_by_value_and_ticks([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        // 1.50m equals 1.5m, 2.000m equals 2m, 7.0m equals 7m; a Local and an Unspecified DateTime equal the Utc one with the same ticks.
        var byCredit = db.Table<JoinCustomer>()
            .Where(c => db.Table<JoinOrder>().Where(o => o.Id >= c.Id).Select(o => o.Total).Contains(c.Credit))
            .OrderBy(c => c.Id)
            .ToList();
        var byDay = db.Table<JoinCustomer>()
            .Where(c => db.Table<JoinOrder>().Where(o => o.Id != c.Id + 10).Select(o => o.Placed).Contains(c.Since))
            .OrderBy(c => c.Id)
            .ToList();

        var expectedCredit = data.Customers.Where(c => data.Orders.Where(o => o.Id >= c.Id).Select(o => o.Total).Contains(c.Credit)).Select(c => c.Id);
        Assert.That(byCredit.Select(c => c.Id), Is.EqualTo(expectedCredit).And.EqualTo(new[] { 1, 2, 3, 5 }));
        var expectedDay = data.Customers.Where(c => data.Orders.Where(o => o.Id != c.Id + 10).Select(o => o.Placed).Contains(c.Since)).Select(c => c.Id);
        Assert.That(byDay.Select(c => c.Id), Is.EqualTo(expectedDay).And.EqualTo(new[] { 1, 2, 3, 4, 5 }));
    }

    [Test]
    public void Contains_over_an_uncorrelated_string_key_is_one_statement_and_another_connections_query_runs_first([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var statements = new List<string>();
        var db = Open(tweak: o =>
        {
            o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb;
            o.OnStatement = s => statements.Add(s.Sql);
        });
        var other = Open(tweak: o => o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb);
        statements.Clear();

        var sameConnection = db.Table<JoinCustomer>().Where(c => db.Table<JoinOrder>().Where(o => o.Total > 4m).Select(o => o.Region).Contains(c.Region)).OrderBy(c => c.Id).ToList();
        var sameCount = statements.Distinct().Count(); // an intercepted run is checked against the run-time path, which runs it again
        var otherConnection = db.Table<JoinCustomer>().Where(c => other.Table<JoinOrder>().Where(o => o.Total > 4m).Select(o => o.Region).Contains(c.Region)).OrderBy(c => c.Id).ToList();

        var expected = data.Customers.Where(c => data.Orders.Where(o => o.Total > 4m).Select(o => o.Region).Contains(c.Region)).Select(c => c.Id);
        Assert.That(sameCount, Is.EqualTo(1));
        Assert.That(statements[0], Does.Contain("EXISTS (SELECT 1 FROM \"join_orders\" AS \"s0\""));
        Assert.That(sameConnection.Select(c => c.Id), Is.EqualTo(expected).And.EqualTo(new[] { 1, 2, 3, 4 }));
        Assert.That(otherConnection.Select(c => c.Id), Is.EqualTo(expected));
    }

    [Test]
    public void Contains_over_a_Guid_key_in_a_correlated_subquery_matches_linq([Values] bool sqliteNet)
    {
        var db = Open(tweak: o => o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb);
        db.CreateTable<Membership>();
        var ann = Guid.Parse("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        var bob = Guid.Parse("00000000-0000-0000-0000-000000000002");
        var cid = Guid.Parse("ffffffff-0000-0000-0000-000000000003");
        db.InsertAll(new[]
        {
            new Membership { GroupName = "admins", UserId = ann, Role = "owner" },
            new Membership { GroupName = "users", UserId = ann },
            new Membership { GroupName = "users", UserId = bob, Role = "owner" },
            new Membership { GroupName = "guests", UserId = cid },
        });
        var rows = db.Table<Membership>().ToList();
        var owner = bob;

        // Members of more than one group; groups with the owner Bob among their members.
        var several = db.Table<Membership>().Where(m => db.Table<Membership>().Where(x => x.GroupName != m.GroupName).Select(x => x.UserId).Contains(m.UserId)).ToList();
        var withBob = db.Table<Membership>().Where(m => db.Table<Membership>().Where(x => x.GroupName == m.GroupName).Select(x => x.UserId).Contains(owner)).ToList();

        var expectedSeveral = rows.Where(m => rows.Where(x => x.GroupName != m.GroupName).Select(x => x.UserId).Contains(m.UserId)).Select(m => (m.GroupName, m.UserId));
        Assert.That(several.Select(m => (m.GroupName, m.UserId)), Is.EquivalentTo(expectedSeveral).And.EquivalentTo(new[] { ("admins", ann), ("users", ann) }));
        var expectedWithBob = rows.Where(m => rows.Where(x => x.GroupName == m.GroupName).Select(x => x.UserId).Contains(owner)).Select(m => (m.GroupName, m.UserId));
        Assert.That(withBob.Select(m => (m.GroupName, m.UserId)), Is.EquivalentTo(expectedWithBob).And.EquivalentTo(new[] { ("users", ann), ("users", bob) }));
    }

    [Test]
    public void A_subquery_in_a_joins_Where_reads_the_joined_row([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var rows = db.Table<JoinOrder>()
            .Join(db.Table<JoinCustomer>(), o => o.CustomerId, c => (int?)c.Id, (o, c) => new { OrderId = o.Id, c.Name, o.Total })
            .Where(x => db.Table<JoinLine>().Any(l => l.OrderId == x.OrderId && l.Quantity > 1))
            .OrderBy(x => x.OrderId)
            .ToList();

        var expected = data.Orders.Join(data.Customers, o => o.CustomerId, c => (int?)c.Id, (o, c) => new { OrderId = o.Id, c.Name, o.Total })
            .Where(x => data.Lines.Any(l => l.OrderId == x.OrderId && l.Quantity > 1))
            .OrderBy(x => x.OrderId)
            .ToList();
        Assert.That(rows, Is.EqualTo(expected));
        Assert.That(rows.Select(x => x.OrderId), Is.EqualTo(new[] { 1, 2, 6 }));
    }

    [Test]
    public void A_subquery_in_a_grouped_querys_having_reads_the_group_key([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var rows = db.Table<JoinLine>()
            .Where(l => db.Table<JoinOrder>().Any(o => o.Id == l.OrderId))
            .GroupBy(l => l.OrderId)
            .Where(g => db.Table<JoinOrder>().Any(o => o.Id == g.Key && o.Total > 1m))
            .Select(g => new { g.Key, Count = g.Count() })
            .ToList();

        var expected = data.Lines
            .Where(l => data.Orders.Any(o => o.Id == l.OrderId))
            .GroupBy(l => l.OrderId)
            .Where(g => data.Orders.Any(o => o.Id == g.Key && o.Total > 1m))
            .Select(g => new { g.Key, Count = g.Count() })
            .ToList();
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Select(x => x.Key), Is.EquivalentTo(new[] { 1, 2, 6 }));
    }

    [Test]
    public void A_subquery_in_a_grouped_result_is_read_like_an_aggregate([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        var rows = db.Table<JoinLine>()
            .GroupBy(l => l.OrderId)
            .Select(g => new { g.Key, Count = g.Count(), Orders = db.Table<JoinOrder>().Count(o => o.Id == g.Key), Big = db.Table<JoinOrder>().Any(o => o.Id == g.Key && o.Total > 5m) })
            .ToList();

        var expected = data.Lines
            .GroupBy(l => l.OrderId)
            .Select(g => new { g.Key, Count = g.Count(), Orders = data.Orders.Count(o => o.Id == g.Key), Big = data.Orders.Any(o => o.Id == g.Key && o.Total > 5m) })
            .ToList();
        Assert.That(rows, Is.EquivalentTo(expected));
        Assert.That(rows.Where(x => x.Big).Select(x => x.Key), Is.EquivalentTo(new[] { 2, 6 }));
    }

    [Test]
    public void A_subquery_in_a_group_key_groups_as_linq([Values] bool sqliteNet)
    {
        var data = OpenJoinData(sqliteNet);
        var db = data.Db;

        // The key alone: orders grouped by how many lines they have.
        var byLines = db.Table<JoinOrder>().GroupBy(o => db.Table<JoinLine>().Count(l => l.OrderId == o.Id))
            .Select(g => new { Lines = g.Key, Orders = g.Count(), Total = g.Sum(x => x.Total) }).ToList();
        var expected = data.Orders.GroupBy(o => data.Lines.Count(l => l.OrderId == o.Id))
            .Select(g => new { Lines = g.Key, Orders = g.Count(), Total = g.Sum(x => x.Total) }).ToList();
        Assert.That(byLines, Is.EquivalentTo(expected));
        Assert.That(expected, Has.Count.GreaterThan(1));

        // Part of a composite key, with a condition on it (HAVING) and an ordering by it.
        var composite = db.Table<JoinOrder>()
            .GroupBy(o => new { o.Region, Sold = db.Table<JoinLine>().Any(l => l.OrderId == o.Id) })
            .Where(g => !g.Key.Sold || g.Count() > 0)
            .OrderBy(g => g.Key.Sold).ThenBy(g => g.Key.Region)
            .Select(g => new { g.Key.Region, g.Key.Sold, N = g.Count() }).ToList();
        var compositeLinq = data.Orders
            .GroupBy(o => new { o.Region, Sold = data.Lines.Any(l => l.OrderId == o.Id) })
            .Where(g => !g.Key.Sold || g.Count() > 0)
            .OrderBy(g => g.Key.Sold).ThenBy(g => g.Key.Region, StringComparer.Ordinal)
            .Select(g => new { g.Key.Region, g.Key.Sold, N = g.Count() }).ToList();
        Assert.That(composite, Is.EqualTo(compositeLinq));

        // A sub-query on another connection still throws, naming both databases.
        var other = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "other-group-key.db"));
        other.CreateTable<JoinLine>();
        var elsewhere = Assert.Throws<NotSupportedException>(() => db.Table<JoinOrder>().GroupBy(o => other.Table<JoinLine>().Count(l => l.OrderId == o.Id)).Select(g => g.Count()).ToList());
        Assert.That(elsewhere!.Message, Does.Contain("another connection"));
    }
}
