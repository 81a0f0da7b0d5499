namespace MicroDb.Generator.Model;

/// <summary>
/// A lowered join (<c>Join</c>, <c>LeftJoin</c>, or <c>GroupJoin</c> + <c>SelectMany</c>): the joined tables after the
/// first (the chain's own entity), the result as C# over the rows, and the members the result reads per table.
/// </summary>
/// <param name="Tables">The tables joined to the first, in join order (table <c>i + 1</c>).</param>
/// <param name="Projector">The result as C# over <c>r</c>, an <c>object[]</c> of one row per table (e.g. <c>new { @Id = ((global::O)r[0]).@Id }</c>).</param>
/// <param name="Used">The members the result reads, as <c>table:member</c>.</param>
/// <param name="Whole">The tables whose row the result uses whole (every column is read).</param>
/// <param name="Reader">
/// The result read straight from the statement's columns, or null when it needs the rows as objects (a row used whole,
/// a left-joined member read outside <c>row == null ? ... : row.Member</c>): <see cref="Projector"/>'s text with
/// <c>\u0001table:member\u0001</c> where a member's column is read and <c>\u0002table\u0002</c> where a left-joined row
/// is tested missing, which the emitter replaces once it knows the SELECT list's ordinals.
/// </param>
/// <param name="StandIns">
/// The chain's operator calls the interceptor replaces with QueryInterception's join stand-ins, each <c>kind|attribute</c>
/// (kind: <c>TableWhere</c>, <c>Join</c>, <c>LeftJoin</c>, <c>Where</c>, <c>OrderBy</c> ..., <c>Take</c>, <c>Skip</c>,
/// <c>Select</c>; a join's kind ends with <c>:Table</c> on the first table's query); empty when any call cannot be replaced.
/// </param>
internal sealed record JoinSpec(
    EquatableArray<JoinTableSpec> Tables,
    string Projector,
    EquatableArray<string> Used,
    EquatableArray<int> Whole,
    string? Reader = null,
    EquatableArray<string> StandIns = default);
