using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// ExecuteUpdate setters with <c>?:</c>, string methods (<c>Substring</c>, <c>Trim</c>/<c>TrimStart</c>/<c>TrimEnd</c>,
/// <c>Replace</c>), <c>Math.Round</c> and closed non-string values concatenated (issue 22): each runs intercepted (the
/// statement's source says so), the interception check compares its text, values, count and rows with the run-time
/// path's, and the rows equal a LINQ-to-Objects model's, on both mapping paths and under both storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSetterMethodTests : InterceptedTestBase
{
    private List<AllTypes> _stored = null!;

    public InterceptedSetterMethodTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        _db.CreateTable<Person>();
        var rows = new List<AllTypes>();
        string?[] texts = ["  ada ", null, "Cy b\t", "", "-dee!."];
        double[] doubles = [-2.5, 0.5, 1.5, 2.675, -0.49999999999999994];
        for (var i = 0; i < texts.Length; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.String = texts[i];
            row.Text = "t" + i + "abc";
            row.Int32 = i - 2;
            row.Bool = i % 2 == 0;
            row.Double = doubles[i];
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@example.com" },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Cy", Age = 52, Email = "cy@example.com" },
        });
    }

    private ExecutedStatement InterceptedUpdate() =>
        _seen.Single(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal));

    private List<AllTypes> Rows() => [.. _db.Query<AllTypes>("SELECT * FROM \"AllTypes\"").OrderBy(r => r.Id)];

    private List<(int, string, int, string?)> People() =>
        [.. _db.Query<Person>("SELECT * FROM people").OrderBy(p => p.Id).Select(p => (p.Id, p.Name, p.Age, p.Email))];

    [Test]
    public void A_conditional_setter_is_a_CASE_and_sets_what_LINQ_sets()
    {
        var before = InterceptionCheck.Runs;
        var limit = -1;
        var name = "Cy b\t";

        var flag = true;

        var changed = _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.Int64, x => x.Int32 > limit && !x.Bool ? 2 : x.Int32 + 1)
            .Set(x => x.String, x => x.String == name ? "same" : x.String)
            .Set(x => x.Int16, x => x.Bool == flag || x.Text != "t1abc" ? x.Int32 < 0 ? (short)-1 : (short)1 : (short)0));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That(
                (row.Int64, row.String, row.Int16),
                Is.EqualTo((old.Int32 > limit && !old.Bool ? 2 : old.Int32 + 1, old.String == name ? "same" : old.String, old.Bool == flag || old.Text != "t1abc" ? old.Int32 < 0 ? -1 : 1 : 0)),
                "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Is.EqualTo(
            "UPDATE \"AllTypes\" SET \"Int64\" = (CASE WHEN ((\"Int32\" > ?) AND (NOT (\"Bool\" = 1))) THEN ? ELSE (\"Int32\" + ?) END), \"String\" = (CASE WHEN (\"String\" IS ?) THEN ? ELSE \"String\" END), "
            + "\"Int16\" = (CASE WHEN ((\"Bool\" = ?) OR (\"Text\" IS NOT ?)) THEN (CASE WHEN (\"Int32\" < ?) THEN ? ELSE ? END) ELSE ? END)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void A_conditional_setter_over_a_nullable_member_compares_as_LINQ_does()
    {
        _db.Execute("UPDATE \"AllTypes\" SET \"NInt32\" = \"Int32\" WHERE \"Int32\" <> 0");
        var stored = _db.Table<AllTypes>().ToList();
        var before = InterceptionCheck.Runs;
        var limit = -1;

        var changed = _db.Table<AllTypes>().ExecuteUpdate(s => s.Set(x => x.Int64, x => x.NInt32 > limit ? 1 : 0));

        Assert.That(changed, Is.EqualTo(stored.Count));
        Assert.That(Rows().Select(r => (r.Id, r.Int64)), Is.EqualTo(stored.OrderBy(r => r.Id).Select(r => (r.Id, r.NInt32 > limit ? 1L : 0L))));
        Assert.That(stored.Count(r => r.NInt32 is null), Is.EqualTo(1), "one row's nullable member is null");
        Assert.That(InterceptedUpdate().Sql, Does.Contain("CASE WHEN (\"NInt32\" IS NOT NULL AND \"NInt32\" > ?) THEN ? ELSE ? END"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void String_method_setters_trim_cut_and_replace_as_LINQ_does()
    {
        var before = InterceptionCheck.Runs;
        var start = 1;
        var from = "b";
        var dash = '-';

        var changed = _db.Table<AllTypes>().Where(x => x.Int32 >= -2).ExecuteUpdate(s => s
            .Set(x => x.String, x => x.String!.Trim())
            .Set(x => x.Text, x => x.Text.Substring(start, 2) + x.Text.Substring(3)));
        Assert.That(changed, Is.EqualTo(_stored.Count));
        Assert.That(InterceptedUpdate().Sql, Is.EqualTo(
            "UPDATE \"AllTypes\" SET \"String\" = trim(\"String\", ?), \"Text\" = (ifnull(substr(\"Text\", (?) + 1, ?), '') || ifnull(substr(\"Text\", (?) + 1), '')) WHERE (\"Int32\" >= ?)"), Seen);
        _seen.Clear();

        _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.String, x => x.String!.TrimStart(dash).TrimEnd(new[] { '.', '!' }))
            .Set(x => x.Text, x => x.Text.Replace(from, x.Text.Substring(0, 1)).Replace('c', '_')));

        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var text = old.Text.Substring(start, 2) + old.Text.Substring(3);
            Assert.That(
                (row.String, row.Text),
                Is.EqualTo((old.String?.Trim().TrimStart(dash).TrimEnd('.', '!'), text.Replace(from, text.Substring(0, 1), StringComparison.Ordinal).Replace('c', '_'))),
                "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Is.EqualTo(
            "UPDATE \"AllTypes\" SET \"String\" = rtrim(ltrim(\"String\", ?), ?), \"Text\" = replace(replace(\"Text\", ?, substr(\"Text\", (?) + 1, ?)), ?, ?)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared both updates with the run-time path's.");
    }

    [Test]
    public void Math_Round_setters_round_to_even_as_dotnet_does()
    {
        var before = InterceptionCheck.Runs;
        var digits = 2;

        _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.Single, x => (float)Math.Round(x.Double))
            .Set(x => x.NDouble, x => Math.Round(x.Double, digits))
            .Set(x => x.Int32, x => (int)Math.Round(x.Double * 2)));

        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That((row.Single, row.NDouble, row.Int32), Is.EqualTo(((float)Math.Round(old.Double), Math.Round(old.Double, digits), (int)Math.Round(old.Double * 2))), "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Does.StartWith("UPDATE \"AllTypes\" SET \"Single\" = (CASE WHEN abs(\"Double\") >= 4503599627370496.0 THEN \"Double\" ELSE CAST(\"Double\" AS INTEGER) + "), Seen);
        _seen.Clear();

        // Another digits count binds another power of ten into the same text.
        digits = 0;
        _db.Table<AllTypes>().ExecuteUpdate(s => s.Set(x => x.NDouble, x => Math.Round(x.Double, digits)));
        Assert.That(Rows().Select(r => r.NDouble), Is.EqualTo(_stored.Select(r => (double?)Math.Round(r.Double, 0))));
        Assert.That(InterceptedUpdate().Sql, Does.Contain(" / ? END)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2), "The check compared both updates with the run-time path's.");
    }

    [Test]
    public void Closed_values_of_any_type_are_concatenated_as_their_text()
    {
        var before = InterceptionCheck.Runs;
        var id = 42;
        var dash = '-';
        var color = Color.Green;

        _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.Text, x => x.Text + "#" + id + dash + x.Int32)
            .Set(x => x.String, x => color + ":" + x.String));

        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That((row.Text, row.String), Is.EqualTo((old.Text + "#" + id + dash + old.Int32, color + ":" + old.String)), "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Does.StartWith("UPDATE \"AllTypes\" SET \"Text\" = (ifnull((ifnull((ifnull((ifnull(\"Text\", '') || ifnull(?, '')), '') || ifnull(?, '')), '') || ifnull(?, '')), '') || ifnull(\"Int32\", ''))"), Seen);
        _seen.Clear();

        // string.Concat of three parts is one concatenation, as the run time writes it.
        var texts = Rows().ToDictionary(r => r.Id, r => r.Text);
        _db.Table<AllTypes>().ExecuteUpdate(s => s.Set(x => x.Text, x => string.Concat(x.Text, "/", id)));
        Assert.That(Rows().Select(r => r.Text), Is.EqualTo(texts.OrderBy(t => t.Key).Select(t => string.Concat(t.Value, "/", id))));
        Assert.That(InterceptedUpdate().Sql, Is.EqualTo("UPDATE \"AllTypes\" SET \"Text\" = (ifnull(\"Text\", '') || ifnull(?, '') || ifnull(?, ''))"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(2));
    }

    [Test]
    public void A_computed_null_in_a_NOT_NULL_column_throws_and_changes_nothing()
    {
        InterceptionCheck.Enabled = false;
        var stored = People();

        // Bob is under 30 and has no email: his name would become NULL.
        Assert.Throws<MicroDbConstraintException>(() => _db.Table<Person>().ExecuteUpdate(s => s.Set(x => x.Name, x => x.Age < 30 ? x.Email! : x.Name)));
        Assert.That(_seen.Last().Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(People(), Is.EqualTo(stored));

        Assert.Throws<MicroDbConstraintException>(() => _db.Table<Person>().Where(x => x.Age > 0).ExecuteUpdate(s => s.Set(x => x.Name, x => x.Email!.Trim().Replace("@", " at "))));
        Assert.That(_seen.Last().Source, Is.EqualTo(StatementSource.Intercepted), Seen);
        Assert.That(People(), Is.EqualTo(stored));
    }

    [Test]
    public void A_date_setter_the_run_time_refuses_throws_and_changes_nothing()
    {
        // Declined at build time (MDB0013): a DateTime column is not computed in SQL on either path.
        var error = Assert.Throws<NotSupportedException>(() => _db.Table<AllTypes>().ExecuteUpdate(s => s.Set(x => x.DateTime, x => x.DateTime.AddDays(1))));

        Assert.That(error!.Message, Does.Contain("cannot compute 'DateTime'"));
        Assert.That(Rows().Select(r => r.DateTime), Is.EqualTo(_stored.Select(r => r.DateTime)));
        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted), Is.Empty, Seen);
    }
}
