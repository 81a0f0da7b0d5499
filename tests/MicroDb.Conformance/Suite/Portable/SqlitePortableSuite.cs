using MicroDb.Mapping;

namespace MicroDb.Conformance.Portable;

/// <summary>The portable suite on SQLite: each test gets a database file in a directory of its own.</summary>
public abstract class SqlitePortableSuite : PortableSuite
{
    private string _directory = "";

    /// <summary>The mapping path under test.</summary>
    protected abstract MappingMode Mode { get; }

    /// <summary>Lets a path add what it needs (the reflection path sets its provider).</summary>
    protected abstract MicroDbOptions Configure(MicroDbOptions options);

    [SetUp]
    public void CreateDirectory()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-tests", "portable-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
    }

    protected override IPortableDb Connect()
    {
        var options = Configure(new MicroDbOptions(Path.Combine(_directory, "test.db")) { Mapping = Mode });
        return new SqlitePortableDb(new MicroDbConnection(options), options);
    }

    protected override void DropDatabase()
    {
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // A file still mapped on some platforms; the temp folder is cleaned by the OS.
        }
    }
}
