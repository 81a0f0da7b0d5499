namespace MicroDb.Benchmarks.Headline;

/// <summary>What a side is in a comparison: the headline table has one column per role.</summary>
public enum SideRole
{
    /// <summary>Hand-written code (SQLitePCLRaw with reused prepared statements; explicit BinaryWriter/Reader code). Ratios are taken against it.</summary>
    HandWritten,

    /// <summary>MicroDb with its source-generated maps.</summary>
    Generated,

    /// <summary>MicroDb with its reflection maps (MicroDb.Runtime.Reflection).</summary>
    Reflection,

    /// <summary>The peer library: sqlite-net-pcl for database cases, MemoryPack for serialization.</summary>
    Peer,

    /// <summary>MicroDb.SQLiteNet: sqlite-net's API on MicroDb (the compat comparison, <c>--compat</c>).</summary>
    Compat,
}

/// <summary>One side of a case: the measured work and the untimed work around each round.</summary>
/// <param name="Name">The side's name as printed.</param>
/// <param name="Role">Its column in the headline table.</param>
/// <param name="Body">The measured work.</param>
/// <param name="Before">Untimed work before each timed call of <paramref name="Body"/> (e.g. checkpoint, an untimed write, BEGIN).</param>
/// <param name="After">Untimed work after it (e.g. delete the rows an insert added, COMMIT).</param>
public sealed record Side(string Name, SideRole Role, Action Body, Action? Before = null, Action? After = null)
{
    /// <summary>Whether ratios are taken against this side.</summary>
    public bool IsBaseline => Role == SideRole.HandWritten;
}
