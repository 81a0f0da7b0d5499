using MicroDb.Mapping;
using MicroDb.Npgsql;
using MicroDb.Npgsql.AotSample;
using MicroDb.Npgsql.AotSample.Models;
using Npgsql;

// MicroDb on PostgreSQL with generated maps only: published with PublishAot=true, this binary proves that
// MicroDb.Npgsql binds and reads through the maps' typed columns with no JIT and no run-time reflection. It creates
// two tables, runs CRUD, queries, transactions and the async API against the server, checks every value it reads back,
// and exits 1 on any mismatch (2 without a server). Usage: MicroDb.Npgsql.AotSample "Host=...;Username=...;Database=..."
// or the connection string in MICRODB_PG_CONNECTION.
var connectionString = args.Length > 0 ? args[0] : Environment.GetEnvironmentVariable("MICRODB_PG_CONNECTION");
if (string.IsNullOrWhiteSpace(connectionString))
{
    Console.Error.WriteLine("Give the PostgreSQL connection string as the first argument or in MICRODB_PG_CONNECTION.");
    return 2;
}

var checks = new Checks();
try
{
    await using var dataSource = NpgsqlDataSource.Create(connectionString);
    await Walk(dataSource, checks);
}
catch (Exception e)
{
    Console.WriteLine("FAIL  unexpected " + e.GetType().Name + ": " + e.Message);
    return 1;
}

Console.WriteLine("methods compiled by a JIT: " + System.Runtime.JitInfo.GetCompiledMethodCount());
Console.WriteLine(checks.Failed == 0
    ? $"MicroDb.Npgsql AOT sample: all {checks.Passed} checks passed"
    : $"MicroDb.Npgsql AOT sample: {checks.Failed} of {checks.Passed + checks.Failed} checks FAILED");
return checks.Failed == 0 ? 0 : 1;

static async Task Walk(NpgsqlDataSource dataSource, Checks checks)
{
    // Generated maps only: a type without one would throw here instead of falling back to reflection.
    using var db = new MicroDbNpgsqlConnection(dataSource, MappingMode.Generated);
    checks.True("generated maps implement ITypedColumns<T>",
        EntityMapRegistry.GetGenerated<TodoItem>() is ITypedColumns<TodoItem> && EntityMapRegistry.GetGenerated<Tally>() is ITypedColumns<Tally>);

    db.Execute("DROP TABLE IF EXISTS aot_sample_todo");
    db.Execute("DROP TABLE IF EXISTS aot_sample_tally");
    db.CreateTable<TodoItem>();
    await db.CreateTableAsync<Tally>();
    checks.Equal("create table", 0L, db.Query<TodoItem>("SELECT * FROM aot_sample_todo").Count);

    // Insert: the identity key comes back through RETURNING, every value round-trips.
    var write = NewItem("write the sample", Priority.High);
    var test = NewItem("test it", Priority.Normal);
    db.Insert(write);
    db.Insert(test);
    checks.True("insert reads back the identity key", write.Id > 0 && test.Id == write.Id + 1);
    CheckSame(checks, "get", write, db.Get<TodoItem>(write.Id));

    // Query with positional parameters, converted as the columns store them (the enum as its value).
    var urgent = db.Query<TodoItem>("SELECT * FROM aot_sample_todo WHERE \"Priority\" = $1 ORDER BY \"Id\"", Priority.High);
    checks.Equal("query by enum", 1, urgent.Count);
    CheckSame(checks, "query", write, urgent[0]);

    // Update and delete.
    write.Done = true;
    write.Minutes = null;
    write.Due = null;
    write.Revision = ulong.MaxValue;
    checks.Equal("update", 1, db.Update(write));
    CheckSame(checks, "get after update", write, db.Get<TodoItem>(write.Id));
    checks.Equal("delete", 1, db.Delete(test));
    checks.True("find after delete", db.Find<TodoItem>(test.Id) is null);

    // Transactions: a failed block stores nothing, a committed one everything.
    try
    {
        db.RunInTransaction(() =>
        {
            db.Insert(NewItem("rolled back", Priority.Low));
            throw new InvalidOperationException("roll back");
        });
    }
    catch (InvalidOperationException)
    {
    }

    checks.Equal("rolled-back transaction stores nothing", 1, db.Query<TodoItem>("SELECT * FROM aot_sample_todo").Count);
    db.BeginTransaction();
    db.Insert(NewItem("committed", Priority.Low));
    db.Commit();
    checks.Equal("committed transaction stores its row", 2, db.Query<TodoItem>("SELECT * FROM aot_sample_todo").Count);

    // Async: a record built through its constructor, a string key.
    var tally = new Tally("visits", 41, new DateOnly(2026, 11, 26));
    await db.InsertAsync(tally);
    checks.Equal("async get (record through its constructor)", tally, await db.GetAsync<Tally>("visits"));
    var bumped = tally with { Count = 42 };
    checks.Equal("async update", 1, await db.UpdateAsync(bumped));
    await db.RunInTransactionAsync(async token =>
    {
        await db.InsertAsync(new Tally("orders", 7, new DateOnly(2026, 1, 1)), token);
        await db.InsertAsync(new Tally("returns", 1, new DateOnly(2026, 1, 2)), token);
    });
    var tallies = await db.QueryAsync<Tally>("SELECT * FROM aot_sample_tally WHERE \"Count\" > $1 ORDER BY \"Name\"", [1L]);
    checks.Equal("async query", "orders=7 visits=42", string.Join(" ", tallies.Select(t => t.Name + "=" + t.Count)));
    checks.Equal("async delete", 1, await db.DeleteAsync(bumped));
    checks.True("async find after delete", await db.FindAsync<Tally>("visits") is null);

    db.Execute("DROP TABLE aot_sample_todo");
    db.Execute("DROP TABLE aot_sample_tally");
}

static TodoItem NewItem(string title, Priority priority) => new()
{
    Title = title,
    Priority = priority,
    Cost = 1234.5678m,
    Created = new DateTime(2026, 11, 26, 8, 30, 15, 250),
    Due = new DateTimeOffset(2026, 12, 1, 17, 0, 0, TimeSpan.FromHours(1)),
    Correlation = Guid.Parse("3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
    Minutes = 90,
    Attachment = [1, 2, 3, 250],
    Revision = 12345678901234567890UL,
};

static void CheckSame(Checks checks, string step, TodoItem expected, TodoItem actual)
{
    checks.Equal(step + ": Id", expected.Id, actual.Id);
    checks.Equal(step + ": Title", expected.Title, actual.Title);
    checks.Equal(step + ": Done", expected.Done, actual.Done);
    checks.Equal(step + ": Priority", expected.Priority, actual.Priority);
    checks.Equal(step + ": Cost", expected.Cost, actual.Cost);
    checks.Equal(step + ": Created", expected.Created, actual.Created);
    checks.Equal(step + ": Due", expected.Due, actual.Due);
    checks.Equal(step + ": Correlation", expected.Correlation, actual.Correlation);
    checks.Equal(step + ": Minutes", expected.Minutes, actual.Minutes);
    checks.Equal(step + ": Attachment", Convert.ToHexString(expected.Attachment ?? []), Convert.ToHexString(actual.Attachment ?? []));
    checks.Equal(step + ": Revision", expected.Revision, actual.Revision);
}
