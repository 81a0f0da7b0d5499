namespace MicroDb.Generator.Model;

/// <summary>
/// A lowered <c>GroupBy(key).Select(g =&gt; ...)</c> over one table: the key's members, the aggregates the result reads
/// and the result as C# over the group's row and the aggregate values.
/// </summary>
/// <param name="KeyMembers">The key's members, in key order (one, or a composite key's parts; <c>#k</c> a computed part).</param>
/// <param name="Used">The key members the result reads (their columns are selected bare, in table order).</param>
/// <param name="Aggregates">The aggregates in the order the result reads them: <c>count</c>, <c>countif:</c> and a condition of bool members or <c>#k</c> (<c>g.Count(predicate)</c>), or <c>sum</c>/<c>avg</c>/<c>min</c>/<c>max</c> with <c>:member</c>.</param>
/// <param name="Projector">The result as C# over <c>e</c> (the row holding the key's columns) and <c>a</c> (the aggregate values), or null for a Count of the groups.</param>
internal sealed record GroupSpec(
    EquatableArray<string> KeyMembers,
    EquatableArray<string> Used,
    EquatableArray<string> Aggregates,
    string? Projector)
{
    /// <summary>The computed key parts (<c>x.Age / 10</c>) a <c>#k</c> in <see cref="KeyMembers"/> names, as the setters' arithmetic is lowered.</summary>
    public EquatableArray<LoweredNode> ComputedKeys { get; init; } = EquatableArray<LoweredNode>.Empty;

    /// <summary>The conditions of the <c>g.Count(predicate)</c> comparing with values that a <c>countif:#k</c> in <see cref="Aggregates"/> names.</summary>
    public EquatableArray<LoweredNode> CountConditions { get; init; } = EquatableArray<LoweredNode>.Empty;

    /// <summary>
    /// The captured values of computed key parts the projector reads, each a local (<c>Member</c>) of a type (<c>MemberType</c>)
    /// read once per run from the key selector at <c>Path</c> (<c>QueryInterception.KeyOperand</c>).
    /// </summary>
    public EquatableArray<LoweredNode> KeyOperands { get; init; } = EquatableArray<LoweredNode>.Empty;
}
