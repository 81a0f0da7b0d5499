extern alias sqlitenet;

using SQLite;
using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// SQLiteConnection.Backup on sqlite-net-pcl 1.11 and on the compat package, side by side in one process: the same copy,
/// and the same exception type and result code for each bad destination (the compat package's messages name the cause).
/// </summary>
public sealed class BackupParityTests
{
    private readonly List<string> _paths = [];

    [TearDown]
    public void TearDown()
    {
        foreach (var path in _paths)
        {
            TempFiles.Delete(path);
        }
    }

    [Test]
    public void Both_copy_every_row_and_each_reads_the_others_backup()
    {
        var (netSource, compatSource) = (NewPath(), NewPath());
        var (netCopy, compatCopy) = (NewPath(), NewPath());
        using var net = Filled(new Net.SQLiteConnection(netSource));
        using var compat = Filled(new SQLiteConnection(compatSource));

        net.Backup(netCopy);
        compat.Backup(compatCopy);

        using var netReadsCompat = new Net.SQLiteConnection(compatCopy);
        using var compatReadsNet = new SQLiteConnection(netCopy);
        Assert.Multiple(() =>
        {
            Assert.That(netReadsCompat.ExecuteScalar<int>("select count(*) from t"), Is.EqualTo(500));
            Assert.That(compatReadsNet.ExecuteScalar<int>("select count(*) from t"), Is.EqualTo(500));
            Assert.That(netReadsCompat.ExecuteScalar<string>("pragma integrity_check"), Is.EqualTo("ok"));
            Assert.That(compatReadsNet.ExecuteScalar<string>("select group_concat(x) from (select x from t order by x limit 3)"), Is.EqualTo("0,1,2"));
        });
    }

    [Test]
    public void Backup_onto_its_own_file_is_Busy_on_both_and_the_source_is_intact()
    {
        var (netSource, compatSource) = (NewPath(), NewPath());
        using var net = Filled(new Net.SQLiteConnection(netSource));
        using var compat = Filled(new SQLiteConnection(compatSource));

        var netError = Assert.Throws<Net.SQLiteException>(() => net.Backup(netSource));
        var compatError = Assert.Throws<SQLiteException>(() => compat.Backup(compatSource));

        Assert.That((int)compatError!.Result, Is.EqualTo((int)netError!.Result).And.EqualTo((int)SQLite3.Result.Busy));
        Assert.That(compatError.Message, Does.Contain("is the source database itself"));
        Assert.That(compat.ExecuteScalar<int>("select count(*) from t"), Is.EqualTo(500));
        Assert.That(compat.ExecuteScalar<string>("pragma integrity_check"), Is.EqualTo("ok"));
    }

    [Test]
    public void Backup_into_a_missing_directory_is_CannotOpen_on_both()
    {
        var (netSource, compatSource) = (NewPath(), NewPath());
        using var net = Filled(new Net.SQLiteConnection(netSource));
        using var compat = Filled(new SQLiteConnection(compatSource));
        var missing = Path.Combine(Path.GetTempPath(), "mdbcompat-missing-" + Guid.NewGuid().ToString("N"), "copy.db");

        var netError = Assert.Throws<Net.SQLiteException>(() => net.Backup(missing));
        var compatError = Assert.Throws<SQLiteException>(() => compat.Backup(missing));

        Assert.That((int)compatError!.Result, Is.EqualTo((int)netError!.Result).And.EqualTo((int)SQLite3.Result.CannotOpen));
        Assert.That(compatError.Message, Does.Contain("does not exist"));
    }

    [Test]
    public void Backup_into_a_locked_file_is_Busy_on_both_and_the_file_keeps_its_content()
    {
        var (netSource, compatSource, locked) = (NewPath(), NewPath(), NewPath());
        using var net = Filled(new Net.SQLiteConnection(netSource));
        using var compat = Filled(new SQLiteConnection(compatSource));
        using var holder = new Net.SQLiteConnection(locked);
        holder.Execute("create table mine (x integer)");
        holder.Execute("begin exclusive");
        Net.SQLiteException netError;
        SQLiteException compatError;
        try
        {
            netError = Assert.Throws<Net.SQLiteException>(() => net.Backup(locked))!;
            compatError = Assert.Throws<SQLiteException>(() => compat.Backup(locked))!;
        }
        finally
        {
            holder.Execute("commit");
        }

        Assert.That((int)compatError.Result, Is.EqualTo((int)netError.Result).And.EqualTo((int)SQLite3.Result.Busy));
        Assert.That(holder.ExecuteScalar<int>("select count(*) from sqlite_master where name = 'mine'"), Is.EqualTo(1));
    }

    [Test]
    public void Backup_inside_a_transaction_is_Busy_on_both_and_the_transaction_goes_on()
    {
        var (netSource, compatSource) = (NewPath(), NewPath());
        using var net = Filled(new Net.SQLiteConnection(netSource));
        using var compat = Filled(new SQLiteConnection(compatSource));
        net.BeginTransaction();
        compat.BeginTransaction();
        net.Execute("insert into t values (-1, null)");
        compat.Execute("insert into t values (-1, null)");

        var netError = Assert.Throws<Net.SQLiteException>(() => net.Backup(NewPath()));
        var compatError = Assert.Throws<SQLiteException>(() => compat.Backup(NewPath()));
        net.Commit();
        compat.Commit();

        Assert.That((int)compatError!.Result, Is.EqualTo((int)netError!.Result).And.EqualTo((int)SQLite3.Result.Busy));
        Assert.That(compat.ExecuteScalar<int>("select count(*) from t"), Is.EqualTo(501));
    }

    [Test]
    public void Compat_backup_of_an_attached_schema_writes_it_to_the_destination_main()
    {
        // sqlite-net-pcl passes the name as the destination's schema too, which a fresh file lacks: sqlite3_backup_init
        // returns null, and stepping it ends the process. The compat package copies the named schema into main.
        var (source, attached, copy) = (NewPath(), NewPath(), NewPath());
        using var compat = Filled(new SQLiteConnection(source));
        compat.Execute("attach database ? as aux", attached);
        compat.Execute("create table aux.only_here (y integer)");
        compat.Execute("insert into aux.only_here values (7)");

        compat.Backup(copy, "aux");

        using var reader = new SQLiteConnection(copy);
        Assert.That(reader.ExecuteScalar<int>("select y from only_here"), Is.EqualTo(7));
        Assert.That(reader.ExecuteScalar<int>("select count(*) from sqlite_master where name = 't'"), Is.Zero);
    }

    private string NewPath()
    {
        var path = TempFiles.NewPath();
        _paths.Add(path);
        return path;
    }

    private static T Filled<T>(T db)
        where T : class
    {
        var execute = db switch
        {
            Net.SQLiteConnection n => (Func<string, int>)(sql => n.Execute(sql)),
            SQLiteConnection c => sql => c.Execute(sql),
            _ => throw new ArgumentException("not a connection", nameof(db)),
        };
        execute("create table t (x integer, pad text)");
        execute("insert into t with recursive n(v) as (select 0 union all select v + 1 from n where v < 499) select v, printf('%.200c', 'p') from n");
        return db;
    }
}
