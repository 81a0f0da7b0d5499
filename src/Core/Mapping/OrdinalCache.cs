namespace MicroDb.Mapping;

/// <summary>
/// The column ordinals a map resolved for one statement, cached on the statement (<c>SqliteStatement.Tag</c>).
/// Deliberately not nested in the generic <see cref="EntityMap{T}"/>: a type nested there is generic too, and testing
/// <c>Tag</c> against it from shared generic code costs a run-time type-handle lookup on every call (about 25
/// instructions per Find under NativeAOT; docs/benchmarks.md, issue 20 profile).
/// </summary>
/// <param name="Map">The map that resolved the ordinals.</param>
/// <param name="Ordinals">The ordinals, one per mapped column (-1 for a column the statement does not return).</param>
internal sealed record OrdinalCache(object Map, int[] Ordinals);
