extern alias sqlitenet;

using System.Reflection;
using MicroDb.SQLiteNet.Spec.Storage;
using MicroDb.SQLiteNet.Tests.Spec;
using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// Files written by sqlite-net-pcl 1.11.285 and by MicroDb.SQLiteNet, under every storage setting: each library reads
/// the other's file back value for value as the writer itself does, and both write the same bytes (every stored value
/// and the schema text are equal).
/// </summary>
public sealed class CrossLibraryTests
{
    private static readonly PropertyInfo[] Stored = typeof(Everything).GetProperties().Where(p => p.Name != nameof(Everything.Ignored)).ToArray();

    private static IEnumerable<TestCaseData> Settings() =>
        new[] { StorageSetting.Default, StorageSetting.DateTimeText, StorageSetting.DateTimeCustomText, StorageSetting.DateTimeRoundTripText, StorageSetting.TimeSpanText }
            .Select(s => new TestCaseData(s).SetArgDisplayNames(s.Name));

    [TestCaseSource(nameof(Settings))]
    public void SqliteNet_file_reads_back_identically_with_compat(StorageSetting setting)
    {
        var path = TempFiles.NewPath();
        try
        {
            WriteWithSqliteNet(path, setting);
            Assert.That(ReadWithCompat(path, setting), Is.EqualTo(ReadWithSqliteNet(path, setting)));
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    [TestCaseSource(nameof(Settings))]
    public void Compat_file_reads_back_identically_with_sqlite_net(StorageSetting setting)
    {
        var path = TempFiles.NewPath();
        try
        {
            WriteWithCompat(path, setting);
            Assert.That(ReadWithSqliteNet(path, setting), Is.EqualTo(ReadWithCompat(path, setting)));
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    [TestCaseSource(nameof(Settings))]
    public void Compat_writes_the_same_file_contents_as_sqlite_net(StorageSetting setting)
    {
        var netPath = TempFiles.NewPath();
        var compatPath = TempFiles.NewPath();
        try
        {
            WriteWithSqliteNet(netPath, setting);
            WriteWithCompat(compatPath, setting);
            Assert.Multiple(() =>
            {
                Assert.That(Schema(compatPath), Is.EqualTo(Schema(netPath)), "sqlite_master");
                Assert.That(StoredValues(compatPath), Is.EqualTo(StoredValues(netPath)), "typeof and quote() of every value");
            });
        }
        finally
        {
            TempFiles.Delete(netPath);
            TempFiles.Delete(compatPath);
        }
    }

    [Test]
    public void Compat_queries_a_sqlite_net_file_by_every_stored_form()
    {
        var path = TempFiles.NewPath();
        try
        {
            WriteWithSqliteNet(path, StorageSetting.DateTimeText);
            using var db = CompatProbe.Open(path, StorageSetting.DateTimeText);
            var when = new DateTime(2024, 3, 5, 6, 7, 8, 123);
            Assert.Multiple(() =>
            {
                Assert.That(db.Table<Everything>().Where(e => e.Shade == Shade.Dark).Count(), Is.EqualTo(1), "[StoreAsText] enum in LINQ");
                Assert.That(db.Query<Everything>("select * from everything where Shade = ?", Shade.Dark), Has.Count.EqualTo(1), "[StoreAsText] enum argument");
                Assert.That(db.Table<Everything>().Where(e => e.When == when).Count(), Is.EqualTo(1), "DateTime text in LINQ");
                Assert.That(db.Query<Everything>("select * from everything where \"When\" = ?", when), Has.Count.EqualTo(1), "DateTime text argument");
                Assert.That(db.Find<Everything>(1)?.Code, Is.EqualTo("A1"), "Find by key");
                Assert.That(db.Table<Everything>().Where(e => e.Code == "a1").Count(), Is.EqualTo(1), "NOCASE collation");
            });
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    private static void WriteWithSqliteNet(string path, StorageSetting setting)
    {
        using var db = OpenSqliteNet(path, setting);
        db.CreateTable<Everything>();
        db.InsertAll(Rows.Sample());
    }

    private static void WriteWithCompat(string path, StorageSetting setting)
    {
        using var db = CompatProbe.Open(path, setting);
        db.CreateTable<Everything>();
        db.InsertAll(Rows.Sample());
    }

    private static List<string> ReadWithSqliteNet(string path, StorageSetting setting)
    {
        using var db = OpenSqliteNet(path, setting);
        return db.Table<Everything>().OrderBy(e => e.Id).ToList().Select(Describe).ToList();
    }

    private static List<string> ReadWithCompat(string path, StorageSetting setting)
    {
        using var db = CompatProbe.Open(path, setting);
        return db.Table<Everything>().OrderBy(e => e.Id).ToList().Select(Describe).ToList();
    }

    private static Net.SQLiteConnection OpenSqliteNet(string path, StorageSetting setting)
    {
        const Net.SQLiteOpenFlags flags = Net.SQLiteOpenFlags.ReadWrite | Net.SQLiteOpenFlags.Create | Net.SQLiteOpenFlags.FullMutex;
        var cs = setting.DateTimeStringFormat is null
            ? new Net.SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks)
            : new Net.SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks, dateTimeStringFormat: setting.DateTimeStringFormat, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks);
        return new Net.SQLiteConnection(cs);
    }

    private static string Describe(Everything row) => string.Join("; ", Stored.Select(p => p.Name + "=" + Canonical.Describe(p.GetValue(row))));

    private static List<string> Schema(string path)
    {
        using var db = new SQLite.SQLiteConnection(path);
        return db.QueryScalars<string>("select type || ' ' || name || ': ' || ifnull(sql, '') from sqlite_master order by name");
    }

    private static List<string> StoredValues(string path)
    {
        using var db = new SQLite.SQLiteConnection(path);
        var columns = db.QueryScalars<string>("select name from pragma_table_info('everything') order by cid");
        var select = string.Join(" || ' | ' || ", columns.Select(c => $"'{c}=' || typeof(\"{c}\") || ' ' || quote(\"{c}\")"));
        return db.QueryScalars<string>($"select {select} from everything order by Id");
    }
}
