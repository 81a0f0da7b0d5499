extern alias microdb;
extern alias sqlitenet;

using Core = microdb::MicroDb;
using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>Two index names that differ only in case, on two members.</summary>
[SQLite.Table("cased"), Net.Table("cased")]
public sealed class CaseVariantIndexes
{
    /// <summary>Key.</summary>
    [SQLite.PrimaryKey, SQLite.AutoIncrement, Net.PrimaryKey, Net.AutoIncrement]
    public int Id { get; set; }

    /// <summary>In <c>IX_Cased</c>.</summary>
    [SQLite.Indexed("IX_Cased", 1), Net.Indexed("IX_Cased", 1)]
    public string? First { get; set; }

    /// <summary>In <c>ix_cased</c>.</summary>
    [SQLite.Indexed("ix_cased", 2), Net.Indexed("ix_cased", 2)]
    public string? Second { get; set; }
}

/// <summary>One index name, declared plain on one member and unique on another.</summary>
[SQLite.Table("mixed"), Net.Table("mixed")]
public sealed class MixedUniqueness
{
    /// <summary>Key.</summary>
    [SQLite.PrimaryKey, Net.PrimaryKey]
    public int Id { get; set; }

    /// <summary>Plain.</summary>
    [SQLite.Indexed("IX_mixed", 1), Net.Indexed("IX_mixed", 1)]
    public string? A { get; set; }

    /// <summary>Unique.</summary>
    [SQLite.Unique(Name = "IX_mixed", Order = 2), Net.Unique(Name = "IX_mixed", Order = 2)]
    public string? B { get; set; }
}

/// <summary>
/// sqlite-net's schema dialect (src/Shared/SqliteNetDialect.cs) checked against sqlite-net-pcl itself: the compat
/// package and MicroDb's own connection under <c>StorageFormat.SqliteNet</c> write the same tables and indexes.
/// </summary>
public sealed class DialectParityTests
{
    private static IEnumerable<TestCaseData> Formats() =>
    [
        new TestCaseData(true, true).SetArgDisplayNames("ticks"),
        new TestCaseData(false, false).SetArgDisplayNames("text"),
    ];

    [Test]
    public void Index_names_differing_only_in_case_make_the_indexes_sqlite_net_makes()
    {
        // sqlite-net groups by name with case (two CREATE INDEX IF NOT EXISTS); SQLite's names ignore case, so the
        // first wins and the second member gets no index. The shared dialect groups the same way, for both connections.
        using var net = new Net.SQLiteConnection(":memory:");
        net.CreateTable<CaseVariantIndexes>();
        var expected = Schema(net.Handle);
        Assert.That(expected, Does.Contain("index IX_Cased: CREATE INDEX \"IX_Cased\" on \"cased\"(\"First\")"));
        Assert.That(expected.Count(l => l.StartsWith("index ", StringComparison.Ordinal)), Is.EqualTo(1));

        using var compat = new SQLite.SQLiteConnection(":memory:");
        compat.CreateTable<CaseVariantIndexes>();
        Assert.That(Schema(compat.Handle), Is.EqualTo(expected), "compat package");

        using var db = OpenMicroDb(dateTimeAsTicks: true, timeSpanAsTicks: true);
        var report = db.Migrate<CaseVariantIndexes>();
        Assert.That(Schema(db.Handle), Is.EqualTo(expected), "MicroDb in sqlite-net's format");
        Assert.That(report.CreatedIndexes, Is.EqualTo(new[] { "IX_Cased" }), "the case variant is reported as present, not created");
    }

    [Test]
    public void Plain_and_unique_columns_in_one_index_are_refused_after_the_table_is_created()
    {
        // sqlite-net throws a plain Exception after creating the table; the compat package and MicroDb in sqlite-net's
        // format throw InvalidOperationException naming the index, the table and the column (a listed difference), and
        // leave the same schema.
        using var net = new Net.SQLiteConnection(":memory:");
        Assert.That(() => net.CreateTable<MixedUniqueness>(), Throws.Exception.With.Message.Contains("same value for their Unique property"));
        var expected = Schema(net.Handle);
        Assert.That(expected, Has.Some.StartsWith("table mixed:"));
        Assert.That(expected, Has.None.StartsWith("index "));

        using var compat = new SQLite.SQLiteConnection(":memory:");
        var fromCompat = Assert.Throws<InvalidOperationException>(() => compat.CreateTable<MixedUniqueness>())!;
        Assert.That(fromCompat.Message, Does.Contain("'IX_mixed'").And.Contain("'mixed'").And.Contain("'B'"));
        Assert.That(Schema(compat.Handle), Is.EqualTo(expected), "compat package");

        using var db = OpenMicroDb(dateTimeAsTicks: true, timeSpanAsTicks: true);
        var fromMicroDb = Assert.Throws<InvalidOperationException>(() => db.CreateTable<MixedUniqueness>())!;
        Assert.That(fromMicroDb.Message, Is.EqualTo(fromCompat.Message));
        Assert.That(Schema(db.Handle), Is.EqualTo(expected), "MicroDb in sqlite-net's format");
    }

    [TestCaseSource(nameof(Formats))]
    public void MicroDb_in_sqlite_net_format_writes_sqlite_nets_schema_text(bool dateTimeAsTicks, bool timeSpanAsTicks)
    {
        var connectionString = new Net.SQLiteConnectionString(":memory:", Net.SQLiteOpenFlags.ReadWrite | Net.SQLiteOpenFlags.Create, dateTimeAsTicks, storeTimeSpanAsTicks: timeSpanAsTicks);
        using var net = new Net.SQLiteConnection(connectionString);
        net.CreateTable<Everything>();
        net.CreateTable<IndexedPerson>();
        net.CreateTable<Pair>();
        net.CreateIndex("pairs", ["Name", "Code"], unique: true);
        net.CreateIndex("IX_people_age", "people", "Age");
        var expected = Schema(net.Handle);

        using var db = OpenMicroDb(dateTimeAsTicks, timeSpanAsTicks);
        db.CreateTable<Everything>();
        db.CreateTable<IndexedPerson>();
        db.CreateTable<Pair>();
        db.CreateIndex("pairs", ["Name", "Code"], unique: true);
        db.CreateIndex("IX_people_age", "people", ["Age"]);
        Assert.That(Schema(db.Handle), Is.EqualTo(expected));
    }

    [Test]
    public void MicroDb_in_sqlite_net_format_declares_inherited_columns_base_class_first_and_sqlite_net_reads_the_table()
    {
        // A listed difference (docs/sqlite-net-storage.md): MicroDb's maps know no declaring class, so its own connection
        // declares the base class's columns first, where sqlite-net (and the compat package) declare the type's own first.
        // Columns are read by name, so each library reads the other's table.
        using var net = new Net.SQLiteConnection(":memory:");
        net.CreateTable<Audited>();
        Assert.That(net.QueryScalars<string>("select name from pragma_table_info('audited') order by cid"), Is.EqualTo(new[] { "Id", "Title", "CreatedBy", "CreatedAt" }));

        var path = TempFiles.NewPath();
        try
        {
            using (var db = OpenMicroDb(dateTimeAsTicks: true, timeSpanAsTicks: true, path))
            {
                db.CreateTable<Audited>();
                Assert.That(db.QueryScalars<string>("select name from pragma_table_info('audited') order by cid"), Is.EqualTo(new[] { "CreatedBy", "CreatedAt", "Id", "Title" }));
                db.Insert(new Audited { Title = "t", CreatedBy = "me", CreatedAt = new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc) });
            }

            using var reader = new Net.SQLiteConnection(path);
            var row = reader.Get<Audited>(1);
            Assert.That((row.Title, row.CreatedBy, row.CreatedAt.ToUniversalTime()), Is.EqualTo(("t", "me", new DateTime(2024, 1, 2, 3, 4, 5, DateTimeKind.Utc))));
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    [Test]
    public void Columns_added_to_an_existing_table_are_declared_as_sqlite_net_declares_them()
    {
        using var net = new Net.SQLiteConnection(":memory:");
        net.Execute("create table \"everything\" (\"Id\" integer primary key autoincrement not null)");
        net.CreateTable<Everything>();
        var expected = Schema(net.Handle);

        using var compat = new SQLite.SQLiteConnection(":memory:");
        compat.Execute("create table \"everything\" (\"Id\" integer primary key autoincrement not null)");
        compat.CreateTable<Everything>();
        Assert.That(Schema(compat.Handle), Is.EqualTo(expected), "compat package");

        using var db = OpenMicroDb(dateTimeAsTicks: true, timeSpanAsTicks: true);
        db.Execute("create table \"everything\" (\"Id\" integer primary key autoincrement not null)");
        db.CreateTable<Everything>();
        Assert.That(Schema(db.Handle), Is.EqualTo(expected), "MicroDb in sqlite-net's format");
    }

    [Test]
    public void Statements_trace_sqlite_nets_text_and_prefix()
    {
        List<string> Run(dynamic db, List<string> lines)
        {
            db.CreateTable<Pair>();
            db.CreateTable<Keyless>();
            db.Trace = true;
            // sqlite-net appends the bound values on further lines; the compat package traces the SQL line. A LINQ query's
            // text is each library's own translation, so only its prefix is compared.
            var prefixOnly = false;
            db.Tracer = new Action<string>(line => lines.Add(prefixOnly ? line[..(line.IndexOf(':') + 1)] : line.Split('\n')[0].TrimEnd('\r')));
            var pair = new Pair { Name = "a", Code = "A" };
            db.Insert(pair);
            db.Insert(new Pair { Name = "b", Code = "A" }, "OR IGNORE");
            db.InsertOrReplace(new Pair { Id = pair.Id, Name = "c", Code = "C" });
            db.Update(new Pair { Id = pair.Id, Name = "d", Code = "D" });
            db.Insert(new Keyless { Body = "x" });
            db.Get<Pair>(pair.Id);
            db.Find<Pair>(-1);
            db.Query<Pair>("select * from pairs where Id = ?", pair.Id);
            db.ExecuteScalar<int>("select count(*) from pairs");
            db.QueryScalars<string>("select Name from pairs");
            prefixOnly = true;
            db.Table<Pair>().Where((System.Linq.Expressions.Expression<Func<Pair, bool>>)(p => p.Name == "d")).ToList();
            db.Table<Pair>().Count();
            db.Table<Pair>().Delete((System.Linq.Expressions.Expression<Func<Pair, bool>>)(p => p.Name == "none"));
            prefixOnly = false;
            db.GetTableInfo("pairs");
            db.Delete(new Pair { Id = pair.Id });
            db.Delete<Pair>(pair.Id);
            db.DeleteAll<Pair>();
            db.CreateIndex("pairs", new[] { "Name", "Code" });
            db.DropTable<Pair>();
            return lines;
        }

        using var net = new Net.SQLiteConnection(":memory:");
        var expected = Run(net, []);
        using var compat = new SQLite.SQLiteConnection(":memory:");
        var actual = Run(compat, []);
        Assert.That(expected, Does.Contain("Executing: update \"pairs\" set \"Name\" = ? ,\"Code\" = ?  where \"Id\" = ? "));
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Object_statements_with_a_conflict_clause_run_through_MicroDbs_statement_runner()
    {
        // The statement the compat package cannot take from MicroDb's map (sqlite-net's OR IGNORE insert) still runs on
        // MicroDb's runner, so MicroDb's statement callback sees it.
        var seen = new List<string>();
        using var compat = new SQLite.SQLiteConnection(":memory:");
        compat.CreateTable<Pair>();
        using var listener = new System.Diagnostics.ActivityListener
        {
            ShouldListenTo = source => source.Name == Core.MicroDbDiagnostics.ActivitySourceName,
            Sample = (ref System.Diagnostics.ActivityCreationOptions<System.Diagnostics.ActivityContext> _) => System.Diagnostics.ActivitySamplingResult.AllData,
            ActivityStopped = activity => seen.Add(activity.GetTagItem("db.query.text") as string ?? ""),
        };
        System.Diagnostics.ActivitySource.AddActivityListener(listener);
        compat.Insert(new Pair { Name = "a", Code = "A" }, "OR IGNORE");
        Assert.That(seen, Has.Some.Contains("insert OR IGNORE into \"pairs\"(\"Name\",\"Code\") values (?,?)"));
    }

    private static Core.MicroDbConnection OpenMicroDb(bool dateTimeAsTicks, bool timeSpanAsTicks, string path = ":memory:")
    {
        var options = new Core.MicroDbOptions(path) { Preset = Core.MicroDbPreset.Untuned };
        options.Storage = Core.StorageFormat.SqliteNet(dateTimeAsTicks, null, timeSpanAsTicks);
        microdb::MicroDb.Runtime.Reflection.MicroDbOptionsExtensions.UseReflection(options, sqliteNetMemberRule: true);
        return new Core.MicroDbConnection(options);
    }

    private static List<string> Schema(SQLitePCL.sqlite3 handle)
    {
        var lines = new List<string>();
        SQLitePCL.raw.sqlite3_prepare_v2(handle, "select type || ' ' || name || ': ' || coalesce(sql, '') from sqlite_master order by type, name", out var statement);
        using (statement)
        {
            while (SQLitePCL.raw.sqlite3_step(statement) == SQLitePCL.raw.SQLITE_ROW)
            {
                lines.Add(SQLitePCL.raw.sqlite3_column_text(statement, 0).utf8_to_string());
            }
        }

        return lines;
    }
}
