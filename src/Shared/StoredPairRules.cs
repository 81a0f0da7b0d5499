// Shared source (see src/Shared/README.md): when two columns compared with each other in SQL (a join's key pair, a
// sub-query's correlation) hold equal .NET values in different stored forms, so that SQL's '=' would never match them.
// The run-time translator refuses such a pair and the generator declines it, both with QueryReasons.StoredDifferently.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>Which pairs of columns store equal .NET values differently (beyond the stored-key rules of each type).</summary>
internal static class StoredPairRules
{
    /// <summary>
    /// Whether a column of <paramref name="a"/> and one of <paramref name="b"/> store equal .NET values differently: an
    /// enum stored by name (<see cref="ColumnKind.EnumText"/>) against anything but a column of the same enum type also
    /// stored by name (a number, or another enum's names for the same value; C# compares enums as their numbers), and,
    /// under MicroDb's own storage format, a DateTime stored as ticks against one stored as text (<c>[StoreAsText]</c>).
    /// </summary>
    /// <param name="a">The first column's kind.</param>
    /// <param name="b">The second column's kind.</param>
    /// <param name="sameType">Both members have the same (non-nullable) type.</param>
    /// <param name="dateTimesAlike">The storage format stores every DateTime one way (sqlite-net's format, a native dialect).</param>
    public static bool StoredDifferently(ColumnKind a, ColumnKind b, bool sameType, bool dateTimesAlike) =>
        ((a == ColumnKind.EnumText || b == ColumnKind.EnumText) && !(a == b && sameType))
        || (!dateTimesAlike && (a, b) is (ColumnKind.DateTime, ColumnKind.DateTimeText) or (ColumnKind.DateTimeText, ColumnKind.DateTime));

    /// <summary>
    /// Whether a column of <paramref name="column"/> stores its values differently from a value SQL computes from the row
    /// (arithmetic, a cast of another column that is not a plain member): an enum stored by name holds text, the computed
    /// value is a number, and SQL's '=' would never match them where .NET's equality does. A value known before the query
    /// runs is not computed: it is bound as the name it stands for.
    /// </summary>
    /// <param name="column">The column's kind.</param>
    public static bool ComputedStoredDifferently(ColumnKind column) => column == ColumnKind.EnumText;
}
