namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>What one implementation did with one value: the file contents and what it read back.</summary>
/// <param name="DeclaredType">The column's declared type from <c>PRAGMA table_info</c>.</param>
/// <param name="StorageClass">SQLite's <c>typeof(col)</c> of the stored value.</param>
/// <param name="Quote">SQLite's <c>quote(col)</c> of the stored value.</param>
/// <param name="ReadBack">The value read back through the implementation, in <see cref="Canonical"/> form.</param>
/// <param name="Error">Where and how the implementation failed (e.g. <c>CreateTable: NotSupportedException</c>), or null.</param>
/// <param name="Bound">
/// The same value passed as a query parameter: <c>typeof(?) quote(?)</c>, or <c>!Exception</c> when binding fails.
/// Queries only match stored values when both encodings agree.
/// </param>
public sealed record Observation(string? DeclaredType, string? StorageClass, string? Quote, string? ReadBack, string? Error, string? Bound);
