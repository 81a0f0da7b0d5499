extern alias sqlitenet;
using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>The .NET MAUI "todo" template's data layer, unchanged, over MicroDb.SQLiteNet.</summary>
public class MauiTodoTests
{
    private string _path = "";

    [SetUp]
    public void NewPath() => _path = TempFiles.NewPath();

    [TearDown]
    public void DeleteFile()
    {
        SQLiteAsyncConnection.ResetPool();
        TempFiles.Delete(_path);
    }

    [Test]
    public async Task The_todo_pattern_runs_end_to_end()
    {
        var database = new TodoItemDatabase(_path);
        var milk = new TodoItem { Name = "Milk", Notes = "2 l" };
        var bread = new TodoItem { Name = "Bread", Done = true };

        Assert.That(await database.SaveItemAsync(milk), Is.EqualTo(1));
        Assert.That(await database.SaveItemAsync(bread), Is.EqualTo(1));
        milk.Done = true;
        milk.Notes = "3 l";
        Assert.That(await database.SaveItemAsync(milk), Is.EqualTo(1));
        var all = await database.GetItemsAsync();
        var done = await database.GetItemsNotDoneAsync();
        var one = await database.GetItemAsync(bread.ID);
        Assert.That(await database.DeleteItemAsync(bread), Is.EqualTo(1));

        Assert.That(all.Select(t => t.Name), Is.EquivalentTo(new[] { "Milk", "Bread" }));
        Assert.That(done.Select(t => (t.Name, t.Notes)), Is.EquivalentTo(new[] { ("Milk", "3 l"), ("Bread", "") }));
        Assert.That(one.Name, Is.EqualTo("Bread"));
        Assert.That((await database.GetItemsAsync()).Single().ID, Is.EqualTo(milk.ID));
    }

    [Test]
    public async Task Pages_calling_the_database_at_once_see_one_Init()
    {
        var database = new TodoItemDatabase(_path);

        var saves = Enumerable.Range(0, 40).Select(i => database.SaveItemAsync(new TodoItem { Name = "t" + i, Done = i % 4 == 0 }));
        await Task.WhenAll(saves);

        Assert.That((await database.GetItemsAsync()).Count, Is.EqualTo(40));
        Assert.That((await database.GetItemsNotDoneAsync()).Count, Is.EqualTo(10));
    }

    [Test]
    public async Task A_todo_file_written_by_sqlite_net_is_read_and_extended_unchanged()
    {
        var original = new sqlitenet::SQLite.SQLiteAsyncConnection(_path, sqlitenet::SQLite.SQLiteOpenFlags.ReadWrite | sqlitenet::SQLite.SQLiteOpenFlags.Create | sqlitenet::SQLite.SQLiteOpenFlags.SharedCache);
        await original.CreateTableAsync<Shared.TodoItem>();
        await original.InsertAsync(new Shared.TodoItem { Name = "from sqlite-net", Done = true });
        await original.CloseAsync();

        var database = new SQLiteAsyncConnection(_path, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.SharedCache);
        Assert.That(await database.CreateTableAsync<Shared.TodoItem>(), Is.EqualTo(SQLite.CreateTableResult.Migrated));
        var added = new Shared.TodoItem { Name = "from MicroDb" };
        await database.InsertAsync(added);
        var done = await database.Table<Shared.TodoItem>().Where(t => t.Done).ToListAsync();
        await database.CloseAsync();

        var reopened = new sqlitenet::SQLite.SQLiteAsyncConnection(_path);
        var names = (await reopened.Table<Shared.TodoItem>().OrderBy(t => t.ID).ToListAsync()).Select(t => (t.ID, t.Name)).ToList();
        await reopened.CloseAsync();

        Assert.That(done.Single().Name, Is.EqualTo("from sqlite-net"));
        Assert.That(added.ID, Is.EqualTo(2));
        Assert.That(names, Is.EqualTo(new[] { (1, "from sqlite-net"), (2, "from MicroDb") }));
    }

    /// <summary>The template's TodoItemDatabase: a lazily created connection, Init before every call.</summary>
    private sealed class TodoItemDatabase(string path)
    {
        private SQLiteAsyncConnection? _database;

        public async Task<List<TodoItem>> GetItemsAsync()
        {
            await Init();
            return await _database!.Table<TodoItem>().ToListAsync();
        }

        // The template's name for it; it does read the done items.
        public async Task<List<TodoItem>> GetItemsNotDoneAsync()
        {
            await Init();
            return await _database!.Table<TodoItem>().Where(t => t.Done).ToListAsync();
        }

        public async Task<TodoItem> GetItemAsync(int id)
        {
            await Init();
            return await _database!.Table<TodoItem>().Where(i => i.ID == id).FirstOrDefaultAsync();
        }

        public async Task<int> SaveItemAsync(TodoItem item)
        {
            await Init();
            return item.ID != 0 ? await _database!.UpdateAsync(item) : await _database!.InsertAsync(item);
        }

        public async Task<int> DeleteItemAsync(TodoItem item)
        {
            await Init();
            return await _database!.DeleteAsync(item);
        }

        private async Task Init()
        {
            if (_database is not null)
            {
                return;
            }

            _database = new SQLiteAsyncConnection(path, SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.Create | SQLiteOpenFlags.SharedCache);
            await _database.CreateTableAsync<TodoItem>();
        }
    }
}
