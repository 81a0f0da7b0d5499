using SQLite;
using SqliteNetTodo.Models;

namespace SqliteNetTodo.Data;

/// <summary>The other common sqlite-net pattern: a subclassed synchronous connection with the app's queries on it.</summary>
public class AppDatabase : SQLiteConnection
{
    /// <summary>Opens the database and makes sure both tables exist.</summary>
    public AppDatabase(string path)
        : base(path, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create)
    {
        CreateTable<TodoItem>();
        CreateTable<ArchivedTodo>();
    }

    /// <summary>How many items are still open.</summary>
    public int CountOpen() => Table<TodoItem>().Count(t => !t.Done);

    /// <summary>Moves every done item to the archive, in one transaction.</summary>
    /// <returns>How many were moved.</returns>
    public int ArchiveDone()
    {
        var moved = 0;
        RunInTransaction(() =>
        {
            foreach (var item in Table<TodoItem>().Where(t => t.Done).OrderBy(t => t.ID).ToList())
            {
                Insert(new ArchivedTodo { Name = item.Name, ArchivedAt = DateTime.UtcNow });
                Delete(item);
                moved++;
            }
        });
        return moved;
    }

    /// <summary>The archive's names, by an ad-hoc query.</summary>
    public List<string> ArchivedNames() => QueryScalars<string>("SELECT Name FROM archive ORDER BY Id");
}
