using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>The in-memory connection the intercepted-query fixtures run on, for one mapping path and one storage format.</summary>
internal static class InterceptedFixture
{
    /// <summary>Opens it: <paramref name="mapping"/> is "generated" or "reflection", <paramref name="format"/> "microdb" or "sqlite-net".</summary>
    public static MicroDbConnection Open(string mapping, string format, Action<ExecutedStatement> seen) =>
        Open(mapping, format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet(), seen);

    /// <summary>Opens it with the storage format <paramref name="storage"/>.</summary>
    public static MicroDbConnection Open(string mapping, StorageFormat storage, Action<ExecutedStatement> seen)
    {
        var options = new MicroDbOptions(":memory:")
        {
            Mapping = mapping == "generated" ? MappingMode.Generated : MappingMode.Reflection,
            Storage = storage,
            OnStatement = seen,
        };
        return new MicroDbConnection(mapping == "reflection" ? options.UseReflection() : options);
    }
}
