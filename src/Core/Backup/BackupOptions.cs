namespace MicroDb;

/// <summary>
/// How an online backup copies a database: in steps of <see cref="PagesPerStep"/> pages, releasing the source connection
/// between steps so other calls (and writers on other connections) are not held up for the whole copy.
/// </summary>
public sealed class BackupOptions
{
    /// <summary>Pages copied per step (each step holds the source connection's lock and a read lock on the file). Default 256; must be positive.</summary>
    public int PagesPerStep { get; init; } = 256;

    /// <summary>
    /// The pause between steps. Default <see cref="TimeSpan.Zero"/>: the copy only yields its thread, which lets calls
    /// waiting on the source connection run between steps. A longer pause spreads the copy's I/O out.
    /// </summary>
    public TimeSpan StepDelay { get; init; } = TimeSpan.Zero;

    /// <summary>Told after each step how many pages there are and how many remain; null for no reports.</summary>
    public IProgress<BackupProgress>? Progress { get; init; }

    /// <summary>The source schema to copy: <c>main</c> (default), <c>temp</c> or an attached database's name. It is written to the destination's <c>main</c>.</summary>
    public string SourceDatabase { get; init; } = "main";

    /// <summary>The default options.</summary>
    internal static BackupOptions Default { get; } = new();

    /// <summary>Throws <see cref="ArgumentOutOfRangeException"/> or <see cref="ArgumentException"/> naming the bad setting.</summary>
    internal void Validate()
    {
        if (PagesPerStep <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(PagesPerStep), PagesPerStep, "BackupOptions.PagesPerStep must be positive.");
        }

        if (StepDelay < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(StepDelay), StepDelay, "BackupOptions.StepDelay must not be negative.");
        }

        if (string.IsNullOrEmpty(SourceDatabase))
        {
            throw new ArgumentException("BackupOptions.SourceDatabase must name a schema (\"main\", \"temp\" or an attached database).", nameof(SourceDatabase));
        }
    }
}
