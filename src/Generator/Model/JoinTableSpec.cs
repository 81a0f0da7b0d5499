namespace MicroDb.Generator.Model;

/// <summary>One joined table and its ON condition: its key member equals a member of an earlier table.</summary>
/// <param name="TypeKey">The table's metadata name.</param>
/// <param name="EntityType">The table's type as C#.</param>
/// <param name="Left">True for a left join.</param>
/// <param name="OuterTable">The earlier table the outer key belongs to.</param>
/// <param name="OuterMember">The outer key member.</param>
/// <param name="InnerMember">This table's key member.</param>
/// <param name="Nullable">True when the key type can be null (compared with IS, and the outer key IS NOT NULL).</param>
/// <param name="Family">How the key compares: <c>integer</c>, <c>string</c>, <c>guid</c>, <c>enum</c>, <c>datetime</c>, <c>datetimeoffset</c>, <c>decimal</c> or <c>floating</c>.</param>
/// <param name="Composite">The parts of a composite key, in the anonymous type's order; empty for a single key (the members above).</param>
/// <param name="Right">True for a right join after another join (SQL's <c>RIGHT JOIN</c>): every earlier table may then be missing.</param>
/// <param name="Computed">A computed single key (<c>o.Year * 100 + o.Month</c>): the key condition as a comparison of two operands, its values' paths in the ON condition; the members above are then empty.</param>
internal sealed record JoinTableSpec(string TypeKey, string EntityType, bool Left, int OuterTable, string OuterMember, string InnerMember, bool Nullable, string Family,
    EquatableArray<JoinKeyPart> Composite = default, bool Right = false, LoweredNode? Computed = null);
