extern alias microdb;
extern alias sqlitenet;

using System.Reflection;
using MicroDb.SQLiteNet.Spec.Storage;
using MicroDb.SQLiteNet.Tests.Spec;
using Core = microdb::MicroDb;
using Kind = microdb::MicroDb.Mapping.ColumnKind;
using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// A file written by sqlite-net-pcl, migrated by MicroDb (table rebuilds and renames under the matching
/// <c>StorageFormat.SqliteNet</c>), keeps every stored value byte for byte and reads back identically in sqlite-net.
/// </summary>
public sealed class MigrationOfSqliteNetFileTests
{
    private static readonly PropertyInfo[] Stored = typeof(Everything).GetProperties().Where(p => p.Name != nameof(Everything.Ignored)).ToArray();

    private static IEnumerable<TestCaseData> Settings() =>
        new[] { StorageSetting.Default, StorageSetting.DateTimeText, StorageSetting.DateTimeRoundTripText, StorageSetting.TimeSpanText }
            .Select(s => new TestCaseData(s).SetArgDisplayNames(s.Name));

    [TestCaseSource(nameof(Settings))]
    public void Migrating_a_sqlite_net_file_keeps_every_value(StorageSetting setting)
    {
        var path = TempFiles.NewPath();
        try
        {
            using (var net = OpenSqliteNet(path, setting))
            {
                net.CreateTable<Everything>();
                net.InsertAll(Rows.Sample());
            }

            var valuesBefore = StoredValues(path);
            var rowsBefore = ReadWithSqliteNet(path, setting);

            var format = Core.StorageFormat.SqliteNet(setting.StoreDateTimeAsTicks, setting.DateTimeStringFormat, setting.StoreTimeSpanAsTicks);
            using (var db = new Core.MicroDbConnection(new Core.MicroDbOptions(path) { Storage = format }))
            {
                var applied = db.Migrate(new Core.MicroDbMigrations()
                    .Add("001_default", m => m.SetColumnDefault("everything", "Int", 7))
                    .Add("002_collation", m => m.SetColumnCollation("everything", "Code", "NOCASE"))
                    .Add("003_types", m =>
                    {
                        m.ChangeColumnType("everything", "When", Kind.DateTime);
                        m.ChangeColumnType("everything", "WhenOffset", Kind.DateTimeOffset);
                        m.ChangeColumnType("everything", "Span", Kind.TimeSpan);
                        m.ChangeColumnType("everything", "Guid", Kind.Guid);
                        m.ChangeColumnType("everything", "Long", Kind.Int64);
                    })
                    .Add("004_rename_there_and_back", m =>
                    {
                        m.RenameColumn("everything", "Text", "Body");
                        m.RenameColumn("everything", "Body", "Text");
                    }));
                Assert.That(applied, Has.Count.EqualTo(4));
                Assert.That(db.QueryScalars<string>("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }));
            }

            Assert.That(StoredValues(path), Is.EqualTo(valuesBefore), "typeof and quote() of every value");
            Assert.That(ReadWithSqliteNet(path, setting), Is.EqualTo(rowsBefore), "sqlite-net reads the same rows");
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    private static List<string> ReadWithSqliteNet(string path, StorageSetting setting)
    {
        using var db = OpenSqliteNet(path, setting);
        return db.Table<Everything>().OrderBy(e => e.Id).ToList().Select(row => string.Join("; ", Stored.Select(p => p.Name + "=" + Canonical.Describe(p.GetValue(row))))).ToList();
    }

    private static Net.SQLiteConnection OpenSqliteNet(string path, StorageSetting setting)
    {
        const Net.SQLiteOpenFlags flags = Net.SQLiteOpenFlags.ReadWrite | Net.SQLiteOpenFlags.Create | Net.SQLiteOpenFlags.FullMutex;
        var cs = setting.DateTimeStringFormat is null
            ? new Net.SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks)
            : new Net.SQLiteConnectionString(path, flags, setting.StoreDateTimeAsTicks, dateTimeStringFormat: setting.DateTimeStringFormat, storeTimeSpanAsTicks: setting.StoreTimeSpanAsTicks);
        return new Net.SQLiteConnection(cs);
    }

    private static List<string> StoredValues(string path)
    {
        using var db = new SQLite.SQLiteConnection(path);
        var columns = db.QueryScalars<string>("select name from pragma_table_info('everything') order by cid");
        var select = string.Join(" || ' | ' || ", columns.Select(c => $"'{c}=' || typeof(\"{c}\") || ' ' || quote(\"{c}\")"));
        return db.QueryScalars<string>($"select {select} from everything order by Id");
    }
}
