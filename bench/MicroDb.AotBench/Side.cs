namespace MicroDb.AotBench;

/// <summary>One side of a case: the measured work and the untimed work around each iteration.</summary>
/// <param name="Name">The side's name (baseline, generated, reflection).</param>
/// <param name="IsBaseline">Whether ratios are taken against this side.</param>
/// <param name="Body">The measured work.</param>
/// <param name="Before">Untimed work before each iteration (e.g. inserting the rows a delete removes).</param>
/// <param name="After">Untimed work after each iteration (e.g. deleting the rows an insert added).</param>
internal sealed record Side(string Name, bool IsBaseline, Action Body, Action? Before = null, Action? After = null);
