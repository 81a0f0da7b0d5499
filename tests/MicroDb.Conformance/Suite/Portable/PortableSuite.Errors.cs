using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

public abstract partial class PortableSuite
{
    [Test]
    public void Portable_unique_violation_is_a_typed_error_with_sqlite_codes_and_keeps_stored_rows()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "first", Email = "same@example.org" });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "second", Email = "same@example.org" }));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 2067))); // SQLITE_CONSTRAINT_UNIQUE
        Assert.That(error.Message, Does.Contain("people").And.Contain("Email"));
        Assert.That(error.Sql, Does.StartWith("INSERT INTO \"people\""));
        Assert.That(Names(db), Is.EqualTo(new[] { "first" }));
    }

    [Test]
    public void Portable_null_into_a_NotNull_column_is_a_typed_error_naming_the_column()
    {
        var db = OpenWith<Person>();

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = null! }));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 1299))); // SQLITE_CONSTRAINT_NOTNULL
        Assert.That(error.Message, Does.Contain("people").And.Contain("Name"));
        Assert.That(db.Table<Person>().Count(), Is.Zero);
    }

    [Test]
    public void Portable_duplicate_primary_key_is_a_typed_error_and_keeps_the_row()
    {
        var db = OpenWith<Setting>();
        db.Insert(new Setting { Key = "k", Value = "first" });

        var error = Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Setting { Key = "k", Value = "second" }));

        Assert.That((error!.ResultCode, error.ExtendedResultCode), Is.EqualTo((19, 1555))); // SQLITE_CONSTRAINT_PRIMARYKEY
        Assert.That(db.Get<Setting>("k").Value, Is.EqualTo("first"));
    }

    [Test]
    public void Portable_connection_stays_usable_after_a_constraint_error()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "a", Email = "x" });
        Assert.Throws<MicroDbConstraintException>(() => db.Insert(new Person { Name = "b", Email = "x" }));

        db.Insert(new Person { Name = "c", Email = "y" });

        Assert.That(Names(db), Is.EqualTo(new[] { "a", "c" }));
    }

    [Test]
    public void Portable_null_argument_to_crud_is_rejected_and_changes_nothing()
    {
        var db = OpenWith<Person>();
        db.Insert(new Person { Name = "kept" });

        Assert.Throws<ArgumentNullException>(() => db.Insert<Person>(null!));
        Assert.Throws<ArgumentNullException>(() => db.Update<Person>(null!));
        Assert.Throws<ArgumentNullException>(() => db.Delete<Person>(null!));
        Assert.Throws<ArgumentNullException>(() => db.Get<Person>(null!));

        Assert.That(Names(db), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Portable_Update_and_Delete_of_a_type_without_primary_key_throw_NotSupported_and_change_nothing()
    {
        var db = OpenWith<LogLine>();
        var line = new LogLine { Message = "m" };
        db.Insert(line);

        Assert.That(() => db.Update(line), Throws.TypeOf<NotSupportedException>().With.Message.Contains("PrimaryKey"));
        Assert.That(() => db.Delete(line), Throws.TypeOf<NotSupportedException>());

        Assert.That(db.Table<LogLine>().Single().Message, Is.EqualTo("m"));
    }

    [Test]
    public void Portable_a_struct_model_is_refused_with_a_mapping_error_naming_the_rule_and_creates_nothing()
    {
        var db = OpenWith<Person>();

        var create = Assert.Throws<MicroDbMappingException>(() => db.CreateTable<PersonStruct>());
        var insert = Assert.Throws<MicroDbMappingException>(() => db.Insert(new PersonStruct(1, "Ada", 36)));

        Assert.That(create!.Message, Does.Contain("MDB0007").And.Contain(nameof(PersonStruct)));
        Assert.That(insert!.Message, Does.Contain("MDB0007"));
        Assert.That(db.TableExists(nameof(PersonStruct)), Is.False);
        Assert.That(db.TableExists("people"), Is.True);
        Assert.That(db.Table<Person>().Count(), Is.Zero);
    }
}
