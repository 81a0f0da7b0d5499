// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// How a left-joined row is told missing, the same on both front ends: its table's rowid reads NULL (a WITHOUT ROWID
/// table: its first key column). Not the join key, which a matched row can store as NULL (a double's NaN).
/// </summary>
internal static class SqlJoinPresence
{
    /// <summary>The column selected to tell whether the joined table <paramref name="alias"/> had a row.</summary>
    /// <param name="alias">The joined table's alias.</param>
    /// <param name="withoutRowId">The table is WITHOUT ROWID.</param>
    /// <param name="firstKeyColumn">Its first primary-key column, by key order (used only without a rowid).</param>
    /// <returns>The presence column.</returns>
    public static SqlExpression Of(string alias, bool withoutRowId, string? firstKeyColumn) =>
        withoutRowId ? new SqlColumn(firstKeyColumn!, alias) : new SqlRowId(alias);
}
