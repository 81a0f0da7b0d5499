namespace MicroDb.Generator.Model;

/// <summary>A diagnostic to report, as equatable data: descriptor id, location and message arguments.</summary>
/// <param name="Id">The rule id.</param>
/// <param name="Location">Where, in a source file of the compilation.</param>
/// <param name="MessageArgs">The message's arguments.</param>
/// <param name="WorksOnReflection">
/// For MDB0011: the type only cannot be reached by generated code (a private nested class, a type parameter, a type of
/// another assembly) and maps on the reflection path exactly as sqlite-net maps it. Such a fallback is reported only
/// when the app publishes NativeAOT or trimmed, or asks for it (MicroDbReflectionFallback); a model that breaks a rule
/// fails on the reflection path too and is always reported.
/// </param>
internal sealed record DiagnosticInfo(string Id, LocationInfo? Location, EquatableArray<string> MessageArgs, bool WorksOnReflection = false);
