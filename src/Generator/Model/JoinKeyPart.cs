namespace MicroDb.Generator.Model;

/// <summary>One part of a composite join key (<c>on new { o.A, o.B } equals new { c.A, c.B }</c>): two members compared.</summary>
/// <param name="OuterTable">The earlier table the outer member belongs to.</param>
/// <param name="OuterMember">The outer member.</param>
/// <param name="InnerMember">The joined table's member.</param>
/// <param name="Nullable">True when the part's type can be null (compared with IS: a composite key's null parts match, as anonymous objects' Equals).</param>
/// <param name="Family">How the part compares: <c>integer</c> or <c>string</c>.</param>
/// <param name="Computed">A computed part (<c>Period = o.Year * 100 + o.Month</c>): the part's equality as a comparison of two operands, its values' paths in the key condition; the members above are then empty.</param>
internal sealed record JoinKeyPart(int OuterTable, string OuterMember, string InnerMember, bool Nullable, string Family, LoweredNode? Computed = null);
