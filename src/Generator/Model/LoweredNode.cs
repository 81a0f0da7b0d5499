namespace MicroDb.Generator.Model;

/// <summary>
/// A node of a lowered predicate: <c>and</c>, <c>or</c>, <c>not</c> (over <see cref="Left"/>, <see cref="Right"/>), a
/// bool member used as a condition (<c>bool</c>), or a comparison (<c>=</c>, <c>&lt;&gt;</c>, <c>&lt;</c>,
/// <c>&lt;=</c>, <c>&gt;</c>, <c>&gt;=</c>) of <see cref="Member"/> with the closed value at <see cref="Path"/>, or a
/// comparison of <see cref="Member"/> with null (<c>null</c>: IS NULL, <c>notnull</c>: IS NOT NULL; no value).
/// </summary>
/// <param name="Op">The node kind.</param>
/// <param name="Member">The entity member (for <c>bool</c> and comparisons).</param>
/// <param name="MemberType">The member's type as C# (the binder's typeof).</param>
/// <param name="Family">How the member's type compares: <c>integer</c>, <c>bool</c>, <c>enum</c>, <c>string</c>, <c>guid</c>.</param>
/// <param name="Path">The steps from the lambda's body to the value (L, R, O).</param>
/// <param name="ValueOnLeft">True when the value is written left of the member.</param>
/// <param name="Left">The first operand.</param>
/// <param name="Right">The second operand.</param>
/// <param name="Table">In a join, the index of the table <see cref="Member"/> belongs to (0 otherwise).</param>
/// <param name="Nullable">
/// A comparison of nullable operands (C#'s lifted operators): equality is <c>IS</c>/<c>IS NOT</c>, an ordering is guarded by
/// <c>IS NOT NULL</c>, as the run-time translator writes them.
/// </param>
/// <param name="ZeroHolds">
/// A comparison of a non-nullable double/float member (family <c>double</c>): whether <c>0 op value</c> holds for the value
/// the SQL was written for (a stored NULL reads back as 0, so such rows are included exactly then): a constant's, else a positive value's.
/// For a ulong member ordered against a value (family <c>unsigned</c>, MicroDbGenerator.ConditionValues.cs): whether the SQL was
/// written for a value above long.MaxValue. For an operand of two compared (ConditionValues.cs' <c>operands</c>): a non-nullable
/// value lifted to nullable, which reads as non-null (a float column's stored NULL as 0, SqlTranslator.ReadsNull).
/// </param>
/// <param name="Form">
/// A date comparison's value (MicroDbGenerator.ConditionDates.cs): how it derives from the compared value, and so under which
/// storage format it is bound (<c>InterceptedSite.DateValue</c>); null for a value bound under both.
/// </param>
internal sealed record LoweredNode(
    string Op,
    string? Member = null,
    string? MemberType = null,
    string? Family = null,
    string? Path = null,
    bool ValueOnLeft = false,
    LoweredNode? Left = null,
    LoweredNode? Right = null,
    int Table = 0,
    bool Nullable = false,
    bool ZeroHolds = false,
    string? Form = null);
