namespace MicroDb;

/// <summary>Where an online backup stands after a step.</summary>
public readonly struct BackupProgress
{
    /// <summary>Creates a progress report.</summary>
    /// <param name="pageCount">Pages in the source database at the last step.</param>
    /// <param name="remainingPages">Pages still to copy.</param>
    public BackupProgress(int pageCount, int remainingPages)
    {
        PageCount = pageCount;
        RemainingPages = remainingPages;
    }

    /// <summary>Pages in the source database at the last step.</summary>
    public int PageCount { get; }

    /// <summary>Pages still to copy (0 when the copy is complete).</summary>
    public int RemainingPages { get; }

    /// <summary>Pages copied so far (<see cref="PageCount"/> minus <see cref="RemainingPages"/>).</summary>
    public int CopiedPages => PageCount - RemainingPages;
}
