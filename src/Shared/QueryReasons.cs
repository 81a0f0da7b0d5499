// Shared source (see src/Shared/README.md): why a LINQ expression has no SQL translation, in the words the run-time
// translator throws (NotSupportedException) and the generator's MDB0014 warning reports at the call site.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>The reasons a query can never be translated, shared by the run-time front end and the build-time one.</summary>
internal static class QueryReasons
{
    /// <summary>A member of the entity that maps to no column.</summary>
    public static string NotMappedColumn(string member, string entity) => $"member '{member}' of '{entity}' is not a mapped column";

    /// <summary>A [StoreAsText] enum compared by order or used in arithmetic.</summary>
    public static string TextEnumCompared(string member) =>
        $"member '{member}' is a [StoreAsText] enum, stored by name, so SQL cannot compare or compute with its numeric value";

    /// <summary>A [StoreAsText] enum as an ORDER BY key.</summary>
    public static string TextEnumOrdered(string member) =>
        $"member '{member}' is a [StoreAsText] enum, so SQL would sort by name, not by value";

    /// <summary>Two operands compared with each other (join keys, a correlation, a condition) that store equal values differently.</summary>
    public static string StoredDifferently(string left, string leftStorage, string right, string rightStorage) =>
        $"'{left}' and '{right}' are stored differently ({leftStorage} and {rightStorage}), so SQL cannot compare them as .NET does";

    /// <summary>A column compared with a value SQL computes from the row, which it stores differently (<c>StoredPairRules.ComputedStoredDifferently</c>).</summary>
    public static string StoredDifferentlyFromComputed(string member, string storage, string computed) =>
        $"member '{member}' is stored as {storage} (an enum by name), but '{computed}' is a number SQL computes from the row, so SQL cannot compare them as .NET does";

    /// <summary>A <c>%</c> of <c>double</c>, <c>float</c> or <c>decimal</c> operands: SQLite's <c>%</c> converts both sides to integers (<c>7.5 % 2</c> is 1, .NET's 1.5).</summary>
    public const string FloatingRemainder = "a floating-point remainder, which SQLite computes on integers";

    /// <summary>Whether SQLite's <c>%</c> would compute a remainder of this result type otherwise than .NET (<see cref="FloatingRemainder"/>).</summary>
    public static bool IsFloatingRemainderType(string? fullName) => fullName is "System.Double" or "System.Single" or "System.Decimal";
}
