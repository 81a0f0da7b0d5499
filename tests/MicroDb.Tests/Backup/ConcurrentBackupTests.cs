using MicroDb.Concurrency;
using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Backup;

/// <summary>Backups taken while other connections commit: the copy is always one committed state.</summary>
[TestFixture]
public sealed class ConcurrentBackupTests
{
    private const int Batch = 10;
    private TempDatabase _source = null!;
    private TempDatabase _target = null!;

    [SetUp]
    public void SetUp()
    {
        _source = new TempDatabase();
        _target = new TempDatabase();
    }

    [TearDown]
    public void TearDown()
    {
        _source.Dispose();
        _target.Dispose();
    }

    [Test]
    public async Task Pool_backup_under_concurrent_writers_is_a_committed_state_and_writers_keep_committing()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_source.Options()) { ReaderCount = 2 });
        pool.Write(c => BackupChecks.Fill(c, 200));
        using var stop = new CancellationTokenSource();
        var commits = 0;
        var writer = Task.Run(() => WriteBatches(pool, stop.Token, () => Interlocked.Increment(ref commits)));
        SpinWait.SpinUntil(() => Volatile.Read(ref commits) > 0, TimeSpan.FromSeconds(10));

        // Between two steps of the copy (its snapshot held), the writer must get further commits through.
        var writerCommittedMidCopy = false;
        var progress = new RecordingProgress(p =>
        {
            if (p.RemainingPages > 0 && !writerCommittedMidCopy)
            {
                var before = Volatile.Read(ref commits);
                writerCommittedMidCopy = SpinWait.SpinUntil(() => Volatile.Read(ref commits) >= before + 2, TimeSpan.FromSeconds(10));
            }
        });
        await pool.BackupAsync(_target.Path, new BackupOptions { PagesPerStep = 1, StepDelay = TimeSpan.FromMilliseconds(1), Progress = progress });
        await stop.CancelAsync();
        var total = await writer;

        var (rows, integrity) = BackupChecks.Inspect(_target.Path);
        Assert.That(writerCommittedMidCopy, Is.True, "the writer was not blocked by the copy");
        Assert.That(integrity, Is.EqualTo("ok"));
        Assert.That((rows - 200) % Batch, Is.Zero, "a whole number of committed batches");
        Assert.That(rows, Is.InRange(200, 200 + total));
    }

    [Test]
    public void Pool_backup_of_an_in_memory_database_runs_on_its_one_connection()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(new MicroDbOptions(":memory:").UseReflection()));
        pool.Write(c => BackupChecks.Fill(c, 40));

        pool.Backup(_target.Path, new BackupOptions { PagesPerStep = 1 });

        Assert.That(pool.IsSingleConnection, Is.True);
        Assert.That(BackupChecks.Inspect(_target.Path), Is.EqualTo((40L, "ok")));
    }

    [Test]
    public void Connection_backup_while_another_connection_commits_is_a_committed_state()
    {
        using var db = new MicroDbConnection(_source.Options());
        BackupChecks.Fill(db, 200);
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_source.Options()) { ReaderCount = 0 });
        using var stop = new CancellationTokenSource();
        var writer = Task.Run(() => WriteBatches(pool, stop.Token, static () => { }));
        Thread.Sleep(50);

        db.Backup(_target.Path, new BackupOptions { PagesPerStep = 2 });
        stop.Cancel();
        var total = writer.GetAwaiter().GetResult();

        var (rows, integrity) = BackupChecks.Inspect(_target.Path);
        Assert.That(integrity, Is.EqualTo("ok"));
        Assert.That((rows - 200) % Batch, Is.Zero, "a whole number of committed batches");
        Assert.That(rows, Is.InRange(200, 200 + total));
    }

    [Test]
    public async Task Async_connection_backs_up_and_vacuums_from_a_reader()
    {
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_source.Options()) { ReaderCount = 2 });
        await connection.Pool.WriteAsync(c =>
        {
            BackupChecks.Fill(c, 50);
            return 0;
        });
        var progress = new RecordingProgress();

        await connection.BackupAsync(_target.Path, new BackupOptions { PagesPerStep = 2, Progress = progress });
        var vacuumed = _target.Path + ".vacuum";
        try
        {
            await connection.VacuumIntoAsync(vacuumed);
            Assert.That(BackupChecks.Inspect(vacuumed), Is.EqualTo((50L, "ok")));
        }
        finally
        {
            File.Delete(vacuumed);
        }

        Assert.That(BackupChecks.Inspect(_target.Path), Is.EqualTo((50L, "ok")));
        Assert.That(progress.Reports[^1].RemainingPages, Is.Zero);
    }

    [Test]
    public async Task Async_backup_cancelled_between_steps_throws_and_leaves_no_file()
    {
        await using var connection = new MicroDbAsyncConnection(new MicroDbPoolOptions(_source.Options()) { ReaderCount = 1 });
        await connection.Pool.WriteAsync(c =>
        {
            BackupChecks.Fill(c, 100);
            return 0;
        });
        using var cancel = new CancellationTokenSource();
        var progress = new RecordingProgress(_ => cancel.Cancel());

        Assert.That(
            async () => await connection.BackupAsync(_target.Path, new BackupOptions { PagesPerStep = 1, Progress = progress }, cancel.Token),
            Throws.InstanceOf<OperationCanceledException>());
        Assert.That(File.Exists(_target.Path), Is.False);
        Assert.That(await connection.ExecuteScalarAsync<long>("SELECT count(*) FROM conc_item"), Is.EqualTo(100));
    }

    [Test]
    public void Pool_backup_to_its_own_file_throws_ArgumentException()
    {
        using var pool = new MicroDbPool(new MicroDbPoolOptions(_source.Options()) { ReaderCount = 1 });
        pool.Write(c => BackupChecks.Fill(c, 10));

        Assert.Throws<ArgumentException>(() => pool.Backup(_source.Path));
        Assert.Throws<ArgumentException>(() => pool.VacuumInto(_source.Path));
        Assert.That(pool.Read(c => c.ExecuteScalar<long>("SELECT count(*) FROM conc_item")), Is.EqualTo(10));
    }

    /// <summary>Inserts batches of <see cref="Batch"/> rows, one transaction each, until stopped; returns the rows committed.</summary>
    private static int WriteBatches(MicroDbPool pool, CancellationToken stop, Action committed)
    {
        var rows = 0;
        while (!stop.IsCancellationRequested)
        {
            pool.RunInTransaction(c =>
            {
                for (var i = 0; i < Batch; i++)
                {
                    c.Insert(new ConcItem { Worker = 1, Tag = new string('w', 300) });
                }
            });
            rows += Batch;
            committed();
        }

        return rows;
    }
}
