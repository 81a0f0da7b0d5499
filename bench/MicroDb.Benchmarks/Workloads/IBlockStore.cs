namespace MicroDb.Benchmarks.Workloads;

/// <summary>Study 003's operations, implemented once per provider.</summary>
public interface IBlockStore : IDisposable
{
    /// <summary>SELECT ID FROM Block WHERE Hash = ? AND Size = ?; -1 when absent.</summary>
    /// <param name="hash">The hash.</param>
    /// <param name="size">The size.</param>
    long Select(string hash, long size);

    /// <summary>INSERT INTO Block (Hash, Size); returns the new id.</summary>
    /// <param name="hash">The hash.</param>
    /// <param name="size">The size.</param>
    long Insert(string hash, long size);

    /// <summary>INSERT OR IGNORE, then SELECT the id (the check done in SQL).</summary>
    /// <param name="hash">The hash.</param>
    /// <param name="size">The size.</param>
    long InsertOrIgnoreThenSelect(string hash, long size);

    /// <summary>The blocks of one blockset (join); returns how many were read.</summary>
    /// <param name="blocksetId">The blockset.</param>
    int Join(long blocksetId);

    /// <summary>INSERT INTO Blockset (Length) VALUES (0); returns the id.</summary>
    long NewBlockset();

    /// <summary>Links a block to a blockset and increments the blockset's length.</summary>
    /// <param name="blocksetId">The blockset.</param>
    /// <param name="blockId">The block.</param>
    void AddEntry(long blocksetId, long blockId);

    /// <summary>Runs SQL (transaction control, restore between iterations).</summary>
    /// <param name="sql">The SQL.</param>
    void Exec(string sql);
}
