using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A projection to a constructor's arguments, for the intercepted Select tests.</summary>
public sealed record PersonRecord(int Id, string Name);

/// <summary>A projection target set by an object initializer, for the intercepted Select tests.</summary>
public sealed class PersonDto
{
    /// <summary>The key.</summary>
    public int Id { get; set; }

    /// <summary>The name.</summary>
    public string Name { get; set; } = "";
}

/// <summary>
/// Inline Select chains are intercepted: each shape (member, anonymous object, object initializer, constructor) gives the
/// SQL and rows of the same query built across statements (the run-time path), on both mapping paths and storage
/// formats, for every stored type of <see cref="AllTypes"/>; the interception check compares them run by run.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSelectTests : InterceptedTestBase
{

    public InterceptedSelectTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<Person>();
        _db.CreateTable<AllTypes>();
        _db.InsertAll(new[]
        {
            new Person { Name = "Ada", Age = 36, Email = "ada@example.com", Created = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc) },
            new Person { Name = "Bob", Age = 17 },
            new Person { Name = "Cy", Age = 52, Email = "cy@example.com", Created = new DateTime(2021, 6, 7, 8, 9, 10, DateTimeKind.Local) },
            new Person { Name = "Di", Age = 17 },
        });
        var random = new Random(1313);
        var rows = new List<AllTypes> { AllTypesSamples.Minimums(), AllTypesSamples.Maximums(), AllTypesSamples.Nulls() };
        for (var i = 0; i < 20; i++)
        {
            rows.Add(SemanticsSamples.Row(random));
        }

        if (_format != "microdb")
        {
            rows.ForEach(SemanticsSamples.ReadableUnderSqliteNet);
        }

        _db.InsertAll(rows);
    }

    [Test]
    public void Anonymous_projection_with_where_and_order_is_intercepted_and_matches_the_run_time_path()
    {
        var min = 17;
        var before = InterceptionCheck.Runs;

        var intercepted = _db.Table<Person>().Where(p => p.Age > min).OrderBy(p => p.Name).Select(p => new { p.Id, p.Name }).ToList();
        var first = _seen[0];

        var query = _db.Table<Person>().Where(p => p.Age > min).OrderBy(p => p.Name).Select(p => new { p.Id, p.Name });
        var runTime = query.ToList();

        Assert.That(first.Source, Is.EqualTo(StatementSource.Intercepted));
        Assert.That(first.Sql, Is.EqualTo(query.ToSqlString()));
        Assert.That(intercepted, Is.EqualTo(runTime));
        Assert.That(intercepted.Select(r => r.Name), Is.EqualTo(new[] { "Ada", "Cy" }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the intercepted run with the run-time path.");
    }

    [Test]
    public void Member_dto_and_record_projections_match_the_run_time_path()
    {
        var names = _db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Name).ToList();
        var ages = _db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Age).ToArray();
        var dto = _db.Table<Person>().Where(p => p.Age == 52).Select(p => new PersonDto { Id = p.Id, Name = p.Name }).First();
        var record = _db.Table<Person>().OrderByDescending(p => p.Age).Select(p => new PersonRecord(p.Id, p.Name)).FirstOrDefault();
        var none = _db.Table<Person>().Where(p => p.Age == 99).Select(p => new PersonRecord(p.Id, p.Name)).FirstOrDefault();
        var created = _db.Table<Person>().OrderBy(p => p.Id).Select(p => new { p.Created, p.Email }).ToList();

        Assert.That(_seen.Where(s => s.Source == StatementSource.Intercepted).Count(), Is.EqualTo(6), () => string.Join("\n", _seen.Select(s => s.Source + ": " + s.Sql)));

        var q = _db.Table<Person>();
        Assert.That(names, Is.EqualTo(q.OrderBy(p => p.Id).Select(p => p.Name).ToList()));
        Assert.That(ages, Is.EqualTo(q.OrderBy(p => p.Id).Select(p => p.Age).ToArray()));
        var dtoRunTime = q.Where(p => p.Age == 52).Select(p => new PersonDto { Id = p.Id, Name = p.Name }).First();
        Assert.That((dto.Id, dto.Name), Is.EqualTo((dtoRunTime.Id, dtoRunTime.Name)));
        Assert.That(dto.Name, Is.EqualTo("Cy"));
        Assert.That(record, Is.EqualTo(q.OrderByDescending(p => p.Age).Select(p => new PersonRecord(p.Id, p.Name)).FirstOrDefault()));
        Assert.That(record, Is.EqualTo(new PersonRecord(3, "Cy")));
        Assert.That(none, Is.Null);
        Assert.That(created, Is.EqualTo(q.OrderBy(p => p.Id).Select(p => new { p.Created, p.Email }).ToList()));
    }

    [Test]
    public void Single_projections_match_the_run_time_path_and_its_errors()
    {
        var one = _db.Table<Person>().Where(p => p.Age == 52).Select(p => new { p.Id, p.Name }).Single();
        var none = _db.Table<Person>().Where(p => p.Age == 99).Select(p => p.Name).SingleOrDefault();
        var many = Assert.Throws<InvalidOperationException>(() => _db.Table<Person>().Where(p => p.Age == 17).Select(p => p.Name).SingleOrDefault());
        var empty = Assert.Throws<InvalidOperationException>(() => _db.Table<Person>().Where(p => p.Age == 99).Select(p => new PersonRecord(p.Id, p.Name)).Single());
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(4));

        var q = _db.Table<Person>();
        Assert.That(one, Is.EqualTo(q.Where(p => p.Age == 52).Select(p => new { p.Id, p.Name }).Single()));
        Assert.That(one.Name, Is.EqualTo("Cy"));
        Assert.That(none, Is.Null);
        Assert.That(many!.Message, Is.EqualTo(Assert.Throws<InvalidOperationException>(() => q.Where(p => p.Age == 17).Select(p => p.Name).SingleOrDefault())!.Message));
        Assert.That(empty!.Message, Is.EqualTo(Assert.Throws<InvalidOperationException>(() => q.Where(p => p.Age == 99).Select(p => new PersonRecord(p.Id, p.Name)).Single())!.Message));
    }

    [Test]
    public void Every_stored_type_projects_as_the_run_time_path_reads_it()
    {
        var before = InterceptionCheck.Runs;

        var numbers = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => new { x.Bool, x.Byte, x.SByte, x.Int16, x.UInt16, x.Int32, x.UInt32, x.Int64, x.UInt64, x.Single, x.Double, x.Decimal, x.Char }).ToList();
        var texts = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => new { x.String, x.Guid, x.Color, x.ColorText, x.Size, x.Text, x.Planet, x.Flags }).ToList();
        var times = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => new { x.DateTime, x.DateTimeText, x.DateTimeOffset, x.TimeSpan, x.DateOnly, x.TimeOnly }).ToList();
        var nullables = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => new { x.NBool, x.NByte, x.NInt32, x.NUInt64, x.NDouble, x.NDecimal, x.NChar, x.NGuid, x.NColor, x.NColorText, x.NPlanet, x.NFlags, x.NSize }).ToList();
        var nullableTimes = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => new { x.NDateTime, x.NDateTimeText, x.NDateTimeOffset, x.NTimeSpan, x.NDateOnly, x.NTimeOnly }).ToList();
        var blobs = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => x.Blob).ToList();
        var kinds = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => x.NDateTime).ToList();
        var decimals = _db.Table<AllTypes>().OrderBy(x => x.Id).Select(x => x.Decimal).ToList();

        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(8));
        Assert.That(_seen.Count(s => s.Source == StatementSource.Intercepted), Is.EqualTo(8));

        var q = _db.Table<AllTypes>().OrderBy(x => x.Id);
        Assert.That(numbers, Is.EqualTo(q.Select(x => new { x.Bool, x.Byte, x.SByte, x.Int16, x.UInt16, x.Int32, x.UInt32, x.Int64, x.UInt64, x.Single, x.Double, x.Decimal, x.Char }).ToList()));
        Assert.That(texts, Is.EqualTo(q.Select(x => new { x.String, x.Guid, x.Color, x.ColorText, x.Size, x.Text, x.Planet, x.Flags }).ToList()));
        Assert.That(times, Is.EqualTo(q.Select(x => new { x.DateTime, x.DateTimeText, x.DateTimeOffset, x.TimeSpan, x.DateOnly, x.TimeOnly }).ToList()));
        Assert.That(nullables, Is.EqualTo(q.Select(x => new { x.NBool, x.NByte, x.NInt32, x.NUInt64, x.NDouble, x.NDecimal, x.NChar, x.NGuid, x.NColor, x.NColorText, x.NPlanet, x.NFlags, x.NSize }).ToList()));
        Assert.That(nullableTimes, Is.EqualTo(q.Select(x => new { x.NDateTime, x.NDateTimeText, x.NDateTimeOffset, x.NTimeSpan, x.NDateOnly, x.NTimeOnly }).ToList()));
        Assert.That(blobs, Is.EqualTo(q.Select(x => x.Blob).ToList()));
        Assert.That(kinds.Select(d => d?.Kind), Is.EqualTo(q.Select(x => x.NDateTime).ToList().Select(d => d?.Kind)), "DateTime kinds are read as the map reads them.");
        Assert.That(decimals.Select(d => d.ToString(System.Globalization.CultureInfo.InvariantCulture)), Is.EqualTo(q.Select(x => x.Decimal).ToList().Select(d => d.ToString(System.Globalization.CultureInfo.InvariantCulture))), "Decimal scales are kept.");
        Assert.That(numbers, Has.Count.EqualTo(23));
    }

    [Test]
    public void Value_that_cannot_be_read_fails_with_the_run_time_path_error()
    {
        _db.Execute("INSERT INTO \"people\" (\"Name\", \"Age\", \"Created\") VALUES ('Ed', 'not a number', 0)");
        var query = _db.Table<Person>().Select(p => new { p.Name, p.Age });
        var runTime = Assert.Catch(() => query.ToList());

        InterceptionCheck.Enabled = false;
        var intercepted = Assert.Catch(() => _db.Table<Person>().Select(p => new { p.Name, p.Age }).ToList());

        Assert.That(runTime, Is.InstanceOf<MicroDbException>());
        Assert.That(intercepted!.GetType(), Is.EqualTo(runTime!.GetType()));
        Assert.That(intercepted.Message, Is.EqualTo(runTime.Message));
        Assert.That(_seen.Any(s => s.Source == StatementSource.Intercepted), Is.True);
        Assert.That(_db.Table<Person>().Count(), Is.EqualTo(5), "Nothing stored is lost.");
    }

    [Test]
    public void Projector_of_other_types_is_refused_with_an_argument_error()
    {
        var query = _db.Table<Person>().Select(p => p.Name);

        var error = Assert.Throws<ArgumentException>(() => QueryInterception.ToList(query, new InterceptedSite(query.ToSqlString()), static (AllTypes r) => r.String));

        Assert.That(error!.ParamName, Is.EqualTo("project"));
        Assert.That(error.Message, Does.Contain("AllTypes").And.Contain("Person"));
    }

    [Test]
    public void Different_select_sql_or_rows_fail_the_interception_check()
    {
        var query = _db.Table<Person>().OrderBy(p => p.Id).Select(p => new PersonDto { Id = p.Id, Name = p.Name });
        var sql = query.ToSqlString();

        var otherSql = Assert.Throws<InterceptionMismatchException>(() => QueryInterception.ToList(query, new InterceptedSite(sql + " LIMIT 1"), static (Person r) => new PersonDto { Id = r.Id, Name = r.Name }));
        var otherRows = Assert.Throws<InterceptionMismatchException>(() => QueryInterception.ToList(query, new InterceptedSite(sql), static (Person r) => new PersonDto { Id = r.Id, Name = r.Name + "!" }));

        Assert.That(otherSql!.Message, Does.Contain("the SQL differs"));
        Assert.That(otherRows!.Message, Does.Contain("member 'Name'").And.Contain("'Ada!'"));
    }
}
