using SQLite;
using SqliteNetTodo.Models;

namespace SqliteNetTodo.Data;

/// <summary>The .NET MAUI template's data class: a lazily created async connection, initialised before each call.</summary>
public class TodoItemDatabase(string databasePath)
{
    /// <summary>The template's open flags.</summary>
    public const SQLiteOpenFlags Flags = SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.SharedCache;

    private SQLiteAsyncConnection? _database;

    /// <summary>Every item.</summary>
    public async Task<List<TodoItem>> GetItemsAsync()
    {
        await Init();
        return await _database!.Table<TodoItem>().ToListAsync();
    }

    /// <summary>The template's query (its name says "not done"; it reads the done ones).</summary>
    public async Task<List<TodoItem>> GetItemsNotDoneAsync()
    {
        await Init();
        return await _database!.Table<TodoItem>().Where(t => t.Done).ToListAsync();
    }

    /// <summary>One item, or null.</summary>
    public async Task<TodoItem> GetItemAsync(int id)
    {
        await Init();
        return await _database!.Table<TodoItem>().Where(i => i.ID == id).FirstOrDefaultAsync();
    }

    /// <summary>Inserts a new item or updates an existing one.</summary>
    public async Task<int> SaveItemAsync(TodoItem item)
    {
        await Init();
        return item.ID != 0 ? await _database!.UpdateAsync(item) : await _database!.InsertAsync(item);
    }

    /// <summary>Deletes an item.</summary>
    public async Task<int> DeleteItemAsync(TodoItem item)
    {
        await Init();
        return await _database!.DeleteAsync(item);
    }

    /// <summary>Closes the shared connection (the template never does; a console app ends cleanly).</summary>
    public Task CloseAsync() => _database?.CloseAsync() ?? Task.CompletedTask;

    private async Task Init()
    {
        if (_database is not null)
        {
            return;
        }

        _database = new SQLiteAsyncConnection(databasePath, Flags);
        await _database.CreateTableAsync<TodoItem>();
    }
}
