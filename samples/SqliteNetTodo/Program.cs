using SqliteNetTodo.Data;
using SqliteNetTodo.Models;

// A sqlite-net app's data layer, unchanged, on MicroDb.SQLiteNet: the MAUI template's async TodoItemDatabase and a
// subclassed synchronous SQLiteConnection, on one file. Published with -p:PublishAot=true it runs as native code.
var directory = Path.Combine(Path.GetTempPath(), "sqlitenet-todo-" + Environment.ProcessId);
Directory.CreateDirectory(directory);
var path = Path.Combine(directory, "todo.db3");
var failures = 0;

void Check(bool condition, string what)
{
    Console.WriteLine((condition ? "ok   " : "FAIL ") + what);
    failures += condition ? 0 : 1;
}

try
{
    var todos = new TodoItemDatabase(path);
    var milk = new TodoItem { Name = "Buy milk", Notes = "2 l" };
    await todos.SaveItemAsync(milk);
    await todos.SaveItemAsync(new TodoItem { Name = "Write report" });
    milk.Done = true;
    await todos.SaveItemAsync(milk);
    Check(milk.ID == 1, "InsertAsync set the key");
    Check((await todos.GetItemsNotDoneAsync()).Single().Name == "Buy milk", "Table<TodoItem>().Where(t => t.Done).ToListAsync()");

    // Pages often load at once: forty saves in parallel, one shared connection, each call in its turn.
    await Task.WhenAll(Enumerable.Range(1, 40).Select(i => todos.SaveItemAsync(new TodoItem { Name = "Task " + i, Done = i % 4 == 0 })));
    Check((await todos.GetItemsAsync()).Count == 42, "42 items after Task.WhenAll of 40 saves");
    var report = await todos.GetItemAsync(2);
    Check(await todos.DeleteItemAsync(report) == 1, "DeleteAsync");
    await todos.CloseAsync();

    using (var app = new AppDatabase(path))
    {
        Check(app.CountOpen() == 30, "sync Count with a predicate on the subclassed connection");
        Check(app.ArchiveDone() == 11, "RunInTransaction moved the done items to the archive");
        Check(app.ArchivedNames().First() == "Buy milk", "QueryScalars");
        Check(app.Query<(int, string)>("select 7, 'seven'").Single() == (7, "seven"), "Query<(int, string)> reads a value tuple by column position");
        // Generated maps (MicroDb's source generator) need no reflection; a model it did not reach is mapped by reflection.
        Console.WriteLine($"generated maps: TodoItem {app.MicroDbConnection.GetMap<TodoItem>().IsGenerated}, "
            + $"ArchivedTodo {app.MicroDbConnection.GetMap<ArchivedTodo>().IsGenerated}; "
            + $"methods compiled by a JIT: {System.Runtime.JitInfo.GetCompiledMethodCount()}");
    }

    Check((await new TodoItemDatabase(path).GetItemsAsync()).Count == 30, "the async side sees the sync side's work");
}
catch (Exception e)
{
    Console.WriteLine("FAIL " + e);
    failures++;
}
finally
{
    SQLite.SQLiteAsyncConnection.ResetPool();
    Directory.Delete(directory, recursive: true);
}

Console.WriteLine(failures == 0 ? "all checks passed" : failures + " check(s) failed");
return failures == 0 ? 0 : 1;
