// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
using System;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// How <c>Take</c> and <c>Skip</c> compose into one LIMIT/OFFSET, as LINQ-to-Objects applies them in order: shared by the
/// run-time queries (one table, joins, groups, PostgreSQL) and the build-time front end, so both write the same SQL.
/// A negative count is 0, as in LINQ.
/// </summary>
internal static class SqlPaging
{
    /// <summary>The limit after <c>Take(count)</c> on a query limited to <paramref name="limit"/> rows (null: none).</summary>
    /// <param name="limit">The limit so far.</param>
    /// <param name="count">Take's count.</param>
    /// <returns>The smaller of both.</returns>
    public static int? Take(int? limit, int count)
    {
        count = Math.Max(0, count);
        return limit is { } own ? Math.Min(own, count) : count;
    }

    /// <summary>The limit and offset after <c>Skip(count)</c>: a limit shrinks by the rows skipped, the offset grows.</summary>
    /// <param name="limit">The limit so far (null: none).</param>
    /// <param name="offset">The offset so far.</param>
    /// <param name="count">Skip's count.</param>
    /// <returns>The new limit and offset.</returns>
    public static (int? Limit, int Offset) Skip(int? limit, int offset, int count)
    {
        count = Math.Max(0, count);
        return (limit is { } own ? Math.Max(0, own - count) : null, checked(offset + count));
    }
}
