namespace MicroDb.Query;

/// <summary>
/// Whether this thread is running a compiled query (<see cref="MicroDbQuery"/>), so its statements are reported with
/// <see cref="StatementSource.Compiled"/> rather than <see cref="StatementSource.Linq"/>.
/// </summary>
internal static class CompiledQueryScope
{
    [ThreadStatic]
    private static int _depth;

    /// <summary>True while a compiled query runs on this thread.</summary>
    public static bool IsActive => _depth > 0;

    /// <summary>Marks the start of a compiled query's run; pair with <see cref="Exit"/>.</summary>
    public static void Enter() => _depth++;

    /// <summary>Marks its end.</summary>
    public static void Exit() => _depth--;
}
