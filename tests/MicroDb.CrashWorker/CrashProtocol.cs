namespace MicroDb.CrashWorker;

/// <summary>
/// What the worker writes on stdout, one line per event, flushed at once:
/// <c>ready &lt;next batch&gt;</c> after opening; <c>begin &lt;batch&gt; &lt;kind&gt; &lt;target&gt;</c> before a commit starts;
/// <c>ack &lt;batch&gt;</c> only after the call that commits returned. Kinds: S single Insert, B InsertAll, T mixed transaction
/// (insert, update, delete; target is the earlier T batch it changes, or 0).
/// </summary>
public static class CrashProtocol
{
    /// <summary>Single Insert.</summary>
    public const char Single = 'S';

    /// <summary>InsertAll in one transaction.</summary>
    public const char Batch = 'B';

    /// <summary>Insert, update and delete in one transaction.</summary>
    public const char Mixed = 'T';

    /// <summary>The value a row gets when inserted.</summary>
    /// <param name="batch">The batch.</param>
    /// <param name="seq">Position in the batch.</param>
    public static long RowValue(long batch, int seq) => (batch * 1000) + seq;

    /// <summary>A stable 64-bit FNV-1a hash of a string (string.GetHashCode is randomized per process).</summary>
    /// <param name="text">The text.</param>
    public static long Hash(string text)
    {
        var hash = 14695981039346656037UL;
        foreach (var c in text)
        {
            hash = (hash ^ c) * 1099511628211UL;
        }

        return unchecked((long)hash);
    }
}
