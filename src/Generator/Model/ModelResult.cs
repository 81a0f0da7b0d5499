namespace MicroDb.Generator.Model;

/// <summary>
/// What parsing one requested type produced: a model (null when an error was found), its diagnostics, and the type's
/// metadata name (null for a finding not tied to one type), by which a type requested several ways is mapped once.
/// </summary>
internal sealed record ModelResult(EntityModel? Model, EquatableArray<DiagnosticInfo> Diagnostics, string? TypeKey = null);
