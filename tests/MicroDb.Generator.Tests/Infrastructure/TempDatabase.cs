using MicroDb.Mapping;

namespace MicroDb.Generator.Tests.Infrastructure;

/// <summary>A connection to a fresh database file that only generated maps may serve, deleted on dispose.</summary>
internal sealed class TempDatabase : IDisposable
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), "microdb-gen-" + Guid.NewGuid().ToString("N") + ".db");

    public TempDatabase() => Connection = new MicroDbConnection(new MicroDbOptions(_path) { Mapping = MappingMode.Generated });

    public MicroDbConnection Connection { get; }

    public void Dispose()
    {
        Connection.Dispose();
        foreach (var suffix in new[] { "", "-wal", "-shm", "-journal" })
        {
            File.Delete(_path + suffix);
        }
    }
}
