using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>Opening, settings, tracing and the members around the connection itself.</summary>
public sealed class ConnectionTests : CompatTest
{
    [Test]
    public void Connection_keeps_sqlite_nets_rollback_journal()
    {
        Assert.That(Db.ExecuteScalar<string>("pragma journal_mode"), Is.EqualTo("delete"));
    }

    [Test]
    public void Opening_a_WAL_database_leaves_its_journal_mode_alone()
    {
        Db.EnableWriteAheadLogging();
        Db.Close();
        using var again = new SQLiteConnection(Path);
        Assert.That(again.ExecuteScalar<string>("pragma journal_mode"), Is.EqualTo("wal"));
    }

    [Test]
    public void Properties_report_the_connection_settings()
    {
        using var text = new SQLiteConnection(new SQLiteConnectionString(Path, SQLiteOpenFlags.ReadWrite, false, dateTimeStringFormat: "yyyy-MM-dd", storeTimeSpanAsTicks: false));
        Assert.Multiple(() =>
        {
            Assert.That(Db.DatabasePath, Is.EqualTo(Path));
            Assert.That(Db.StoreDateTimeAsTicks, Is.True);
            Assert.That(Db.StoreTimeSpanAsTicks, Is.True);
            Assert.That(Db.DateTimeStringFormat, Is.EqualTo("yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff"));
            Assert.That(text.StoreDateTimeAsTicks, Is.False);
            Assert.That(text.StoreTimeSpanAsTicks, Is.False);
            Assert.That(text.DateTimeStringFormat, Is.EqualTo("yyyy-MM-dd"));
            Assert.That(Db.LibVersionNumber, Is.EqualTo(SQLite3.LibVersionNumber()).And.GreaterThan(3_030_000));
            Assert.That(Db.Handle, Is.Not.Null);
            Assert.That(Db.BusyTimeout, Is.EqualTo(TimeSpan.FromSeconds(1)));
        });
    }

    [Test]
    public void BusyTimeout_is_applied_to_the_connection()
    {
        Db.BusyTimeout = TimeSpan.FromMilliseconds(250);
        Assert.That(Db.BusyTimeout, Is.EqualTo(TimeSpan.FromMilliseconds(250)));
        using var other = new SQLiteConnection(Path) { BusyTimeout = TimeSpan.FromMilliseconds(50) };
        Db.CreateTable<Item>();
        Db.BeginTransaction();
        Db.Insert(NewItem("locks"));
        var error = Assert.Throws<SQLiteException>(() => other.Insert(NewItem("waits")));
        Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.Busy));
        Db.Rollback();
    }

    [Test]
    public void Read_only_connection_refuses_writes()
    {
        Db.CreateTable<Item>();
        Db.Close();
        using var readOnly = new SQLiteConnection(Path, SQLiteOpenFlags.ReadOnly);
        var error = Assert.Throws<SQLiteException>(() => readOnly.Insert(NewItem("x")));
        Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.ReadOnly));
    }

    [Test]
    public void Opening_a_missing_file_without_Create_throws_CannotOpen()
    {
        var missing = TempFiles.NewPath();
        var error = Assert.Throws<SQLiteException>(() => new SQLiteConnection(missing, SQLiteOpenFlags.ReadWrite));
        Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.CannotOpen));
    }

    [Test]
    public void Trace_writes_each_statement_to_the_Tracer()
    {
        var lines = new List<string>();
        Db.Tracer = lines.Add;
        Db.Trace = true;
        Db.Execute("create table t (x)");
        Db.TimeExecution = true;
        Db.Execute("insert into t values (?)", 1);
        Assert.Multiple(() =>
        {
            Assert.That(lines[0], Is.EqualTo("Executing: create table t (x)"));
            Assert.That(lines[1], Is.EqualTo("Executing: insert into t values (?)"));
            Assert.That(lines[2], Does.StartWith("Finished in "));
        });
    }

    [Test]
    public void Trace_is_off_by_default()
    {
        var lines = new List<string>();
        Db.Tracer = lines.Add;
        Db.Execute("create table t (x)");
        Assert.That(lines, Is.Empty);
    }

    [Test]
    public void An_app_can_subclass_SQLiteConnection()
    {
        Db.Close();
        using var app = new AppDatabase(Path);
        app.Insert(NewItem("b", category: "tools"));
        app.Insert(NewItem("a", category: "TOOLS"));
        ISQLiteConnection asInterface = app;
        Assert.Multiple(() =>
        {
            Assert.That(app.InCategory("tools").Select(i => i.Name), Is.EqualTo(new[] { "a", "b" }), "NOCASE collation");
            Assert.That(asInterface.Table<Item>().Count(), Is.EqualTo(2));
        });
    }

    [Test]
    public void Backup_copies_the_database()
    {
        AddItems("a", "b");
        var copy = TempFiles.NewPath();
        try
        {
            Db.Backup(copy);
            using var backup = new SQLiteConnection(copy);
            Assert.That(backup.Table<Item>().Count(), Is.EqualTo(2));
        }
        finally
        {
            TempFiles.Delete(copy);
        }
    }

    [Test]
    public void Backup_of_an_unknown_schema_throws_SQLiteException()
    {
        var copy = TempFiles.NewPath();
        try
        {
            Assert.Throws<SQLiteException>(() => Db.Backup(copy, "nosuchdb"));
        }
        finally
        {
            TempFiles.Delete(copy);
        }
    }

    [Test]
    public void Close_twice_is_harmless_and_Dispose_closes()
    {
        Db.Close();
        Assert.DoesNotThrow(() => Db.Close());
        Assert.Throws<ObjectDisposedException>(() => Db.Execute("select 1"));
    }

    [Test]
    public void Connection_string_rejects_a_key_that_is_not_text_or_bytes()
    {
        var error = Assert.Throws<ArgumentException>(() => new SQLiteConnectionString(Path, true, key: 42));
        Assert.That(error!.ParamName, Is.EqualTo("key"));
    }

    [Test]
    public void Connection_string_reports_its_settings()
    {
        var cs = new SQLiteConnectionString(Path, SQLiteOpenFlags.ReadOnly, false, dateTimeStringFormat: "o");
        Assert.Multiple(() =>
        {
            Assert.That(cs.DatabasePath, Is.EqualTo(Path));
            Assert.That(cs.OpenFlags, Is.EqualTo(SQLiteOpenFlags.ReadOnly));
            Assert.That(cs.StoreDateTimeAsTicks, Is.False);
            Assert.That(cs.StoreTimeSpanAsTicks, Is.True);
            Assert.That(cs.DateTimeStyle, Is.EqualTo(System.Globalization.DateTimeStyles.RoundtripKind));
            Assert.That(cs.UniqueKey, Is.EqualTo(Path + "_00000001"));
            Assert.That(new SQLiteConnectionString(Path).DateTimeStyle, Is.EqualTo(System.Globalization.DateTimeStyles.AssumeLocal));
        });
    }

    [Test]
    public void Key_actions_run_around_the_key_pragma()
    {
        var order = new List<string>();
        var cs = new SQLiteConnectionString(Path, true, key: "secret", preKeyAction: _ => order.Add("pre"), postKeyAction: _ => order.Add("post"));
        using var keyed = new SQLiteConnection(cs);
        Assert.That(order, Is.EqualTo(new[] { "pre", "post" }));
    }
}
