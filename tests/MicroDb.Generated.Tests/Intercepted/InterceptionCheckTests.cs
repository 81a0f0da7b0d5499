using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The check the conformance runner turns on (<see cref="InterceptionCheck"/>): an intercepted run that agrees with the
/// run-time front end is counted, and one whose SQL, bound values or rows differ fails with both SQL texts named.
/// </summary>
[TestFixture("microdb")]
[TestFixture("sqlite-net")]
public class InterceptionCheckTests
{
    private readonly string _format;
    private readonly List<ExecutedStatement> _seen = [];
    private MicroDbConnection _db = null!;

    public InterceptionCheckTests(string format) => _format = format;

    [SetUp]
    public void Open()
    {
        _db = new MicroDbConnection(new MicroDbOptions(":memory:")
        {
            Storage = _format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet(),
            OnStatement = _seen.Add,
        });
        _db.CreateTable<Person>();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36 },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Di", Age = 17 },
        });
        _seen.Clear();
        InterceptionCheck.Enabled = true;
    }

    [TearDown]
    public void Close()
    {
        InterceptionCheck.Enabled = false;
        _db.Dispose();
    }

    [Test]
    public void Agreeing_intercepted_run_is_counted_and_also_runs_on_the_run_time_path()
    {
        var age = 17;
        var before = InterceptionCheck.Runs;

        var rows = _db.Table<Person>().Where(x => x.Age == age).OrderBy(x => x.Name).ToList();
        var count = _db.Table<Person>().Where(x => x.Age == age).Count();
        var first = _db.Table<Person>().Where(x => x.Age == age).OrderBy(x => x.Name).First();

        Assert.That(rows.Select(p => p.Name), Is.EqualTo(new[] { "Bob", "Di" }));
        Assert.That(count, Is.EqualTo(2));
        Assert.That(first.Name, Is.EqualTo("Bob"));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3));
        Assert.That(_seen.Select(s => s.Source), Is.EqualTo(new[]
        {
            StatementSource.Intercepted, StatementSource.Linq,
            StatementSource.Intercepted, StatementSource.Linq,
            StatementSource.Intercepted, StatementSource.Linq,
        }));
    }

    [Test]
    public void Different_sql_fails_naming_both_texts()
    {
        var query = _db.Table<Person>();
        var runTimeSql = query.ToSqlString();
        var otherSql = runTimeSql + " LIMIT 1";

        var error = Assert.Throws<InterceptionMismatchException>(() => QueryInterception.ToList(query, new InterceptedSite(otherSql)));

        Assert.That(error!.Message, Does.Contain("the SQL differs").And.Contain(otherSql).And.Contain("run-time SQL: " + runTimeSql));
    }

    [Test]
    public void Different_bound_value_fails_naming_both_values()
    {
        var age = 17;
        var older = 36;
        var query = QueryInterception.Where(_db.Table<Person>(), x => x.Age == age || x.Age == older);
        var sql = query.ToSqlString();

        // The site reads the two values in the wrong order.
        var site = new InterceptedSite(sql).Value(0, "RR", "Age", typeof(int)).Value(0, "LR", "Age", typeof(int));
        var error = Assert.Throws<InterceptionMismatchException>(() => QueryInterception.ToList(query, site));

        Assert.That(error!.Message, Does.Contain("value 0 is 36 (Int32) from the interceptor, 17 (Int32) from the run-time path").And.Contain(sql));
    }

    [Test]
    public void Different_rows_fail_naming_the_column()
    {
        var map = _db.Table<Person>().Map;
        var ada = _db.Table<Person>().ToList()[0];
        var renamed = new Person { Id = ada.Id, Name = "Eve", Age = ada.Age, Created = ada.Created };

        var error = Assert.Throws<InterceptionMismatchException>(() => InterceptionCheck.Rows("ToList", "SELECT 1", map, [ada], [renamed]));

        Assert.That(error!.Message, Does.Contain("row 0, column 'Name': 'Ada' (string) from the interceptor, 'Eve' (string) from the run-time path"));
    }

    [Test]
    public void A_joins_rows_used_whole_are_compared_column_by_column()
    {
        var map = _db.Table<Person>().Map;
        var ada = _db.Table<Person>().ToList()[0];
        var same = new Person { Id = ada.Id, Name = ada.Name, Age = ada.Age, Created = ada.Created };
        var renamed = new Person { Id = ada.Id, Name = "Eve", Age = ada.Age, Created = ada.Created };
        var row = System.Linq.Expressions.Expression.Parameter(typeof(Person), "p");
        // The run time's result for the rows before a RightJoin used whole: p == null ? null : new { p, p.Name }.
        var pair = new { P = ada, ada.Name };
        var build = System.Linq.Expressions.Expression.New(pair.GetType().GetConstructors()[0], [row, System.Linq.Expressions.Expression.Property(row, nameof(Person.Name))],
            pair.GetType().GetProperty("P")!, pair.GetType().GetProperty("Name")!);
        var selector = System.Linq.Expressions.Expression.Condition(System.Linq.Expressions.Expression.Equal(row, System.Linq.Expressions.Expression.Constant(null, typeof(Person))),
            System.Linq.Expressions.Expression.Constant(null, pair.GetType()), build);
        var before = InterceptionCheck.Runs;

        InterceptionCheck.JoinProjected("Join.ToList", "SELECT 1", selector, [map], [pair], [new { P = same, same.Name }]);
        var error = Assert.Throws<InterceptionMismatchException>(() => InterceptionCheck.JoinProjected("Join.ToList", "SELECT 1", selector, [map], [pair], [new { P = renamed, ada.Name }]));
        var missing = Assert.Throws<InterceptionMismatchException>(() => InterceptionCheck.JoinProjected("Join.ToList", "SELECT 1", selector, [map], [pair], [null]));

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "equal columns in another entity object agree");
        Assert.That(error!.Message, Does.Contain("row 0, member 'P', column 'Name': 'Ada' (string) from the interceptor, 'Eve' (string) from the run-time path"));
        Assert.That(missing!.Message, Does.Contain("row 0: { P = "));
    }

    [Test]
    public void Different_row_count_fails()
    {
        var map = _db.Table<Person>().Map;
        var rows = _db.Table<Person>().ToList();

        var error = Assert.Throws<InterceptionMismatchException>(() => InterceptionCheck.Rows("ToList", "SELECT 1", map, rows, rows.Take(1).ToList()));

        Assert.That(error!.Message, Does.Contain("3 row(s) from the interceptor, 1 from the run-time path"));
    }

    [Test]
    public void Check_is_off_unless_a_runner_turns_it_on()
    {
        InterceptionCheck.Enabled = false;
        var query = _db.Table<Person>();
        var before = InterceptionCheck.Runs;

        var rows = QueryInterception.ToList(query, new InterceptedSite(query.ToSqlString() + " LIMIT 1"));

        Assert.That(rows, Has.Count.EqualTo(1));
        Assert.That(InterceptionCheck.Runs, Is.EqualTo(before));
    }
}
