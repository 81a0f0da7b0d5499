using MicroDb.Mapping;

namespace MicroDb.Conformance;

/// <summary>
/// Behaviour every mapping path must have. Written once in tests/MicroDb.Conformance; each path runs it through a
/// derived fixture in its own runner project, which compiles these same files (MicroDb.Conformance.Reflection,
/// MicroDb.Conformance.Generated).
/// </summary>
public abstract partial class ConformanceSuite
{
    private readonly List<MicroDbConnection> _open = [];
    private string _directory = "";

    /// <summary>The mapping path under test.</summary>
    protected abstract MappingMode Mode { get; }

    /// <summary>Lets a path add what it needs (the reflection path sets its provider).</summary>
    protected abstract MicroDbOptions Configure(MicroDbOptions options);

    protected string DatabasePath => Path.Combine(_directory, "test.db");

    [SetUp]
    public void CreateDirectory()
    {
        _directory = Path.Combine(Path.GetTempPath(), "microdb-tests", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(_directory);
    }

    [TearDown]
    public void DeleteDirectory()
    {
        foreach (var connection in _open)
        {
            connection.Dispose();
        }

        _open.Clear();
        try
        {
            Directory.Delete(_directory, recursive: true);
        }
        catch (IOException)
        {
            // A file still mapped on some platforms; the temp folder is cleaned by the OS.
        }
    }

    protected MicroDbConnection Open(string? path = null, Action<MicroDbOptions>? tweak = null)
    {
        var options = Configure(new MicroDbOptions(path ?? DatabasePath) { Mapping = Mode });
        tweak?.Invoke(options);
        var connection = new MicroDbConnection(options);
        _open.Add(connection);
        return connection;
    }

    protected MicroDbConnection OpenWith<T>()
    {
        var db = Open();
        db.CreateTable<T>();
        return db;
    }

    /// <summary>Every row as SQLite stores it (quote() shows the storage class: 'text', X'blob', 1, 1.5, NULL), sorted, for path-independent comparisons.</summary>
    protected static List<string> RawRows(MicroDbConnection db, string table)
    {
        var columns = db.GetTableInfo(table).Select(c => "quote(" + SqlBuilder.Quote(c.Name) + ")");
        return db.QueryScalars<string>($"SELECT {string.Join(" || '|' || ", columns)} FROM {SqlBuilder.Quote(table)} ORDER BY 1");
    }
}
