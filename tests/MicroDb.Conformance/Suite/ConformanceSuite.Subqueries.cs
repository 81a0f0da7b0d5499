using MicroDb.Conformance.Models;
using MicroDb.Conformance.Portable;

namespace MicroDb.Conformance;

// Sub-queries over another table inside Where (issue 22, part 3): Any, All, Count and Select(...).Contains over
// db.Table<X>() become EXISTS, NOT EXISTS, a scalar sub-query and IN (SELECT ...) of one statement. Each result is
// compared with LINQ-to-Objects over the same rows, in both storage formats (and, through the two suites, both
// mapping paths). The bodies PostgreSQL runs too are the portable suite's (Portable/PortableSuite.Subqueries.cs); here
// they run under both storage formats and SQLite's SQL text is checked.
public abstract partial class ConformanceSuite
{
    private (MicroDbConnection Db, List<string> Statements) SubqueryDb(bool sqliteNet)
    {
        var statements = new List<string>();
        var db = Open(tweak: o =>
        {
            o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb;
            o.OnStatement = s => statements.Add(s.Sql);
        });
        return (db, statements);
    }

    private (MicroDbConnection Db, List<string> Statements, List<Person> People, List<Order> Orders) SubqueryRows(bool sqliteNet)
    {
        var statements = new List<string>();
        var db = Open(tweak: o =>
        {
            o.Storage = sqliteNet ? StorageFormat.SqliteNet() : StorageFormat.MicroDb;
            o.OnStatement = s => statements.Add(s.Sql);
        });
        db.CreateTable<Person>();
        db.CreateTable<Order>();
        db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@x" },
            new Person { Name = "Grace", Age = 45, Email = null },
            new Person { Name = "Linus", Age = 28, Email = "linus@x" },
            new Person { Name = "Edsger", Age = 50, Email = null },
        });
        db.InsertAll(new[]
        {
            new Order { CustomerId = 1, Total = 10.5m },
            new Order { CustomerId = 3, Total = 2m },
            new Order { CustomerId = 3, Total = 30m },
            new Order { CustomerId = 3, Total = 31.25m },
            new Order { CustomerId = 9, Total = 1m },
        });
        var people = db.Table<Person>().ToList();
        var orders = db.Table<Order>().ToList();
        statements.Clear();
        return (db, statements, people, orders);
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Any_over_another_table_in_Where_is_one_EXISTS_statement(bool sqliteNet)
    {
        var (db, statements) = SubqueryDb(sqliteNet);

        PortableSuite.AnySubquery(new SqlitePortableDb(db, null));

        Assert.That(statements, Has.Some.Contains("WHERE EXISTS (SELECT 1 FROM \"orders\" AS \"s0\" WHERE (\"s0\".\"CustomerId\" = \"people\".\"Id\"))"));
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Any_without_a_condition_after_a_correlated_Where_and_the_inner_querys_own_captured_Where(bool sqliteNet)
    {
        var (db, statements) = SubqueryDb(sqliteNet);

        PortableSuite.AnyAfterCorrelatedWhere(new SqlitePortableDb(db, null));

        Assert.That(statements, Has.Some.Contains("NOT EXISTS (SELECT 1 FROM \"orders\" AS \"s0\" WHERE"));
    }

    [TestCase(false)]
    [TestCase(true)]
    public void All_over_another_table_is_NOT_EXISTS_and_treats_null_as_LINQ_does(bool sqliteNet)
    {
        var (db, statements) = SubqueryDb(sqliteNet);

        PortableSuite.AllSubquery(new SqlitePortableDb(db, null));

        Assert.That(statements, Has.Some.Contains("NOT EXISTS (SELECT 1 FROM \"people\" AS \"s0\""));
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Count_over_another_table_compared_with_a_number_is_a_scalar_subquery(bool sqliteNet)
    {
        var (db, statements) = SubqueryDb(sqliteNet);

        PortableSuite.CountSubquery(new SqlitePortableDb(db, null));

        Assert.That(statements, Has.Some.Contains("(SELECT count(*) FROM \"orders\" AS \"s0\" WHERE"));
    }

    [TestCase(false)]
    [TestCase(true)]
    public void Contains_over_another_tables_Select_is_IN_SELECT_in_one_statement(bool sqliteNet)
    {
        var (db, statements) = SubqueryDb(sqliteNet);

        PortableSuite.ContainsSubquery(new SqlitePortableDb(db, null));

        Assert.That(statements, Has.Some.Contains("\"Id\" IN (SELECT \"s0\".\"CustomerId\" FROM \"orders\" AS \"s0\")"));
    }

    [Test]
    public void A_subquery_inside_a_subquery_reads_both_outer_rows()
    {
        var (db, statements, people, orders) = SubqueryRows(sqliteNet: false);
        db.CreateTable<Product>();
        db.InsertAll(new[] { new Product { Label = "a" }, new Product { Label = "b" }, new Product { Label = null } });
        var products = db.Table<Product>().ToList();
        statements.Clear();

        // People with an order whose id is also a product id labelled other than "b" (null counts, as in C#).
        var rows = db.Table<Person>()
            .Where(p => db.Table<Order>().Any(o => o.CustomerId == p.Id && db.Table<Product>().Any(x => x.Id == o.Id && x.Label != "b")))
            .OrderBy(p => p.Id)
            .ToList();

        // One statement (the generated runner intercepts the nested sub-query now, and its check runs the same text a
        // second time on the run-time path).
        Assert.That(statements.Distinct().ToList(), Has.Count.EqualTo(1));
        Assert.That(statements[0], Does.Contain("AS \"s1\""));
        var expected = people.Where(p => orders.Any(o => o.CustomerId == p.Id && products.Any(x => x.Id == o.Id && x.Label != "b"))).Select(p => p.Id);
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(expected));
        Assert.That(rows.Select(p => p.Id), Is.EqualTo(new[] { 1, 3 }));
    }

    [Test]
    public void The_same_subquery_shape_run_twice_with_other_captured_values_returns_each_runs_rows()
    {
        var (db, _, people, orders) = SubqueryRows(sqliteNet: false);

        List<int> Run(decimal min, int atLeast) => db.Table<Person>()
            .Where(p => db.Table<Order>().Where(o => o.Total > min).Count(o => o.CustomerId == p.Id) >= atLeast)
            .OrderBy(p => p.Id)
            .Select(p => p.Id)
            .ToList();

        List<int> Expected(decimal min, int atLeast) =>
            people.Where(p => orders.Where(o => o.Total > min).Count(o => o.CustomerId == p.Id) >= atLeast).Select(p => p.Id).ToList();

        Assert.That(Run(0m, 1), Is.EqualTo(Expected(0m, 1)).And.EqualTo(new[] { 1, 3 }));
        Assert.That(Run(20m, 1), Is.EqualTo(Expected(20m, 1)).And.EqualTo(new[] { 3 }));
        Assert.That(Run(0m, 3), Is.EqualTo(Expected(0m, 3)).And.EqualTo(new[] { 3 }));
        Assert.That(Run(100m, 1), Is.Empty);
    }

    [Test]
    public void A_subquery_on_another_connection_throws_NotSupported_naming_it()
    {
        var (db, _, _, _) = SubqueryRows(sqliteNet: false);
        var other = Open(Path.Combine(Path.GetDirectoryName(DatabasePath)!, "other.db"));
        other.CreateTable<Order>();

        var error = Assert.Throws<NotSupportedException>(() => db.Table<Person>().Where(p => other.Table<Order>().Any(o => o.CustomerId == p.Id)).ToList());

        Assert.That(error!.Message, Does.Contain("another connection").And.Contain("other.db"));
    }

    [Test]
    public void Subquery_forms_without_a_translation_still_throw_NotSupported_naming_them()
    {
        var (db, _, _, _) = SubqueryRows(sqliteNet: false);
        var people = db.Table<Person>();

        // A Take after a Where that reads the row limits each row's own inner rows: no single inner query to nest.
        var rowBeforeTake = Assert.Throws<NotSupportedException>(() => people.Where(p => db.Table<Order>().Where(o => o.CustomerId == p.Id).Take(1).Any()).ToList());
        var notAQuery = Assert.Throws<NotSupportedException>(() => people.Where(p => db.Table<Order>().ToList().Any(o => o.CustomerId == p.Id)).ToList());

        Assert.That(rowBeforeTake!.Message, Does.Contain("does not depend on the row"));
        Assert.That(notAQuery!.Message, Does.Contain("ToList"));
    }
}
