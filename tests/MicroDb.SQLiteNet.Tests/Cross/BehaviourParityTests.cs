extern alias sqlitenet;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>A model with a composite index, a unique member and a plain index, mapped by both libraries.</summary>
[SQLite.Table("people"), Net.Table("people")]
public sealed class IndexedPerson
{
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    [SQLite.Indexed("IX_City_Age", 1), Net.Indexed("IX_City_Age", 1)]
    public string? City { get; set; }

    [SQLite.Indexed("IX_City_Age", 2), Net.Indexed("IX_City_Age", 2)]
    public int Age { get; set; }

    [SQLite.Unique, Net.Unique]
    public string? Code { get; set; }

    [SQLite.Indexed, Net.Indexed, SQLite.NotNull, Net.NotNull]
    public string? Name { get; set; }
}

/// <summary>An app's attribute deriving from the compat package's [Table].</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class CompatNamedAttribute : SQLite.TableAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public CompatNamedAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [Table].</summary>
[AttributeUsage(AttributeTargets.Class)]
public sealed class NetNamedAttribute : Net.TableAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public NetNamedAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the compat package's [Ignore].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatNotStoredAttribute : SQLite.IgnoreAttribute
{
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [Ignore].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetNotStoredAttribute : Net.IgnoreAttribute
{
}

/// <summary>An app's attribute deriving from the compat package's [Indexed].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatLookupAttribute : SQLite.IndexedAttribute
{
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [Indexed].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetLookupAttribute : Net.IndexedAttribute
{
}

/// <summary>An app's attribute deriving from the compat package's [MaxLength].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatShortAttribute : SQLite.MaxLengthAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public CompatShortAttribute(int value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [MaxLength].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetShortAttribute : Net.MaxLengthAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public NetShortAttribute(int value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the compat package's [PrimaryKey].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatKeyAttribute : SQLite.PrimaryKeyAttribute
{
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [PrimaryKey].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetKeyAttribute : Net.PrimaryKeyAttribute
{
}

/// <summary>An app's attribute deriving from the compat package's [AutoIncrement].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatAutoAttribute : SQLite.AutoIncrementAttribute
{
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [AutoIncrement].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetAutoAttribute : Net.AutoIncrementAttribute
{
}

/// <summary>An app's attribute deriving from the compat package's [NotNull].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatRequiredAttribute : SQLite.NotNullAttribute
{
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [NotNull].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetRequiredAttribute : Net.NotNullAttribute
{
}

/// <summary>An app's attribute deriving from the compat package's [Column].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatStoredAsAttribute : SQLite.ColumnAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public CompatStoredAsAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [Column].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetStoredAsAttribute : Net.ColumnAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public NetStoredAsAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the compat package's [Collation].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class CompatNocaseAttribute : SQLite.CollationAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public CompatNocaseAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>An app's attribute deriving from the sqlite-net-pcl's [Collation].</summary>
[AttributeUsage(AttributeTargets.Property)]
public sealed class NetNocaseAttribute : Net.CollationAttribute
{
    /// <summary>Passes the argument on.</summary>
    /// <param name="value">The value.</param>
    public NetNocaseAttribute(string value)
        : base(value)
    {
    }
}

/// <summary>A model whose attributes are the app's own classes deriving from sqlite-net's.</summary>
[CompatNamed("derived_attributes"), NetNamed("derived_attributes")]
public sealed class WithDerivedAttributes
{
    [CompatKey, NetKey, CompatAuto, NetAuto]
    public int Code { get; set; }

    [CompatShort(12), NetShort(12), CompatLookup(Name = "IX_text", Order = 1), NetLookup(Name = "IX_text", Order = 1)]
    public string? Text { get; set; }

    [CompatRequired, NetRequired, CompatStoredAs("renamed"), NetStoredAs("renamed"), CompatNocase("NOCASE"), NetNocase("NOCASE")]
    public string? Other { get; set; }

    [CompatNotStored, NetNotStored]
    public string? Scratch { get; set; }
}

/// <summary>A model with the text-stored reference types sqlite-net maps besides string.</summary>
[SQLite.Table("links"), Net.Table("links")]
public sealed class LinkRow
{
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    public Uri? Link { get; set; }

    [SQLite.MaxLength(40), Net.MaxLength(40)]
    public System.Text.StringBuilder? Notes { get; set; }
}

/// <summary>A model with a <see cref="UriBuilder"/> member, which sqlite-net stores as text and MicroDb refuses.</summary>
public sealed class UriBuilderRow
{
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    public UriBuilder? Address { get; set; }
}

/// <summary>
/// Behaviours of issue 21 checked against sqlite-net-pcl itself: the same call on both libraries, the same outcome
/// (or, where sqlite-net leaves a broken state, the documented difference asserted on both sides).
/// </summary>
public sealed class BehaviourParityTests
{
    private static dynamic Open(bool compat, string path) =>
        compat ? new SQLite.SQLiteConnection(path) : new Net.SQLiteConnection(path);

    [TestCase(false), TestCase(true)]
    public void Empty_path_opens_a_temporary_database(bool compat)
    {
        dynamic db = Open(compat, "");
        using (db)
        {
            db.CreateTable<IndexedPerson>();
            db.Insert(new IndexedPerson { Name = "a" });
            Assert.That((string)db.DatabasePath, Is.EqualTo(""));
            Assert.That((int)db.Table<IndexedPerson>().Count(), Is.EqualTo(1));
        }

        // A second temporary database is a new, empty one.
        dynamic other = Open(compat, "");
        using (other)
        {
            Assert.That((int)other.ExecuteScalar<int>("select count(*) from sqlite_master"), Is.EqualTo(0));
        }
    }

    [Test]
    public void Null_path_is_refused_as_sqlite_net_refuses_it()
    {
        var expected = Assert.Catch(() => new Net.SQLiteConnection((string)null!))!;
        var actual = Assert.Catch(() => new SQLite.SQLiteConnection((string)null!))!;
        Assert.That(actual.GetType(), Is.EqualTo(expected.GetType()));
    }

    [TestCase(0), TestCase(16), TestCase(31), TestCase(33), TestCase(64)]
    public void Byte_key_of_a_wrong_length_is_refused_by_the_constructor(int length)
    {
        var netPath = TempFiles.NewPath();
        var compatPath = TempFiles.NewPath();
        try
        {
            var key = new byte[length];
            var expected = Assert.Catch(() => new Net.SQLiteConnection(new Net.SQLiteConnectionString(netPath, true, key)))!;
            var actual = Assert.Catch(() => new SQLite.SQLiteConnection(new SQLite.SQLiteConnectionString(compatPath, true, key)))!;
            Assert.That(actual.GetType(), Is.EqualTo(expected.GetType()));
            Assert.That(actual, Is.TypeOf<ArgumentException>());
            Assert.That(((ArgumentException)actual).ParamName, Is.EqualTo("key"));
            Assert.That(actual.Message, Does.Contain("32 bytes").And.Contain(length + " bytes were given"));
            Assert.That(File.Exists(compatPath), Is.False, "the file is not touched");
        }
        finally
        {
            TempFiles.Delete(netPath);
            TempFiles.Delete(compatPath);
        }
    }

    [TestCase(32), TestCase(48)]
    public void Byte_key_of_32_or_48_bytes_is_accepted(int length)
    {
        var netPath = TempFiles.NewPath();
        var compatPath = TempFiles.NewPath();
        try
        {
            // Plain SQLite ignores the key pragma, so both connections open and work.
            using var net = new Net.SQLiteConnection(new Net.SQLiteConnectionString(netPath, true, new byte[length]));
            using var compat = new SQLite.SQLiteConnection(new SQLite.SQLiteConnectionString(compatPath, true, new byte[length]));
            Assert.That(compat.ExecuteScalar<int>("select 1"), Is.EqualTo(net.ExecuteScalar<int>("select 1")));
            Assert.DoesNotThrow(() => compat.ReKey(new byte[length]));
            Assert.DoesNotThrow(() => net.ReKey(new byte[length]));
        }
        finally
        {
            TempFiles.Delete(netPath);
            TempFiles.Delete(compatPath);
        }
    }

    [TestCase(false), TestCase(true)]
    public void ReKey_with_a_wrong_length_byte_key_throws_ArgumentException(bool compat)
    {
        dynamic db = Open(compat, ":memory:");
        using (db)
        {
            db.CreateTable<IndexedPerson>();
            db.Insert(new IndexedPerson { Name = "kept" });
            var error = Assert.Catch(() => db.ReKey(new byte[20]))!;
            Assert.That(error, Is.TypeOf<ArgumentException>());
            Assert.That(((ArgumentException)error).ParamName, Is.EqualTo("key"));
            Assert.That((int)db.Table<IndexedPerson>().Count(), Is.EqualTo(1), "nothing stored is lost");
        }
    }

    [Test]
    public void Failed_commit_traces_commit_then_rollback_as_sqlite_net_does()
    {
        List<string> Trace(bool compat)
        {
            var lines = new List<string>();
            dynamic db = Open(compat, ":memory:");
            using (db)
            {
                db.Execute("pragma foreign_keys = on");
                db.Execute("create table parent (id integer primary key)");
                db.Execute("create table child (pid integer references parent(id) deferrable initially deferred)");
                db.Trace = true;
                db.Tracer = new Action<string>(lines.Add);
                db.BeginTransaction();
                db.Execute("insert into child values (5)");
                var error = Assert.Catch(() => db.Commit())!;
                Assert.That(error.GetType().Name, Is.EqualTo("SQLiteException"));
                Assert.That((bool)db.IsInTransaction, Is.False);
                db.Trace = false;
                Assert.That((int)db.ExecuteScalar<int>("select count(*) from child"), Is.EqualTo(0));
            }

            return lines;
        }

        var expected = Trace(compat: false);
        Assert.That(expected, Does.Contain("Executing: rollback"));
        Assert.That(Trace(compat: true), Is.EqualTo(expected));
    }

    [Test]
    public void Tracer_throwing_at_commit_leaves_no_transaction_open()
    {
        // sqlite-net: the commit never runs, its recovery ROLLBACK is stopped by the tracer too, and the handle stays in
        // the transaction while IsInTransaction says false. The compat package rolls back (documented difference).
        using (var net = new Net.SQLiteConnection(":memory:"))
        {
            net.CreateTable<IndexedPerson>();
            net.BeginTransaction();
            net.Insert(new IndexedPerson { Name = "a" });
            net.Trace = true;
            net.Tracer = line => throw new InvalidOperationException("tracer: " + line);
            Assert.Throws<InvalidOperationException>(net.Commit);
            Assert.That(net.IsInTransaction, Is.False);
            Assert.That(SQLitePCL.raw.sqlite3_get_autocommit(net.Handle), Is.EqualTo(0), "sqlite-net leaves the transaction open");
        }

        using var db = new SQLite.SQLiteConnection(":memory:");
        db.CreateTable<IndexedPerson>();
        db.BeginTransaction();
        db.Insert(new IndexedPerson { Name = "a" });
        db.Trace = true;
        db.Tracer = line => throw new InvalidOperationException("tracer: " + line);
        var error = Assert.Throws<InvalidOperationException>(db.Commit)!;
        Assert.That(error.Message, Is.EqualTo("tracer: Executing: commit"));
        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(SQLitePCL.raw.sqlite3_get_autocommit(db.Handle), Is.EqualTo(1), "no transaction is left open");
        db.Trace = false;
        Assert.That(db.Table<IndexedPerson>().Count(), Is.EqualTo(0), "the commit failed, so its work is rolled back");
        Assert.DoesNotThrow(db.BeginTransaction);
        db.Rollback();
    }

    [Test]
    public void Tracer_throwing_at_the_outermost_release_leaves_no_transaction_open()
    {
        using (var net = new Net.SQLiteConnection(":memory:"))
        {
            net.CreateTable<IndexedPerson>();
            var netPoint = net.SaveTransactionPoint();
            net.Trace = true;
            net.Tracer = line => throw new InvalidOperationException("tracer: " + line);
            Assert.Throws<InvalidOperationException>(() => net.Release(netPoint));
            Assert.That(net.IsInTransaction, Is.False);
        }

        using var db = new SQLite.SQLiteConnection(":memory:");
        db.CreateTable<IndexedPerson>();
        var point = db.SaveTransactionPoint();
        db.Insert(new IndexedPerson { Name = "a" });
        db.Trace = true;
        db.Tracer = line => throw new InvalidOperationException("tracer: " + line);
        Assert.Throws<InvalidOperationException>(() => db.Release(point));
        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(SQLitePCL.raw.sqlite3_get_autocommit(db.Handle), Is.EqualTo(1));
        db.Trace = false;
        Assert.DoesNotThrow(db.BeginTransaction);
        db.Rollback();
    }

    [Test]
    public void Tracer_throwing_at_an_inner_release_keeps_the_outer_transaction()
    {
        using var db = new SQLite.SQLiteConnection(":memory:");
        db.CreateTable<IndexedPerson>();
        db.BeginTransaction();
        db.Insert(new IndexedPerson { Name = "outer" });
        var inner = db.SaveTransactionPoint();
        db.Trace = true;
        db.Tracer = line => throw new InvalidOperationException("tracer: " + line);
        Assert.Throws<InvalidOperationException>(() => db.Release(inner));
        db.Trace = false;
        Assert.That(db.IsInTransaction, Is.True);
        db.Commit();
        Assert.That(db.Table<IndexedPerson>().Count(), Is.EqualTo(1));
    }

    [Test]
    public void Tracer_throwing_at_rollback_still_rolls_back()
    {
        using var db = new SQLite.SQLiteConnection(":memory:");
        db.CreateTable<IndexedPerson>();
        db.BeginTransaction();
        db.Insert(new IndexedPerson { Name = "a" });
        db.Trace = true;
        db.Tracer = line => throw new InvalidOperationException("tracer: " + line);
        Assert.Throws<InvalidOperationException>(db.Rollback);
        db.Trace = false;
        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(db.Table<IndexedPerson>().Count(), Is.EqualTo(0));
    }

    [Test]
    public void Column_indices_report_the_declared_name_order_and_uniqueness()
    {
        static string Describe(IEnumerable<(string Column, IEnumerable<(string Name, int Order, bool Unique, string Type)> Indices)> columns) =>
            string.Join("; ", columns.Select(c => c.Column + ": " + string.Join(", ", c.Indices.Select(i => $"{i.Type} {i.Name ?? "-"} {i.Order} {i.Unique}"))));

        using var net = new Net.SQLiteConnection(":memory:");
        using var compat = new SQLite.SQLiteConnection(":memory:");
        var expected = Describe(net.GetMapping<IndexedPerson>().Columns.Select(c => (c.Name, c.Indices.Select(i => (i.Name, i.Order, i.Unique, i.GetType().Name)))));
        var actual = Describe(compat.GetMapping<IndexedPerson>().Columns.Select(c => (c.Name, c.Indices.Select(i => (i.Name, i.Order, i.Unique, i.GetType().Name)))));
        Assert.That(expected, Does.Contain("City: IndexedAttribute IX_City_Age 1 False"));
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Attributes_deriving_from_sqlite_nets_are_honoured_as_sqlite_net_honours_them()
    {
        string Schema(bool compat)
        {
            dynamic db = Open(compat, ":memory:");
            using (db)
            {
                db.CreateTable<WithDerivedAttributes>();
                return string.Join("\n", ((System.Collections.IEnumerable)db.QueryScalars<string>("select sql from sqlite_master order by name")).Cast<string>());
            }
        }

        var expected = Schema(compat: false);
        // Inherited: [Table], [Ignore], [Indexed], [MaxLength]. Exact type only: [PrimaryKey], [AutoIncrement], [NotNull], [Column], [Collation].
        Assert.That(expected, Does.Contain("CREATE TABLE \"derived_attributes\"").And.Contain("varchar(12)").And.Contain("IX_text"));
        Assert.That(expected, Does.Not.Contain("Scratch").And.Not.Contain("primary key").And.Not.Contain("renamed").And.Not.Contain("NOCASE"));
        Assert.That(Schema(compat: true), Is.EqualTo(expected));
    }

    [Test]
    public void Uri_and_StringBuilder_members_are_stored_as_sqlite_net_stores_them()
    {
        string Write(bool compat, out string readBack)
        {
            dynamic db = Open(compat, ":memory:");
            using (db)
            {
                db.CreateTable<LinkRow>();
                db.Insert(new LinkRow { Link = new Uri("https://example.com/a?b=1#c"), Notes = new System.Text.StringBuilder("note é") });
                db.Insert(new LinkRow());
                db.Execute("insert into links (Link, Notes) values (?, ?)", new Uri("http://x.org/"), new System.Text.StringBuilder("arg"));
                var rows = (IEnumerable<LinkRow>)db.Query<LinkRow>("select * from links order by Id");
                readBack = string.Join("; ", rows.Select(r => (r.Link?.ToString() ?? "null") + " " + (r.Notes?.ToString() ?? "null")));
                return string.Join("\n", ((System.Collections.IEnumerable)db.QueryScalars<string>("select sql from sqlite_master where name = 'links'")).Cast<string>())
                    + "\n" + string.Join("\n", ((System.Collections.IEnumerable)db.QueryScalars<string>("select quote(Link) || '|' || quote(Notes) from links order by Id")).Cast<string>());
            }
        }

        var expected = Write(compat: false, out var expectedRead);
        Assert.That(expected, Does.Contain("\"Link\" varchar").And.Contain("\"Notes\" varchar(40)"));
        Assert.That(Write(compat: true, out var actualRead), Is.EqualTo(expected));
        Assert.That(actualRead, Is.EqualTo(expectedRead));
    }

    [Test]
    public void NotNull_violation_from_Execute_has_null_Columns_as_in_sqlite_net()
    {
        using var net = new Net.SQLiteConnection(":memory:");
        using var compat = new SQLite.SQLiteConnection(":memory:");
        net.CreateTable<IndexedPerson>();
        compat.CreateTable<IndexedPerson>();
        const string Sql = "insert into people (City, Age, Code, Name) values ('x', 1, 'c', null)";
        var expected = Assert.Throws<Net.NotNullConstraintViolationException>(() => net.Execute(Sql))!;
        var actual = Assert.Throws<SQLite.NotNullConstraintViolationException>(() => compat.Execute(Sql))!;
        Assert.That(expected.Columns, Is.Null);
        Assert.That(actual.Columns, Is.Null);

        // Through the object API both name the column.
        var fromInsert = Assert.Throws<SQLite.NotNullConstraintViolationException>(() => compat.Insert(new IndexedPerson { Code = "d" }))!;
        Assert.That(fromInsert.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Name" }));
    }

    [Test]
    public void UriBuilder_member_is_refused_at_CreateTable_naming_the_member()
    {
        // sqlite-net stores a UriBuilder as text; MicroDb does not (docs/migrating-from-sqlite-net.md, "Matched on purpose").
        using (var net = new Net.SQLiteConnection(":memory:"))
        {
            net.CreateTable(typeof(UriBuilderRow));
            Assert.That(net.GetTableInfo("UriBuilderRow").Select(c => c.Name), Does.Contain("Address"));
        }

        using var compat = new SQLite.SQLiteConnection(":memory:");
        var error = Assert.Throws<NotSupportedException>(() => compat.CreateTable(typeof(UriBuilderRow)))!;
        Assert.That(error.Message, Does.Contain("Address").And.Contain("UriBuilder"));
        Assert.That(compat.GetTableInfo("UriBuilderRow"), Is.Empty, "no table is created");
    }
}
