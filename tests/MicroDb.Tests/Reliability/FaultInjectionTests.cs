using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Reliability;

/// <summary>
/// Faults from outside MicroDb: a full disk, a read-only file, a lock held by someone else, damaged or foreign files,
/// a vanished directory, a connection closed under a running query. Each gives a typed error, keeps committed data
/// and leaves the connection usable where SQLite allows it.
/// </summary>
[TestFixture]
public sealed class FaultInjectionTests : ReliabilityFixture
{
    private const int SqliteFull = 13;
    private const int SqliteBusy = 5;
    private const int SqliteReadOnly = 8;
    private const int SqliteCantOpen = 14;
    private const int SqliteCorrupt = 11;
    private const int SqliteNotADb = 26;

    private static IEnumerable<Person> People(int count, string prefix) =>
        Enumerable.Range(0, count).Select(i => new Person { Name = prefix + i, Email = prefix + "-" + i + new string('e', 30), Age = i });

    private MicroDbConnection OpenNearlyFull()
    {
        var db = OpenWith<Person>();
        db.InsertAll(People(20, "committed"));

        // SQLITE_FULL without filling a real disk: cap the file a few pages above its current size.
        var pages = db.ExecuteScalar<long>("PRAGMA page_count");
        db.Execute($"PRAGMA max_page_count = {pages + 3}");
        return db;
    }

    private static void AssertUsableWithCommittedRowsOnly(MicroDbConnection db)
    {
        Assert.That(db.IsInTransaction, Is.False);
        Assert.That(db.QueryScalars<string>("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(People(20, "committed").Select(p => p.Name)));
        db.Execute("PRAGMA max_page_count = 1000000");
        db.Insert(new Person { Name = "after" });
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(21));
        Assert.That(db.QueryScalars<string>("PRAGMA integrity_check"), Is.EqualTo(new[] { "ok" }));
    }

    [Test]
    public void Disk_full_inside_InsertAll_rolls_back_the_batch_and_keeps_the_connection_usable()
    {
        var db = OpenNearlyFull();

        var error = Assert.Throws<MicroDbException>(() => db.InsertAll(People(2000, "lost")));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteFull));
        Assert.That(error.Message, Does.Contain("full"));
        AssertUsableWithCommittedRowsOnly(db);
    }

    [Test]
    public void Disk_full_inside_RunInTransaction_rolls_back_and_keeps_the_connection_usable()
    {
        var db = OpenNearlyFull();

        var error = Assert.Throws<MicroDbException>(() => db.RunInTransaction(() =>
        {
            db.Execute("UPDATE people SET Age = -1");
            foreach (var person in People(2000, "lost"))
            {
                db.Insert(person);
            }
        }));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteFull));
        Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people WHERE Age = -1"), Is.Zero, "the update in the failed transaction is undone");
        AssertUsableWithCommittedRowsOnly(db);
    }

    [Test]
    public void Disk_full_in_a_manual_transaction_can_be_rolled_back_in_a_catch_block()
    {
        var db = OpenNearlyFull();

        var error = Assert.Throws<MicroDbException>(() =>
        {
            db.BeginTransaction();
            try
            {
                foreach (var person in People(2000, "lost"))
                {
                    db.Insert(person);
                }

                db.Commit();
            }
            catch
            {
                db.Rollback();
                throw;
            }
        });

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteFull));
        AssertUsableWithCommittedRowsOnly(db);
    }

    [Test]
    public void Disk_full_in_an_autocommit_insert_keeps_the_connection_usable()
    {
        var db = OpenNearlyFull();
        var big = new Person { Name = "big", Email = new string('x', 200_000) };

        var error = Assert.Throws<MicroDbException>(() => db.Insert(big));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteFull));
        AssertUsableWithCommittedRowsOnly(db);
    }

    [Test]
    public void Read_only_uri_refuses_writes_and_keeps_data()
    {
        // Tests run as root here, where file permissions do not stop writes; mode=ro makes SQLite itself refuse.
        var writer = OpenWith<Person>();
        writer.Insert(new Person { Name = "kept" });
        writer.Dispose();

        var reader = Open("file:" + DatabasePath + "?mode=ro");
        var error = Assert.Throws<MicroDbException>(() => reader.Insert(new Person { Name = "refused" }));
        var ddl = Assert.Throws<MicroDbException>(() => reader.Execute("CREATE TABLE t (x)"));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteReadOnly));
        Assert.That(error.Message, Does.Contain("readonly"));
        Assert.That(ddl!.ResultCode, Is.EqualTo(SqliteReadOnly));
        Assert.That(reader.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "kept" }));
    }

    [Test]
    public void Read_only_transaction_refuses_writes_and_leaves_no_transaction_open()
    {
        OpenWith<Person>().Dispose();
        var reader = Open(tweak: o => o.ReadOnly = true);

        var error = Assert.Throws<MicroDbException>(() => reader.RunInTransaction(() => reader.Insert(new Person { Name = "x" })));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteReadOnly));
        Assert.That(reader.IsInTransaction, Is.False);
        Assert.That(reader.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.Zero);
    }

    [Test]
    public void Read_only_open_of_a_missing_file_is_CANTOPEN_and_creates_nothing()
    {
        var path = Path.Combine(Folder, "missing.db");

        var error = Assert.Throws<MicroDbException>(() => Open(path, o => o.ReadOnly = true));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteCantOpen));
        Assert.That(error.Message, Does.Contain("missing.db"));
        Assert.That(File.Exists(path), Is.False);
    }

    [Test]
    public void Write_protected_file_refuses_writes_when_permissions_apply()
    {
        var writer = OpenWith<Person>();
        writer.Insert(new Person { Name = "kept" });
        writer.Dispose();
        if (OperatingSystem.IsWindows())
        {
            Assert.Ignore("Unix permissions only.");
            return;
        }

        File.SetUnixFileMode(DatabasePath, UnixFileMode.UserRead | UnixFileMode.GroupRead | UnixFileMode.OtherRead);
        try
        {
            using (var probe = File.Open(DatabasePath, FileMode.Open, FileAccess.ReadWrite))
            {
                Assert.Ignore("Running with privileges that ignore file permissions (root): covered by the ReadOnly and mode=ro tests.");
            }
        }
        catch (UnauthorizedAccessException)
        {
            // Permissions apply: SQLite must fail the write, not the process.
        }

        var error = Assert.Throws<MicroDbException>(() =>
        {
            var db = Open();
            db.Insert(new Person { Name = "refused" });
        });
        Assert.That(error!.ResultCode, Is.AnyOf(SqliteReadOnly, SqliteCantOpen));
    }

    [Test]
    public void Creating_a_file_where_a_directory_is_fails_with_CANTOPEN()
    {
        var error = Assert.Throws<MicroDbException>(() => Open(Folder));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteCantOpen));
        Assert.That(error.Message, Does.Contain(Folder));
    }

    [Test]
    public void Write_lock_held_by_another_connection_past_the_busy_timeout_is_IsBusy_and_recoverable()
    {
        var holder = OpenWith<Person>();
        holder.Insert(new Person { Name = "committed" });
        holder.BeginTransaction();
        holder.Insert(new Person { Name = "uncommitted" });

        var other = Open(tweak: o => o.BusyTimeout = TimeSpan.FromMilliseconds(100));
        var insert = Assert.Throws<MicroDbException>(() => other.Insert(new Person { Name = "blocked" }));
        var begin = Assert.Throws<MicroDbException>(() => other.BeginTransaction());
        var run = Assert.Throws<MicroDbException>(() => other.RunInTransaction(() => other.Insert(new Person { Name = "blocked" })));

        Assert.That(new[] { insert!, begin!, run! }.Select(e => (e.IsBusy, e.ResultCode)), Is.All.EqualTo((true, SqliteBusy)));
        Assert.That(insert!.Message, Does.Contain("locked"));
        Assert.That(other.IsInTransaction, Is.False);

        // WAL readers are not blocked and see only committed data.
        Assert.That(other.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "committed" }));

        holder.Commit();
        other.Insert(new Person { Name = "after" });
        Assert.That(other.QueryScalars<string>("SELECT Name FROM people ORDER BY Id"), Is.EqualTo(new[] { "committed", "uncommitted", "after" }));
    }

    [Test]
    public void Exclusive_lock_under_the_rollback_journal_blocks_readers_with_IsBusy()
    {
        var holder = OpenWith<Person>(tweak: o => o.Preset = MicroDbPreset.Untuned);
        holder.Insert(new Person { Name = "committed" });
        var other = Open(tweak: o => { o.Preset = MicroDbPreset.Untuned; o.BusyTimeout = TimeSpan.FromMilliseconds(50); });
        holder.Execute("BEGIN EXCLUSIVE");
        holder.Insert(new Person { Name = "uncommitted" });

        // Opening is refused too while the lock is held: the open reads the schema.
        var open = Assert.Throws<MicroDbException>(() => Open(tweak: o => { o.Preset = MicroDbPreset.Untuned; o.BusyTimeout = TimeSpan.FromMilliseconds(50); }));
        Assert.That(open!.IsBusy, Is.True);
        var error = Assert.Throws<MicroDbException>(() => other.QueryScalars<string>("SELECT Name FROM people"));

        Assert.That(error!.IsBusy, Is.True);
        holder.Execute("ROLLBACK");
        Assert.That(other.QueryScalars<string>("SELECT Name FROM people"), Is.EqualTo(new[] { "committed" }));
    }

    private string CreateRealDatabase(int rows = 3000)
    {
        var db = OpenWith<Person>(Path.Combine(Folder, "real.db"));
        db.InsertAll(People(rows, "row"));
        db.Dispose(); // the last close checkpoints the WAL into the main file
        return Path.Combine(Folder, "real.db");
    }

    private static void Overwrite(string path, long offset, int count, int seed)
    {
        var garbage = new byte[count];
        new Random(seed).NextBytes(garbage);
        using var file = File.Open(path, FileMode.Open, FileAccess.ReadWrite);
        file.Position = offset;
        file.Write(garbage);
    }

    /// <summary>Opens and reads everything; returns the typed error, failing the test on silent success.</summary>
    private MicroDbException ReadDamaged(string path, out MicroDbConnection? connection)
    {
        connection = null;
        try
        {
            connection = Open(path);
            var names = connection.QueryScalars<string>("SELECT Name FROM people ORDER BY Id");
            var check = connection.QueryScalars<string>("PRAGMA integrity_check");
            Assert.Fail($"A damaged file was read without an error: {names.Count} rows, integrity_check {string.Join(";", check.Take(3))}");
            throw new InvalidOperationException("unreachable");
        }
        catch (MicroDbException error)
        {
            return error;
        }
    }

    [Test]
    public void Garbage_over_the_table_pages_is_a_CORRUPT_error_and_the_connection_survives()
    {
        var path = CreateRealDatabase();
        var length = new FileInfo(path).Length;
        Overwrite(path, 4096 * 2, (int)(length - (4096 * 2)), seed: 11);

        var error = ReadDamaged(path, out var db);

        Assert.That(error.ResultCode, Is.EqualTo(SqliteCorrupt), error.Message);
        Assert.That(error.Message, Does.Contain("malformed"));
        Assert.That(db, Is.Not.Null, "the header page is intact, so the file opens");
        Assert.That(db!.ExecuteScalar<int>("SELECT 41 + 1"), Is.EqualTo(42), "the connection still answers");
    }

    [Test]
    public void Garbage_over_one_page_in_the_middle_is_detected()
    {
        var path = CreateRealDatabase();
        var pages = new FileInfo(path).Length / 4096;
        Overwrite(path, 4096 * (pages / 2), 4096, seed: 12);

        var error = ReadDamaged(path, out _);

        Assert.That(error.ResultCode, Is.EqualTo(SqliteCorrupt), error.Message);
    }

    [Test]
    public void Truncated_file_is_a_CORRUPT_error()
    {
        var path = CreateRealDatabase();
        using (var file = File.Open(path, FileMode.Open, FileAccess.ReadWrite))
        {
            file.SetLength(file.Length / 2);
        }

        var error = ReadDamaged(path, out _);

        Assert.That(error.ResultCode, Is.EqualTo(SqliteCorrupt), error.Message);
    }

    [Test]
    public void File_cut_inside_the_header_is_refused_on_open()
    {
        var path = CreateRealDatabase();
        using (var file = File.Open(path, FileMode.Open, FileAccess.ReadWrite))
        {
            file.SetLength(60);
        }

        var error = Assert.Throws<MicroDbException>(() => Open(path));

        Assert.That(error!.ResultCode, Is.AnyOf(SqliteNotADb, SqliteCorrupt), error.Message);
    }

    [Test]
    public void Garbage_over_the_header_is_NOTADB_on_open_and_the_file_is_left_alone()
    {
        var path = CreateRealDatabase();
        Overwrite(path, 0, 100, seed: 13);
        var before = File.ReadAllBytes(path);

        var error = Assert.Throws<MicroDbException>(() => Open(path));

        Assert.That(error!.ResultCode, Is.EqualTo(SqliteNotADb));
        Assert.That(File.ReadAllBytes(path), Is.EqualTo(before));
    }

    [Test]
    public void Disposing_the_connection_during_a_DeferredQuery_ends_it_cleanly_or_with_ObjectDisposed()
    {
        var db = OpenWith<Person>();
        db.InsertAll(People(50, "row"));
        var enumerator = db.DeferredQuery<Person>("SELECT * FROM people ORDER BY Id").GetEnumerator();
        Assert.That(enumerator.MoveNext(), Is.True);

        db.Dispose();

        try
        {
            Assert.That(enumerator.MoveNext(), Is.False, "no rows after the connection closed");
        }
        catch (ObjectDisposedException)
        {
            // The other accepted outcome.
        }

        Assert.DoesNotThrow(enumerator.Dispose);
        Assert.DoesNotThrow(enumerator.Dispose);

        // Native handles are released by finalizers too; make them run now, in this test.
        GC.Collect();
        GC.WaitForPendingFinalizers();
        Assert.That(Open().ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(50));
    }

    [Test]
    public void Deleting_the_directory_under_an_open_connection_gives_typed_errors_not_a_crash()
    {
        var path = Path.Combine(Folder, "sub", "gone.db");
        Directory.CreateDirectory(Path.GetDirectoryName(path)!);
        var db = OpenWith<Person>(path);
        db.Insert(new Person { Name = "a" });
        Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);

        // On Linux the open file survives unlinking: writes may succeed into the orphaned file or fail typed.
        try
        {
            db.Insert(new Person { Name = "b" });
            Assert.That(db.ExecuteScalar<int>("SELECT count(*) FROM people"), Is.EqualTo(2));
        }
        catch (MicroDbException error)
        {
            Assert.That(error.ResultCode, Is.Not.Zero);
        }

        Assert.DoesNotThrow(db.Dispose);
        Assert.Throws<MicroDbException>(() => Open(path));
    }
}
