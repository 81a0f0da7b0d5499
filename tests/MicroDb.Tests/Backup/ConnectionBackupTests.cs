using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Backup;

[TestFixture]
public sealed class ConnectionBackupTests
{
    private TempDatabase _source = null!;
    private TempDatabase _target = null!;
    private MicroDbConnection _db = null!;

    [SetUp]
    public void SetUp()
    {
        _source = new TempDatabase();
        _target = new TempDatabase();
        _db = new MicroDbConnection(_source.Options());
        BackupChecks.Fill(_db, 300);
    }

    [TearDown]
    public void TearDown()
    {
        _db.Dispose();
        _source.Dispose();
        _target.Dispose();
    }

    [Test]
    public void Backup_copies_every_row_in_steps_and_reports_progress()
    {
        var progress = new RecordingProgress();
        _db.Backup(_target.Path, new BackupOptions { PagesPerStep = 4, Progress = progress });

        Assert.That(BackupChecks.Inspect(_target.Path), Is.EqualTo((300L, "ok")));
        Assert.That(progress.Reports, Has.Count.GreaterThan(2), "several steps");
        Assert.That(progress.Reports[^1].RemainingPages, Is.Zero);
        Assert.That(progress.Reports[^1].CopiedPages, Is.EqualTo(progress.Reports[^1].PageCount));
        Assert.That(progress.Reports.Select(r => r.CopiedPages), Is.Ordered);
    }

    [Test]
    public void Backup_overwrites_an_existing_destination_file()
    {
        using (var other = new MicroDbConnection(_target.Options()))
        {
            other.Execute("CREATE TABLE leftover (x INTEGER)");
        }

        _db.Backup(_target.Path);

        using var copy = new MicroDbConnection(_target.Options());
        Assert.That(copy.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE name = 'leftover'"), Is.Zero);
        Assert.That(copy.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
    }

    [Test]
    public void Backup_into_a_connection_replaces_its_content()
    {
        using var memory = new MicroDbConnection(new MicroDbOptions(":memory:"));
        memory.Execute("CREATE TABLE leftover (x INTEGER)");

        _db.Backup(memory, new BackupOptions { PagesPerStep = 8 });

        Assert.That(memory.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
        Assert.That(memory.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE name = 'leftover'"), Is.Zero);
    }

    [Test]
    public void Backup_sees_writes_made_through_the_same_connection_between_steps()
    {
        var progress = new RecordingProgress(p =>
        {
            if (p.RemainingPages > 0)
            {
                // Runs between steps on the backup's thread: the connection is free, so a write goes through.
                _db.Insert(new ConcItem { Worker = 99, Tag = "during" });
            }
        });

        _db.Backup(_target.Path, new BackupOptions { PagesPerStep = 2, Progress = progress });

        var inserted = _db.ExecuteScalar<long>("SELECT count(*) FROM conc_item WHERE Worker = 99");
        Assert.That(inserted, Is.GreaterThan(0));
        Assert.That(BackupChecks.Inspect(_target.Path), Is.EqualTo((300 + inserted, "ok")));
    }

    [Test]
    public void Backups_in_opposite_directions_between_two_connections_finish_and_stay_consistent()
    {
        using var other = new MicroDbConnection(_target.Options());
        BackupChecks.Fill(other, 300);
        var options = new BackupOptions { PagesPerStep = 1 };

        // The two directions start each round together, so their steps interleave (each run is locked out while the
        // other's copy holds its source in a write transaction) and neither waits longer than one run of the other.
        // Without the rounds one side could run its 40 copies back to back while the other waited for a gap between
        // them, and on a loaded machine that wait exceeds the busy timeout: a backup whose source is written without
        // pause fails with MicroDbBackupException after BusyTimeout, which is the documented outcome, not this test's.
        using var round = new Barrier(2);
        var copies = 0;
        void CopyForty(MicroDbConnection from, MicroDbConnection to)
        {
            try
            {
                for (var i = 0; i < 40; i++)
                {
                    round.SignalAndWait();
                    from.Backup(to, options);
                    Interlocked.Increment(ref copies);
                }
            }
            finally
            {
                round.RemoveParticipant(); // a failed side must not leave the other waiting for its next round
            }
        }

        var forth = Task.Run(() => CopyForty(_db, other));
        var back = Task.Run(() => CopyForty(other, _db));

        // A hang is no copy finishing for 30 s, not the 80 copies taking longer than some total: on a loaded machine
        // (a full suite beside other builds) each round's lock wait and copy are slower, and a total of 30 s was exceeded
        // while both sides were still finishing a copy every few hundred milliseconds.
        var seen = -1;
        while (!Task.WaitAll([forth, back], TimeSpan.FromSeconds(30)))
        {
            var now = Volatile.Read(ref copies);
            Assert.That(now, Is.GreaterThan(seen), $"no backup finished in 30 s ({now} of 80 done): the two directions are stuck");
            seen = now;
        }

        Assert.That(copies, Is.EqualTo(80), "both finished");
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
        Assert.That(other.ExecuteScalar<string>("PRAGMA integrity_check"), Is.EqualTo("ok"));
    }

    [Test]
    public void Backup_to_the_source_file_throws_ArgumentException_and_leaves_the_source_alone()
    {
        var e = Assert.Throws<ArgumentException>(() => _db.Backup(_source.Path));
        Assert.That(e!.Message, Does.Contain("is the source database itself"));
        Assert.That(e.ParamName, Is.EqualTo("destinationPath"));
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
        Assert.That(_db.ExecuteScalar<string>("PRAGMA integrity_check"), Is.EqualTo("ok"));
    }

    [Test]
    public void Backup_to_the_source_connection_throws_ArgumentException()
    {
        using var second = new MicroDbConnection(_source.Options());
        Assert.Throws<ArgumentException>(() => _db.Backup(_db));
        Assert.Throws<ArgumentException>(() => _db.Backup(second));
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
    }

    [Test]
    public void Backup_to_a_missing_directory_throws_MicroDbBackupException_and_creates_nothing()
    {
        var directory = Path.Combine(Path.GetTempPath(), "microdb-missing-" + Guid.NewGuid().ToString("N"));
        var destination = Path.Combine(directory, "copy.db");

        var e = Assert.Throws<MicroDbBackupException>(() => _db.Backup(destination));

        Assert.That(e!.Message, Does.Contain(directory).And.Contain("does not exist"));
        Assert.That(e.DestinationPath, Is.EqualTo(destination));
        Assert.That(Directory.Exists(directory), Is.False);
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
    }

    [Test]
    public void Backup_to_a_locked_destination_throws_MicroDbBackupException_and_changes_neither_side()
    {
        using var source = new MicroDbConnection(new MicroDbOptions(_source.Path) { BusyTimeout = TimeSpan.FromMilliseconds(200) });
        using var holder = new MicroDbConnection(_target.Options());
        holder.Execute("CREATE TABLE mine (x INTEGER)");
        holder.Execute("INSERT INTO mine VALUES (1)");
        holder.Execute("BEGIN EXCLUSIVE");
        try
        {
            var e = Assert.Throws<MicroDbBackupException>(() => source.Backup(_target.Path));
            Assert.That(e!.IsBusy, Is.True, e.Message);
            Assert.That(e.Message, Does.Contain("locked"));
        }
        finally
        {
            holder.Execute("COMMIT");
        }

        Assert.That(holder.ExecuteScalar<long>("SELECT count(*) FROM mine"), Is.EqualTo(1), "the destination keeps its content");
        Assert.That(source.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
        Assert.That(source.ExecuteScalar<string>("PRAGMA integrity_check"), Is.EqualTo("ok"));
    }

    [Test]
    public void Backup_cancelled_between_steps_removes_the_file_it_created()
    {
        using var cancel = new CancellationTokenSource();
        var progress = new RecordingProgress(_ => cancel.Cancel());

        Assert.Throws<OperationCanceledException>(() => _db.Backup(_target.Path, new BackupOptions { PagesPerStep = 1, Progress = progress }, cancel.Token));

        Assert.That(progress.Reports, Has.Count.EqualTo(1));
        Assert.That(File.Exists(_target.Path), Is.False);
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
    }

    [Test]
    public void Backup_inside_a_transaction_throws_InvalidOperationException()
    {
        _db.BeginTransaction();
        try
        {
            var e = Assert.Throws<InvalidOperationException>(() => _db.Backup(_target.Path));
            Assert.That(e!.Message, Does.Contain("transaction"));
        }
        finally
        {
            _db.Rollback();
        }

        Assert.That(File.Exists(_target.Path), Is.False);
    }

    [Test]
    public void Backup_of_an_unknown_schema_throws_MicroDbBackupException_naming_it()
    {
        var e = Assert.Throws<MicroDbBackupException>(() => _db.Backup(_target.Path, new BackupOptions { SourceDatabase = "nosuch" }));
        Assert.That(e!.Message, Does.Contain("nosuch"));
        Assert.That(File.Exists(_target.Path), Is.False);
    }

    [Test]
    public void Backup_options_out_of_range_throw_before_anything_is_written()
    {
        Assert.Multiple(() =>
        {
            Assert.That(() => _db.Backup(_target.Path, new BackupOptions { PagesPerStep = 0 }), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Message.Contains("PagesPerStep"));
            Assert.That(() => _db.Backup(_target.Path, new BackupOptions { StepDelay = TimeSpan.FromSeconds(-1) }), Throws.InstanceOf<ArgumentOutOfRangeException>().With.Message.Contains("StepDelay"));
            Assert.That(() => _db.Backup(_target.Path, new BackupOptions { SourceDatabase = "" }), Throws.ArgumentException.With.Message.Contains("SourceDatabase"));
            Assert.That(() => _db.Backup(" "), Throws.ArgumentException);
            Assert.That(() => _db.Backup(":memory:"), Throws.ArgumentException.With.Message.Contains("file path"));
        });
        Assert.That(File.Exists(_target.Path), Is.False);
    }

    [Test]
    public void VacuumInto_writes_a_compact_copy()
    {
        _db.Execute("DELETE FROM conc_item WHERE Id > 100");

        _db.VacuumInto(_target.Path);

        Assert.That(BackupChecks.Inspect(_target.Path), Is.EqualTo((100L, "ok")));
        Assert.That(new FileInfo(_target.Path).Length, Is.LessThan(new FileInfo(_source.Path).Length + new FileInfo(_source.Path + "-wal").Length));
    }

    [Test]
    public void VacuumInto_an_existing_file_throws_MicroDbBackupException_and_keeps_the_file()
    {
        File.WriteAllText(_target.Path, "not mine to overwrite");

        var e = Assert.Throws<MicroDbBackupException>(() => _db.VacuumInto(_target.Path));

        Assert.That(e!.Message, Does.Contain("already exists"));
        Assert.That(File.ReadAllText(_target.Path), Is.EqualTo("not mine to overwrite"));
    }

    [Test]
    public void VacuumInto_the_source_or_a_missing_directory_throws_a_typed_error()
    {
        Assert.Throws<ArgumentException>(() => _db.VacuumInto(_source.Path));
        var missing = Path.Combine(Path.GetTempPath(), "microdb-missing-" + Guid.NewGuid().ToString("N"), "copy.db");
        Assert.Throws<MicroDbBackupException>(() => _db.VacuumInto(missing));
        Assert.That(_db.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(300));
    }
}
