namespace MicroDb.Generator.Model;

/// <summary>A diagnostic to report, as equatable data: descriptor id, location and message arguments.</summary>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> MessageArgs);
