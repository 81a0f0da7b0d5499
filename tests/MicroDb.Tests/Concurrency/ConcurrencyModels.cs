using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Concurrency;

[Table("conc_account")]
public sealed class ConcAccount
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string Owner { get; set; } = "";

    public long Balance { get; set; }
}

[Table("conc_item")]
public sealed class ConcItem
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [Indexed]
    public int Worker { get; set; }

    public string Tag { get; set; } = "";

    public int Version { get; set; }
}

/// <summary>A temporary database file, deleted (with its WAL files) after the test.</summary>
public sealed class TempDatabase : IDisposable
{
    public TempDatabase()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "microdb-conc-" + Guid.NewGuid().ToString("N") + ".db");
    }

    public string Path { get; }


    public MicroDbOptions Options() => new MicroDbOptions(Path).UseReflection();


    public void Dispose()
    {
        foreach (var suffix in new[] { "", "-wal", "-shm", "-journal" })
        {
            try
            {
                File.Delete(Path + suffix);
            }
            catch (IOException)
            {
                // Still open somewhere; the temp folder is cleaned eventually.
            }
        }
    }
}
