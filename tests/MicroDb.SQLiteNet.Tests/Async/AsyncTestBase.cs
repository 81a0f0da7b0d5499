using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>A fresh database file per test, opened the way the .NET MAUI template opens it, and closed afterwards.</summary>
public abstract class AsyncTestBase
{
    /// <summary>The MAUI template's flags.</summary>
    protected const SQLiteOpenFlags MauiFlags = SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.SharedCache;

    /// <summary>The test's database file.</summary>
    protected string Path { get; private set; } = "";

    /// <summary>The test's connection.</summary>
    protected SQLiteAsyncConnection Db { get; private set; } = null!;

    [SetUp]
    public void OpenDatabase()
    {
        Path = TempFiles.NewPath();
        Db = new SQLiteAsyncConnection(Path, MauiFlags);
    }

    [TearDown]
    public void CloseDatabase()
    {
        Db.CloseAsync().Wait();
        TempFiles.Delete(Path);
    }

    /// <summary>Creates the Note table and inserts notes with ranks 1..<paramref name="count"/> (even ranks done).</summary>
    protected async Task<List<Note>> SeedNotesAsync(int count)
    {
        await Db.CreateTableAsync<Note>();
        var notes = Enumerable.Range(1, count).Select(i => new Note { Title = "n" + i, Rank = i, Done = i % 2 == 0 }).ToList();
        await Db.InsertAllAsync(notes);
        return notes;
    }
}
