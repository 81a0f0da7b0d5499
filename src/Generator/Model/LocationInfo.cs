namespace MicroDb.Generator.Model;

/// <summary>
/// Where a diagnostic points, as plain data (a Roslyn <c>Location</c> holds a syntax tree, which would
/// keep old compilations alive and break caching). Recreated as a <c>Location</c> when reported.
/// </summary>
internal sealed record LocationInfo(
    string FilePath,
    int SpanStart,
    int SpanLength,
    int StartLine,
    int StartCharacter,
    int EndLine,
    int EndCharacter);
