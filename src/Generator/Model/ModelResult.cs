namespace MicroDb.Generator.Model;

/// <summary>
/// What parsing one requested type produced: a model (null when an error was found), its diagnostics, and the type's
/// metadata name (null for a finding not tied to one type), by which a type requested several ways is mapped once.
/// </summary>
/// <param name="Model">The model, or null when an error was found.</param>
/// <param name="Diagnostics">The diagnostics.</param>
/// <param name="TypeKey">The type's metadata name.</param>
/// <param name="Schema">With a model: what the schema snapshot check needs beyond it (renames, where to report).</param>
internal sealed record ModelResult(EntityModel? Model, EquatableArray<DiagnosticInfo> Diagnostics, string? TypeKey = null, SchemaFacts? Schema = null);
