namespace MicroDb.SQLiteNet.Tests;

/// <summary>Temporary database files for one test.</summary>
internal static class TempFiles
{
    /// <summary>A fresh path in the temp directory (the file does not exist yet).</summary>
    public static string NewPath() => Path.Combine(Path.GetTempPath(), "mdbcompat-" + Guid.NewGuid().ToString("N") + ".db");

    /// <summary>Deletes the database and any journal or WAL files beside it.</summary>
    public static void Delete(string path)
    {
        foreach (var suffix in new[] { "", "-journal", "-wal", "-shm" })
        {
            File.Delete(path + suffix);
        }
    }
}
