namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>Study 003's operations on PostgreSQL, implemented once per provider.</summary>
public interface IPgBlockStore : IDisposable
{
    /// <summary>The id of the block with this hash and size; -1 when absent.</summary>
    /// <param name="hash">The hash.</param>
    /// <param name="size">The size.</param>
    /// <returns>The id.</returns>
    long Select(string hash, long size);

    /// <summary>Adds a block; returns its new id.</summary>
    /// <param name="hash">The hash.</param>
    /// <param name="size">The size.</param>
    /// <returns>The id.</returns>
    long Insert(string hash, long size);

    /// <summary>Reads the blocks of one blockset into objects; returns how many.</summary>
    /// <param name="blocksetId">The blockset.</param>
    /// <returns>The count.</returns>
    int Join(long blocksetId);

    /// <summary>Begins a transaction.</summary>
    void Begin();

    /// <summary>Commits it.</summary>
    void Commit();
}
