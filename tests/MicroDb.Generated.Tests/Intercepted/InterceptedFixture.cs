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
    public static MicroDbConnection Open(string mapping, StorageFormat storage, Action<ExecutedStatement> seen) =>
        new(Options(":memory:", mapping, storage, seen));

    /// <summary>
    /// Opens an async connection on a file database at <paramref name="path"/> (its pool needs one), the statements
    /// recorded into <paramref name="seen"/> under its lock (pool readers report from their own threads).
    /// </summary>
    public static MicroDbAsyncConnection OpenAsync(string path, string mapping, string format, List<ExecutedStatement> seen) =>
        new(Options(path, mapping, format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet(), s =>
        {
            lock (seen)
            {
                seen.Add(s);
            }
        }));

    private static MicroDbOptions Options(string path, string mapping, StorageFormat storage, Action<ExecutedStatement> seen)
    {
        var options = new MicroDbOptions(path)
        {
            Mapping = mapping == "generated" ? MappingMode.Generated : MappingMode.Reflection,
            Storage = storage,
            OnStatement = seen,
        };
        return mapping == "reflection" ? options.UseReflection() : options;
    }
}
