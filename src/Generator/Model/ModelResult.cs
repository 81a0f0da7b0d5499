namespace MicroDb.Generator.Model;

/// <summary>What parsing one requested type produced: a model (null when an error was found) and its diagnostics.</summary>
internal sealed record ModelResult(EntityModel? Model, EquatableArray<DiagnosticInfo> Diagnostics);
