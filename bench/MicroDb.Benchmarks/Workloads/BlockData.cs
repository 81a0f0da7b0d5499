namespace MicroDb.Benchmarks.Workloads;

/// <summary>
/// Study 003's data: N existing blocks (base64 SHA-256-sized hashes), blocksets of 16 entries, and fresh blocks for the
/// write workloads. This part has no database code, so the PostgreSQL bench links it (same seeds, same data);
/// <c>BlockData.Template.cs</c> writes it to SQLite.
/// </summary>
public sealed partial class BlockData
{
    /// <summary>Blocks per blockset.</summary>
    public const int EntriesPerBlockset = 16;

    /// <summary>Builds the data (fixed seed).</summary>
    /// <param name="rows">Existing blocks.</param>
    /// <param name="operations">Operations per measured invocation.</param>
    public BlockData(int rows, int operations)
    {
        var random = new Random(3);
        Rows = rows;
        Hashes = new string[rows];
        Sizes = new long[rows];
        var bytes = new byte[32];
        for (var i = 0; i < rows; i++)
        {
            random.NextBytes(bytes);
            Hashes[i] = Convert.ToBase64String(bytes);
            Sizes[i] = random.Next(1, 102_400);
        }

        Blocksets = Math.Max(1, rows / EntriesPerBlockset);
        ExistingPicks = Enumerable.Range(0, operations).Select(_ => random.Next(rows)).ToArray();
        NewHashes = new string[operations];
        NewSizes = new long[operations];
        for (var i = 0; i < operations; i++)
        {
            random.NextBytes(bytes);
            NewHashes[i] = Convert.ToBase64String(bytes);
            NewSizes[i] = random.Next(1, 102_400);
        }

        BlocksetPicks = Enumerable.Range(0, operations).Select(_ => (long)random.Next(1, Blocksets + 1)).ToArray();
    }

    /// <summary>Existing block count.</summary>
    public int Rows { get; }

    /// <summary>Existing hashes; block i+1 has Hashes[i].</summary>
    public string[] Hashes { get; }

    /// <summary>Existing sizes.</summary>
    public long[] Sizes { get; }

    /// <summary>Existing blockset count.</summary>
    public int Blocksets { get; }

    /// <summary>Random indexes of existing blocks.</summary>
    public int[] ExistingPicks { get; }

    /// <summary>Hashes not in the table.</summary>
    public string[] NewHashes { get; }

    /// <summary>Sizes for <see cref="NewHashes"/>.</summary>
    public long[] NewSizes { get; }

    /// <summary>Random existing blockset ids.</summary>
    public long[] BlocksetPicks { get; }
}
