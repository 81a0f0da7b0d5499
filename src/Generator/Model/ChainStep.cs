namespace MicroDb.Generator.Model;

/// <summary>One call of a lowered chain.</summary>
/// <param name="Method">The operator (Where, OrderBy, Take, FirstOrDefault ...).</param>
/// <param name="Intercept">The <c>InterceptsLocation</c> attribute's arguments for the call, or null for a call left as it is (Take, Skip).</param>
/// <param name="Count">Take/Skip's constant count.</param>
/// <param name="Predicate">The lowered Where (or terminal) predicate.</param>
/// <param name="LambdaText">The lambda's source text (MDB0014's message).</param>
/// <param name="KeyMember">OrderBy/ThenBy's key member.</param>
/// <param name="KeyType">OrderBy/ThenBy's key type as C#.</param>
/// <param name="Projector">Select's projection as C# over the entity parameter <c>r</c> (e.g. <c>new { @Id = r.@Id }</c>), or null.</param>
/// <param name="KeyTable">In a join, the index of the table OrderBy/ThenBy's key member belongs to.</param>
/// <param name="ProjectedMembers">The entity members Select's projection reads, in the order written.</param>
/// <param name="Setters">ExecuteUpdate's Set calls in order (MicroDbGenerator.SetBased.cs): <c>set</c> nodes naming the member set, with the value tree in Left (null: a value read at run time).</param>
/// <param name="Aggregate">In a grouping, the aggregate OrderBy/ThenBy sorts by (<c>count</c>, <c>sum:Member</c> ...), or null for a key part.</param>
/// <param name="Lifted">Select's sub-queries (MicroDbGenerator.Subqueries.cs), each a column after the members', read by the projector as <c>v[i]</c>.</param>
internal sealed record ChainStep(
    string Method,
    string? Intercept,
    int Count = 0,
    LoweredNode? Predicate = null,
    string? LambdaText = null,
    string? KeyMember = null,
    string? KeyType = null,
    string? Projector = null,
    EquatableArray<string> ProjectedMembers = default,
    int KeyTable = 0,
    EquatableArray<LoweredNode> Setters = default,
    string? Aggregate = null,
    EquatableArray<LoweredNode> Lifted = default,
    EquatableArray<string> Captured = default);
