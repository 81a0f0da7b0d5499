namespace MicroDb.Benchmarks.Headline;

/// <summary>The headline's groups of cases, selectable one at a time with <c>--only NAME</c> (JIT headline and NativeAOT bench).</summary>
public static class HeadlineGroups
{
    /// <summary>Find, Insert, Update, Delete per call.</summary>
    public const string Crud = "crud";

    /// <summary>The 1,000-row query and the LINQ reads.</summary>
    public const string Query = "query";

    /// <summary>Serialize and deserialize 30,000 objects.</summary>
    public const string Serialization = "serialization";

    /// <summary>Issue 22's join, GroupBy and set-based update (<see cref="RelationalCases"/>).</summary>
    public const string Relational = "relational";

    /// <summary>The names, for messages.</summary>
    public const string Names = "crud, query, serialization, relational";

    /// <summary>Whether <paramref name="only"/> is null (every group) or names a group.</summary>
    /// <param name="only">The name given to <c>--only</c>, if any.</param>
    public static bool IsKnown(string? only) => only is null or Crud or Query or Serialization or Relational;

    /// <summary>Whether the group <paramref name="group"/> runs when <paramref name="only"/> was given.</summary>
    /// <param name="only">The name given to <c>--only</c>, or null for every group.</param>
    /// <param name="group">The group.</param>
    public static bool Runs(string? only, string group) => only is null || only == group;
}
