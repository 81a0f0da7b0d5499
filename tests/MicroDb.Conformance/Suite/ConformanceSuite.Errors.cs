using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

public abstract partial class ConformanceSuite
{
    [Test]
    public void Unique_violation_is_a_typed_error_with_sqlite_codes_and_keeps_stored_rows()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "first", Email = "same@example.org" });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "second", Email = "same@example.org" }));

        Assert.That(error!.ResultCode, Is.EqualTo(19));
        Assert.That(error.ExtendedResultCode, Is.EqualTo(2067)); // SQLITE_CONSTRAINT_UNIQUE
        Assert.That(error.Message, Does.Contain("people.Email"));
        Assert.That(error.Sql, Does.StartWith("INSERT INTO \"people\""));
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "first" }));
    }

    [Test]
    public void Null_into_NotNull_column_names_the_column()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = null! }));

        Assert.That(error!.ExtendedResultCode, Is.EqualTo(1299)); // SQLITE_CONSTRAINT_NOTNULL
        Assert.That(error.Message, Does.Contain("people.Name"));
    }

    [Test]
    public void Connection_stays_usable_after_a_constraint_error()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a", Email = "x" });
        Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "b", Email = "x" }));

        db.Insert(new Person { Name = "c", Email = "y" });

        Assert.That(db.QueryScalars<string>("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(new[] { "a", "c" }));
    }

    [Test]
    public void Bad_sql_error_names_the_sql()
    {
        var db = Open();

        var error = Assert.Throws<MicroDbException>(() => db.Execute("SELEKT nothing"));

        Assert.That(error!.Sql, Is.EqualTo("SELEKT nothing"));
        Assert.That(error.Message, Does.Contain("syntax error").And.Contain("SELEKT nothing"));
        Assert.That(error.ResultCode, Is.EqualTo(1));
    }

    [Test]
    public void Query_of_a_missing_table_names_it()
    {
        var db = Open();

        var error = Assert.Throws<MicroDbException>(() => db.Query<Person>("SELECT * FROM people"));

        Assert.That(error!.Message, Does.Contain("no such table: people"));
    }

    [Test]
    public void Use_after_Dispose_throws_ObjectDisposed()
    {
        var db = OpenWith<Person>();
        db.Dispose();

        Assert.Throws<ObjectDisposedException>(() => db.Insert(new Person { Name = "x" }));
        Assert.Throws<ObjectDisposedException>(() => db.Query<Person>("SELECT * FROM people"));
        Assert.Throws<ObjectDisposedException>(() => db.BeginTransaction());
        Assert.DoesNotThrow(() => db.Dispose());
    }

    [Test]
    public void Opening_a_file_that_is_not_a_database_fails_with_NOTADB_and_leaves_it_untouched()
    {
        var path = Path.Combine(Path.GetDirectoryName(DatabasePath)!, "text.db");
        var content = string.Join("\n", Enumerable.Repeat("this is not a database", 200));
        File.WriteAllText(path, content);

        var error = Assert.Throws<MicroDbException>(() => Open(path));

        Assert.That(error!.ResultCode, Is.EqualTo(26)); // SQLITE_NOTADB
        Assert.That(File.ReadAllText(path), Is.EqualTo(content));
    }

    [Test]
    public void Opening_in_a_missing_directory_names_the_directory()
    {
        var path = Path.Combine(Path.GetDirectoryName(DatabasePath)!, "no", "such", "dir", "x.db");

        var error = Assert.Throws<MicroDbException>(() => Open(path));

        Assert.That(error!.Message, Does.Contain(Path.Combine("no", "such", "dir")));
    }

    [Test]
    public void Read_only_connection_refuses_writes_and_keeps_data()
    {
        var writer = OpenWith<Person>();
        writer.Insert(new Person { Name = "kept" });
        writer.Dispose();

        var reader = Open(tweak: o => o.ReadOnly = true);
        var error = Assert.Throws<MicroDbException>(() => reader.Insert(new Person { Name = "refused" }));

        Assert.That(error!.ResultCode, Is.EqualTo(8)); // SQLITE_READONLY
        Assert.That(reader.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Null_argument_to_crud_is_rejected()
    {
        var db = OpenWith<Person>();

        Assert.Throws<ArgumentNullException>(() => db.Insert<Person>(null!));
        Assert.Throws<ArgumentNullException>(() => db.Update<Person>(null!));
        Assert.Throws<ArgumentNullException>(() => db.Delete<Person>((Person)null!));
    }
}
