namespace MicroDb.Generator.Model;

/// <summary>
/// A model type found where it flows into a connection's generic API, as plain data: the metadata name of a type
/// declared in this compilation (parsed later, once per type), or a diagnostic for a type the generator cannot map
/// (a type parameter, a type of another assembly), keyed by that type's metadata name when it has one.
/// </summary>
internal sealed record CallSiteFinding(string? MetadataName, DiagnosticInfo? Diagnostic);
