namespace MicroDb.Generator.Model;

/// <summary>
/// A lowered join (<c>Join</c>, <c>LeftJoin</c>, or <c>GroupJoin</c> + <c>SelectMany</c>): the joined tables after the
/// first (the chain's own entity), the result as C# over the rows, and the members the result reads per table.
/// </summary>
/// <param name="Tables">The tables joined to the first, in join order (table <c>i + 1</c>).</param>
/// <param name="Projector">The result as C# over <c>r</c>, an <c>object[]</c> of one row per table (e.g. <c>new { @Id = ((global::O)r[0]).@Id }</c>).</param>
/// <param name="Used">The members the result reads, as <c>table:member</c>.</param>
/// <param name="Whole">The tables whose row the result uses whole (every column is read).</param>
internal sealed record JoinSpec(
    EquatableArray<JoinTableSpec> Tables,
    string Projector,
    EquatableArray<string> Used,
    EquatableArray<int> Whole);

/// <summary>One joined table and its ON condition: its key member equals a member of an earlier table.</summary>
/// <param name="TypeKey">The table's metadata name.</param>
/// <param name="EntityType">The table's type as C#.</param>
/// <param name="Left">True for a left join.</param>
/// <param name="OuterTable">The earlier table the outer key belongs to.</param>
/// <param name="OuterMember">The outer key member.</param>
/// <param name="InnerMember">This table's key member.</param>
/// <param name="Nullable">True when the key type can be null (compared with IS, and the outer key IS NOT NULL).</param>
/// <param name="Family">How the key compares: <c>integer</c> or <c>string</c>.</param>
internal sealed record JoinTableSpec(string TypeKey, string EntityType, bool Left, int OuterTable, string OuterMember, string InnerMember, bool Nullable, string Family);
