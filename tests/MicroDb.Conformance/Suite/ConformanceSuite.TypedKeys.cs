using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

// The Get/Find/Delete overloads for int, long, string and Guid keys: same rows and errors as the object overload.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Typed_int_key_gets_finds_and_deletes()
    {
        var db = OpenWith<Person>();
        var person = new Person { Name = "Ann", Age = 30 };
        db.Insert(person);
        int id = person.Id;

        Assert.That(db.Get<Person>(id).Name, Is.EqualTo("Ann"));
        Assert.That(db.Find<Person>(id)!.Age, Is.EqualTo(30));
        Assert.That(db.Find<Person>(id + 1), Is.Null);
        Assert.That(db.Delete<Person>(id + 1), Is.Zero);
        Assert.That(db.Delete<Person>(id), Is.EqualTo(1));
        Assert.That(db.Find<Person>(id), Is.Null);
    }

    [Test]
    public void Typed_long_key_gets_finds_and_deletes_and_an_int_key_finds_the_same_row()
    {
        var db = OpenWith<Reading>();
        var reading = new Reading { Value = 1.5 };
        db.Insert(reading);
        long id = reading.Id;

        Assert.That(id, Is.EqualTo(1L));
        Assert.That(db.Get<Reading>(id).Value, Is.EqualTo(1.5));
        Assert.That(db.Find<Reading>((int)id)!.Value, Is.EqualTo(1.5));
        Assert.That(db.Find<Reading>(id + 1), Is.Null);
        Assert.That(db.Delete<Reading>(id), Is.EqualTo(1));
        Assert.That(db.Find<Reading>(id), Is.Null);
    }

    [Test]
    public void Typed_long_key_beyond_int_range_is_written_back_and_found()
    {
        var db = OpenWith<Reading>();
        var big = (long)int.MaxValue + 10;
        db.Execute("INSERT INTO readings (Id, Value) VALUES (?, 0)", big - 1);
        var reading = new Reading { Value = 2 };
        db.Insert(reading);

        Assert.That(reading.Id, Is.EqualTo(big));
        Assert.That(db.Get<Reading>(big).Value, Is.EqualTo(2));
        Assert.That(db.Delete<Reading>(big), Is.EqualTo(1));
    }

    [Test]
    public void Typed_string_key_gets_finds_and_deletes()
    {
        var db = OpenWith<Setting>();
        db.Insert(new Setting { Key = "theme", Value = "dark" });

        Assert.That(db.Get<Setting>("theme").Value, Is.EqualTo("dark"));
        Assert.That(db.Find<Setting>("Theme"), Is.Null);
        Assert.That(db.Delete<Setting>("other"), Is.Zero);
        Assert.That(db.Delete<Setting>("theme"), Is.EqualTo(1));
        Assert.That(db.Find<Setting>("theme"), Is.Null);
    }

    [Test]
    public void Typed_guid_key_matches_the_stored_lowercase_text()
    {
        var db = OpenWith<Document>();
        var id = Guid.NewGuid();
        db.Insert(new Document { Id = id, Title = "t", Body = "b" });

        Assert.That(db.ExecuteScalar<string>("SELECT Id FROM \"doc \"\"table\"\"\""), Is.EqualTo(id.ToString("D")));
        Assert.That(db.Get<Document>(id).Title, Is.EqualTo("t"));
        Assert.That(db.Find<Document>(Guid.NewGuid()), Is.Null);
        Assert.That(db.Delete<Document>(id), Is.EqualTo(1));
        Assert.That(db.Find<Document>(id), Is.Null);
    }

    [Test]
    public void Typed_null_string_key_throws_ArgumentNullException_like_the_object_overload()
    {
        var db = OpenWith<Setting>();

        Assert.That(() => db.Find<Setting>((string)null!), Throws.ArgumentNullException);
        Assert.That(() => db.Get<Setting>((string)null!), Throws.ArgumentNullException);
        Assert.That(() => db.Delete<Setting>((string)null!), Throws.ArgumentNullException);
        Assert.That(() => db.Find<Setting>((object)null!), Throws.ArgumentNullException);
    }

    [Test]
    public void Typed_key_of_the_wrong_type_behaves_as_the_object_overload()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "Ann" });
        db.CreateTable<Document>();
        db.Insert(new Document { Id = Guid.NewGuid(), Body = "b" });
        var guid = Guid.NewGuid();

        // A Guid on an integer key and an integer on a Guid key find nothing, whichever overload binds them.
        Assert.That(db.Find<Person>(guid), Is.Null);
        Assert.That(db.Find<Person>((object)guid), Is.Null);
        Assert.That(db.Find<Document>(1), Is.Null);
        Assert.That(db.Find<Document>((object)1), Is.Null);
        Assert.That(db.Delete<Document>(1L), Is.EqualTo(db.Delete<Document>((object)1L)));
        var error = Assert.Throws<InvalidOperationException>(() => db.Get<Document>(1))!;
        Assert.That(error.Message, Does.Contain("doc \"table\"").And.Contain("'1'"));
        Assert.That(() => db.Get<Person>(guid), Throws.InvalidOperationException.With.Message.Contain(guid.ToString("D")));

        // Text on an integer key: SQLite's affinity rules decide, the same for both overloads.
        Assert.That(db.Find<Person>("1")?.Name, Is.EqualTo(db.Find<Person>((object)"1")?.Name));
    }

    [Test]
    public void Typed_key_on_a_type_without_primary_key_throws_NotSupported()
    {
        var db = OpenWith<LogLine>();

        Assert.That(() => db.Find<LogLine>(1), Throws.TypeOf<NotSupportedException>());
        Assert.That(() => db.Get<LogLine>("a"), Throws.TypeOf<NotSupportedException>());
        Assert.That(() => db.Delete<LogLine>(Guid.Empty), Throws.TypeOf<NotSupportedException>());
    }
}
