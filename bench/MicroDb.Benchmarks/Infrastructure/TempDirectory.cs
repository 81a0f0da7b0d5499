namespace MicroDb.Benchmarks.Infrastructure;

/// <summary>A private folder under the system temp directory for database files (real files, so durability costs show); deleted on dispose.</summary>
public sealed class TempDirectory : IDisposable
{
    /// <summary>Creates the folder.</summary>
    public TempDirectory()
    {
        Path = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "microdb-bench-" + Guid.NewGuid().ToString("N")[..12]);
        Directory.CreateDirectory(Path);
    }

    /// <summary>The folder path.</summary>
    public string Path { get; }

    /// <summary>A file path inside the folder.</summary>
    /// <param name="name">The file name.</param>
    public string File(string name) => System.IO.Path.Combine(Path, name);

    /// <summary>Deletes the folder and its files.</summary>
    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
            // A file still open elsewhere; the OS temp cleaner will get it.
        }
    }
}
