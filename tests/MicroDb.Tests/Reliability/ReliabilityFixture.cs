using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Tests.Reliability;

/// <summary>A temporary folder per test and connections (reflection path) closed after it.</summary>
public abstract class ReliabilityFixture
{
    private readonly List<MicroDbConnection> _open = [];

    protected string Folder { get; private set; } = "";

    protected string DatabasePath => Path.Combine(Folder, "test.db");

    [SetUp]
    public void CreateFolder()
    {
        Folder = Path.Combine(Path.GetTempPath(), "microdb-reliability", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(Folder);
    }

    [TearDown]
    public void DeleteFolder()
    {
        foreach (var connection in _open)
        {
            connection.Dispose();
        }

        _open.Clear();
        try
        {
            Directory.Delete(Folder, recursive: true);
        }
        catch (IOException)
        {
        }
        catch (UnauthorizedAccessException)
        {
        }
    }

    protected MicroDbConnection Open(string? path = null, Action<MicroDbOptions>? tweak = null)
    {
        var options = new MicroDbOptions(path ?? DatabasePath) { Mapping = MappingMode.Reflection }.UseReflection();
        tweak?.Invoke(options);
        var connection = new MicroDbConnection(options);
        _open.Add(connection);
        return connection;
    }

    protected MicroDbConnection OpenWith<T>(string? path = null, Action<MicroDbOptions>? tweak = null)
    {
        var db = Open(path, tweak);
        db.CreateTable<T>();
        return db;
    }
}
