using MicroDb.Conformance.Models;
using MicroDb.Query;
using SQLitePCL;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// An intercepted join whose result reads plain members reads the selected columns straight into the result (issue 22's
/// join target): per query it allocates what a hand-written SQLitePCLRaw reader of the same SQL allocates (the list, one
/// result object and the strings per row) plus a fixed amount for the query itself (its expression trees and operator
/// objects), and nothing more per row: no entity per joined table, no row array, no boxing. Measured with the thread's
/// allocation counter over many runs, on the generated mapping path, interception check off.
/// </summary>
public class InterceptedJoinAllocationTests
{
    private const int Rounds = 40;
    private const string Sql = "SELECT \"t0\".\"Id\", \"t0\".\"Region\", \"t1\".\"Id\", \"t1\".\"Name\" FROM \"join_orders\" AS \"t0\" INNER JOIN \"join_customers\" AS \"t1\" ON ((\"t0\".\"CustomerId\" IS \"t1\".\"Id\") AND (\"t0\".\"CustomerId\" IS NOT NULL)) WHERE (\"t0\".\"Id\" <= ?)";
    private MicroDbConnection _db = null!;
    private StatementSource _source;
    private string? _sql;

    [SetUp]
    public void Open()
    {
        // The check would run every query on the run-time path too; the bytes measured are the intercepted path's alone.
        InterceptionCheck.Enabled = false;
        _db = InterceptedFixture.Open("generated", "microdb", s => (_source, _sql) = (s.Source, s.Sql));
        _db.CreateTable<JoinCustomer>();
        _db.CreateTable<JoinOrder>();
        _db.InsertAll(Enumerable.Range(1, 100).Select(i => new JoinCustomer { Name = "customer " + i, Region = "r" + (i % 7) }));
        _db.InsertAll(Enumerable.Range(1, 2000).Select(i => new JoinOrder { CustomerId = 1 + (i % 100), Region = "order region " + i, Total = i }));
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Intercepted_join_allocates_only_the_results_beyond_a_fixed_cost_per_query()
    {
        var rows = Join(1000);
        Assert.That(_source, Is.EqualTo(StatementSource.Intercepted), "the join runs on the build-time path");
        Assert.That(_sql, Is.EqualTo(Sql));
        Assert.That(rows.ConvertAll(r => new Row(r.Id, r.Region, r.Customer, r.Name)), Is.EqualTo(HandWritten(1000)), "the hand-written reader reads the same rows");
        Assert.That(rows, Has.Count.EqualTo(1000));

        var small = PerQuery(() => JoinCount(500));
        var large = PerQuery(() => JoinCount(1000));
        var handSmall = PerQuery(() => HandWritten(500).Count);
        var handLarge = PerQuery(() => HandWritten(1000).Count);
        var perRow = (large - small) / 500;
        var handPerRow = (handLarge - handSmall) / 500;

        TestContext.Out.WriteLine($"intercepted join: {small:0} B for 500 rows, {large:0} B for 1,000 ({perRow:0.##} B per extra row); hand-written: {handSmall:0} B, {handLarge:0} B ({handPerRow:0.##} B per extra row)");
        Assert.That(perRow, Is.LessThanOrEqualTo(handPerRow + 1), "bytes per row beyond the hand-written reader's (its result object and strings)");
        // The fixed part (about 8.6 KB when written, 4.2 KB since the join's operator calls are intercepted too): the
        // compiler's expression trees of the four lambdas, the stand-in operators, the bound value and the statement
        // report; it does not grow with the rows.
        Assert.That(large - handLarge, Is.LessThan(6 * 1024), "the query's fixed cost beyond the hand-written reader");
    }

    [Test]
    public void Intercepted_join_operators_cost_little_beyond_the_expression_trees_the_compiler_builds()
    {
        var trees = PerQuery(() => Trees(1));
        var one = PerQuery(() => JoinCount(1));
        var thousand = PerQuery(() => JoinCount(1000));
        Assert.That(_source, Is.EqualTo(StatementSource.Intercepted), "the join runs on the build-time path");

        TestContext.Out.WriteLine($"intercepted join: {one:0} B for 1 row, {thousand:0} B for 1,000 rows; the caller's expression trees alone: {trees:0} B");
        // What is left beside the trees (about 0.8 KB; 5.2 KB when the run-time operators ran at each call): the three
        // table queries, the stand-ins and their lambdas' closures, the bound value, the list, the row and the report.
        // The operators translate nothing, substitute no row and build no ON condition.
        Assert.That(one - trees, Is.LessThan(1536), "bytes of a 1-row intercepted join beyond its expression trees");
    }

    [Test]
    public void Left_join_with_a_null_test_allocates_only_the_results_beyond_a_fixed_cost_per_query()
    {
        _db.InsertAll(Enumerable.Range(1, 500).Select(i => new JoinOrder { CustomerId = 1000 + i, Region = "unmatched " + i }));
        var rows = LeftJoin(2500);
        Assert.That(_source, Is.EqualTo(StatementSource.Intercepted), "the left join runs on the build-time path");
        Assert.That(rows.Count(r => r.Name is null), Is.EqualTo(500), "unmatched orders keep a null name");

        var small = PerQuery(() => LeftJoinCount(1250));
        var large = PerQuery(() => LeftJoinCount(2500));
        var perRow = (large - small) / 1250;
        var matchedPerRow = (PerQuery(() => JoinCount(1000)) - PerQuery(() => JoinCount(500))) / 500;

        TestContext.Out.WriteLine($"intercepted left join: {small:0} B for 1,250 rows, {large:0} B for 2,500 ({perRow:0.##} B per extra row)");
        // Each row is one result object and its strings (an unmatched row has one string fewer): no entity, no row array.
        Assert.That(perRow, Is.LessThanOrEqualTo(matchedPerRow + 1), "bytes per row of the left join beyond the inner join's");
    }

    // The joins as an app writes them: the interceptor replaces each call site's ToList.
    private List<(int Id, string? Region, int Customer, string Name)> Join(int last) =>
        [.. _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .ToList()
            .Select(r => (r.Id, r.Region, r.Customer, r.Name))];

    private int JoinCount(int last) =>
        _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .Join(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name })
            .ToList().Count;

    private List<(int Id, string? Region, string? Name)> LeftJoin(int last) =>
        [.. _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Name = c == null ? null : c.Name })
            .ToList()
            .Select(r => (r.Id, r.Region, r.Name))];

    private int LeftJoinCount(int last) =>
        _db.Table<JoinOrder>().Where(o => o.Id <= last)
            .LeftJoin(_db.Table<JoinCustomer>(), o => o.CustomerId, c => c.Id, (o, c) => new { o.Id, o.Region, Name = c == null ? null : c.Name })
            .ToList().Count;

    /// <summary>The expression trees the compiler builds for <see cref="JoinCount"/>'s four lambdas, and nothing else.</summary>
    private static int Trees(int last)
    {
        System.Linq.Expressions.Expression<Func<JoinOrder, bool>> where = o => o.Id <= last;
        System.Linq.Expressions.Expression<Func<JoinOrder, int?>> outer = o => o.CustomerId;
        System.Linq.Expressions.Expression<Func<JoinCustomer, int?>> inner = c => c.Id;
        System.Linq.Expressions.Expression<Func<JoinOrder, JoinCustomer, object>> result = (o, c) => new { o.Id, o.Region, Customer = c.Id, c.Name };
        return where.Parameters.Count + outer.Parameters.Count + inner.Parameters.Count + result.Parameters.Count;
    }

    /// <summary>The same SQL, prepared once per call and read with one native call per column into one object per row.</summary>
    private List<Row> HandWritten(int last)
    {
        Assert.That(raw.sqlite3_prepare_v2(_db.Handle, Sql, out var statement), Is.EqualTo(raw.SQLITE_OK));
        try
        {
            raw.sqlite3_bind_int(statement, 1, last);
            var rows = new List<Row>();
            while (raw.sqlite3_step(statement) == raw.SQLITE_ROW)
            {
                rows.Add(new Row(raw.sqlite3_column_int(statement, 0), raw.sqlite3_column_text(statement, 1).utf8_to_string(),
                    raw.sqlite3_column_int(statement, 2), raw.sqlite3_column_text(statement, 3).utf8_to_string()));
            }

            return rows;
        }
        finally
        {
            statement.Dispose();
        }
    }

    private static double PerQuery(Func<int> query)
    {
        for (var i = 0; i < 5; i++)
        {
            query();
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Rounds; i++)
        {
            query();
        }

        return (double)(GC.GetAllocatedBytesForCurrentThread() - before) / Rounds;
    }

    /// <summary>The hand-written reader's row: the anonymous result's members, in one object.</summary>
    private sealed record Row(int Id, string? Region, int Customer, string? Name);
}
