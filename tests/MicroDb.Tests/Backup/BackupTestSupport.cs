using MicroDb.Runtime.Reflection;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Backup;

/// <summary>Reports progress on the calling thread (Progress&lt;T&gt; would post to the thread pool).</summary>
internal sealed class RecordingProgress : IProgress<BackupProgress>
{
    private readonly Action<BackupProgress>? _onReport;

    public RecordingProgress(Action<BackupProgress>? onReport = null)
    {
        _onReport = onReport;
    }

    public List<BackupProgress> Reports { get; } = [];

    public void Report(BackupProgress value)
    {
        lock (Reports)
        {
            Reports.Add(value);
        }

        _onReport?.Invoke(value);
    }
}

internal static class BackupChecks
{
    /// <summary>Opens a copy and returns its row count and integrity_check answer.</summary>
    public static (long Rows, string Integrity) Inspect(string path)
    {
        using var copy = new MicroDbConnection(new MicroDbOptions(path) { CreateIfMissing = false }.UseReflection());
        return (copy.ExecuteScalar<long>("SELECT count(*) FROM conc_item"), copy.ExecuteScalar<string>("PRAGMA integrity_check"));
    }

    public static void Fill(MicroDbConnection db, int rows)
    {
        db.CreateTable<ConcItem>();
        db.RunInTransaction(() =>
        {
            for (var i = 0; i < rows; i++)
            {
                db.Insert(new ConcItem { Worker = i % 7, Tag = new string('x', 200) + i });
            }
        });
    }

}
