using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Inline ExecuteDelete and ExecuteUpdate chains are intercepted: they run the UPDATE/DELETE the generator wrote, which
/// the interception check compares (text, values, affected count, the table's rows afterwards) with the run-time path's,
/// and change the rows a LINQ-to-Objects model changes, on both mapping paths and under both storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSetBasedTests : InterceptedTestBase
{
    private static readonly DateTime Day = new(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);

    private List<Person> _people = null!;

    public InterceptedSetBasedTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<Person>();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@example.com", Created = Day },
            new Person { Name = "Bob", Age = 17, Created = Day },
            new Person { Name = "Cy", Age = 52, Email = "cy@example.com", Created = Day },
            new Person { Name = "Di", Age = 17, Created = Day },
        });
        _people = _db.Table<Person>().ToList();
    }

    private static List<(int, string, int, string?, DateTime)> Rows(IEnumerable<Person> people) =>
        [.. people.OrderBy(p => p.Id).Select(p => (p.Id, p.Name, p.Age, p.Email, p.Created))];

    private List<(int, string, int, string?, DateTime)> Stored() => Rows(_db.Query<Person>("SELECT * FROM people"));

    private ExecutedStatement InterceptedWrite(string verb) =>
        _seen.Single(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith(verb, StringComparison.Ordinal));

    [Test]
    public void ExecuteDelete_is_intercepted_and_deletes_the_rows_LINQ_selects()
    {
        var before = InterceptionCheck.Runs;
        var limit = 40;

        var deleted = _db.Table<Person>().Where(x => x.Age < limit && x.Name != "Di").ExecuteDelete();

        var kept = _people.Where(x => !(x.Age < limit && x.Name != "Di")).ToList();
        Assert.That(deleted, Is.EqualTo(_people.Count - kept.Count));
        Assert.That(Stored(), Is.EqualTo(Rows(kept)));
        Assert.That(InterceptedWrite("DELETE").Sql, Is.EqualTo("DELETE FROM \"people\" WHERE ((\"Age\" < ?) AND (\"Name\" IS NOT ?))"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the delete with the run-time path's.");
    }

    [Test]
    public void ExecuteDelete_without_a_filter_deletes_every_row()
    {
        Assert.That(_db.Table<Person>().ExecuteDelete(), Is.EqualTo(4));
        Assert.That(InterceptedWrite("DELETE").Sql, Is.EqualTo("DELETE FROM \"people\""));
        Assert.That(_db.Table<Person>().Count(), Is.Zero);
    }

    [Test]
    public void ExecuteUpdate_sets_values_and_row_arithmetic_like_LINQ()
    {
        var before = InterceptionCheck.Runs;
        var min = 17;
        var step = 3;
        var when = Day.AddDays(2);

        var changed = _db.Table<Person>().Where(x => x.Age > min)
            .ExecuteUpdate(s => s.Set(x => x.Age, x => x.Age * 2 + step).Set(x => x.Created, when).Set(x => x.Email, (string?)null));

        var expected = _people.Select(p => p.Age > min
            ? new Person { Id = p.Id, Name = p.Name, Age = p.Age * 2 + step, Email = null, Created = when }
            : p).ToList();
        Assert.That(changed, Is.EqualTo(_people.Count(p => p.Age > min)));
        Assert.That(Stored(), Is.EqualTo(Rows(expected)));
        Assert.That(
            InterceptedWrite("UPDATE").Sql,
            Is.EqualTo("UPDATE \"people\" SET \"Age\" = ((\"Age\" * ?) + ?), \"Created\" = ?, \"Email\" = ? WHERE (\"Age\" > ?)"),
            Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1));
    }

    [Test]
    public void ExecuteUpdate_computes_decimal_double_and_long_like_the_run_time_path()
    {
        _db.CreateTable<AllTypes>();
        var prices = new[] { 10.5m, 1.25m, 100m, -3.75m };
        _db.InsertAll(prices.Select((p, i) => new AllTypes { Decimal = p, Double = i * 1.5, Int64 = 1L << 40, Int32 = i, Text = "t" }));
        _seen.Clear();
        var factor = 1.1m;
        var before = InterceptionCheck.Runs;

        var changed = _db.Table<AllTypes>().Where(x => x.Int32 > 0)
            .ExecuteUpdate(s => s.Set(x => x.Decimal, x => x.Decimal * factor).Set(x => x.Double, x => x.Double / 2).Set(x => x.Int64, x => x.Int64 - 1));

        Assert.That(changed, Is.EqualTo(3));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
        var rows = _db.Table<AllTypes>().ToList().OrderBy(r => r.Id).ToList();
        Assert.That(rows.Select(r => r.Decimal), Is.EqualTo(new[] { 10.5m, 1.375m, 110m, -4.125m }));
        Assert.That(rows.Select(r => r.Double), Is.EqualTo(new[] { 0, 0.75, 1.5, 2.25 }));
        Assert.That(rows.Select(r => r.Int64), Is.EqualTo(new[] { 1L << 40, (1L << 40) - 1, (1L << 40) - 1, (1L << 40) - 1 }));
        var sql = InterceptedWrite("UPDATE").Sql;
        Assert.That(sql, _format == "microdb" ? Does.Contain("\"Decimal\" = (SELECT CASE WHEN") : Does.StartWith("UPDATE \"AllTypes\" SET \"Decimal\" = (CAST(\"Decimal\" AS REAL) * ?), "), Seen);
    }

    [Test]
    public void Setters_with_conversions_are_intercepted_and_compute_what_LINQ_computes()
    {
        _db.CreateTable<AllTypes>();
        _db.InsertAll(new[] { 2.75, -1.5, 7.0 }.Select((d, i) => new AllTypes { Double = d, Int64 = 100 + i, Int32 = i + 2, Text = "t" }));
        var stored = _db.Table<AllTypes>().ToList().OrderBy(r => r.Id).ToList();
        _seen.Clear();
        var before = InterceptionCheck.Runs;

        var changed = _db.Table<AllTypes>()
            .ExecuteUpdate(s => s.Set(x => x.Int64, x => x.Int64 - x.Int32).Set(x => x.Double, x => x.Double * x.Int32).Set(x => x.Int32, x => (int)x.Double));

        Assert.That(changed, Is.EqualTo(3));
        Assert.That(InterceptedWrite("UPDATE").Sql, Is.EqualTo(
            "UPDATE \"AllTypes\" SET \"Int64\" = (\"Int64\" - \"Int32\"), \"Double\" = (\"Double\" * CAST(\"Int32\" AS REAL)), \"Int32\" = CAST(\"Double\" AS INTEGER)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
        var rows = _db.Table<AllTypes>().ToList().OrderBy(r => r.Id).ToList();
        Assert.That(rows.Select(r => (r.Int64, r.Double, r.Int32)),
            Is.EqualTo(stored.Select(r => (r.Int64 - r.Int32, r.Double * r.Int32, (int)r.Double))));
    }

    [Test]
    public void Setting_a_NOT_NULL_column_to_null_throws_the_run_time_error_and_changes_nothing()
    {
        InterceptionCheck.Enabled = false;
        var stored = Stored();

        Assert.Throws<MicroDbConstraintException>(() => _db.Table<Person>().Where(x => x.Age == 17).ExecuteUpdate(s => s.Set(x => x.Name, (string)null!)));
        Assert.That(_seen.Last().Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(Stored(), Is.EqualTo(stored));

        var query = _db.Table<Person>().Where(x => x.Age == 17);
        Assert.Throws<MicroDbConstraintException>(() => query.ExecuteUpdate(s => s.Set(x => x.Name, (string)null!)));
        Assert.That(Stored(), Is.EqualTo(stored));
    }

    [Test]
    public void Setting_the_key_or_a_unique_column_on_several_rows_throws_and_changes_nothing()
    {
        var stored = Stored();
        var email = "same@example.com";

        // The check runs the run-time path first in a savepoint and requires the same exception type.
        Assert.Throws<MicroDbConstraintException>(() => _db.Table<Person>().ExecuteUpdate(s => s.Set(x => x.Id, 1)));
        Assert.Throws<MicroDbConstraintException>(() => _db.Table<Person>().Where(x => x.Age != 52).ExecuteUpdate(s => s.Set(x => x.Email, email)));
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(2), Seen);
        Assert.That(Stored(), Is.EqualTo(stored));
    }

    [Test]
    public void A_null_where_value_runs_the_write_on_the_run_time_path()
    {
        string? email = null;

        var deleted = _db.Table<Person>().Where(x => x.Email == email).ExecuteDelete();

        Assert.That(deleted, Is.EqualTo(2));
        Assert.That(_seen.Single(s => s.Sql.StartsWith("DELETE", StringComparison.Ordinal)).Source, Is.EqualTo(StatementSource.Linq), Seen);
        Assert.That(Stored(), Is.EqualTo(Rows(_people.Where(p => p.Email != null))));
    }

    [Test]
    public void A_setter_without_Set_calls_throws_as_on_the_run_time_path()
    {
        var error = Assert.Throws<ArgumentException>(() => _db.Table<Person>().ExecuteUpdate(s => s));
        Assert.That(error!.ParamName, Is.EqualTo("setters"));
        Assert.That(Stored(), Is.EqualTo(Rows(_people)));
    }

    [Test]
    public void Writes_after_take_and_skip_are_intercepted_and_change_the_rows_LINQ_pages_to()
    {
        var before = InterceptionCheck.Runs;
        var limit = 60;

        var updated = _db.Table<Person>().Where(x => x.Age < limit).OrderByDescending(x => x.Age).ThenBy(x => x.Name).Take(2)
            .ExecuteUpdate(s => s.Set(x => x.Age, x => x.Age + 1));
        var update = InterceptedWrite("UPDATE").Sql;
        var deleted = _db.Table<Person>().OrderBy(x => x.Name).Skip(1).Take(2).ExecuteDelete();
        var delete = InterceptedWrite("DELETE").Sql;

        var model = _people.Select(p => new Person { Id = p.Id, Name = p.Name, Age = p.Age, Email = p.Email, Created = p.Created }).ToList();
        foreach (var person in model.Where(x => x.Age < limit).OrderByDescending(x => x.Age).ThenBy(x => x.Name, StringComparer.Ordinal).Take(2))
        {
            person.Age++;
        }

        var gone = model.OrderBy(x => x.Name, StringComparer.Ordinal).Skip(1).Take(2).ToList();
        Assert.That((updated, deleted), Is.EqualTo((2, 2)));
        Assert.That(Stored(), Is.EqualTo(Rows(model.Except(gone))));
        Assert.That(update, Is.EqualTo("UPDATE \"people\" SET \"Age\" = (\"Age\" + ?) WHERE \"Id\" IN (SELECT \"Id\" FROM \"people\" WHERE (\"Age\" < ?) ORDER BY \"Age\" DESC, \"Name\" LIMIT 2)"), Seen);
        Assert.That(delete, Is.EqualTo("DELETE FROM \"people\" WHERE \"Id\" IN (SELECT \"Id\" FROM \"people\" ORDER BY \"Name\" LIMIT 2 OFFSET 1)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared each write with the run-time path's.");
    }
}
