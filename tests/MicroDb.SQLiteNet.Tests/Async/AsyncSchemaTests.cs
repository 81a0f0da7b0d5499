using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncSchemaTests : AsyncTestBase
{
    [Test]
    public async Task CreateTableAsync_creates_then_reports_no_change()
    {
        Assert.That(await Db.CreateTableAsync<Note>(), Is.EqualTo(SQLite.CreateTableResult.Created));
        Assert.That(await Db.CreateTableAsync(typeof(Note)), Is.EqualTo(SQLite.CreateTableResult.Migrated));
        Assert.That((await Db.GetTableInfoAsync("Note")).Select(c => c.Name), Is.EqualTo(new[] { "Id", "Title", "Rank", "Done" }));
    }

    [Test]
    public async Task CreateTablesAsync_creates_every_table_in_each_form()
    {
        var two = await Db.CreateTablesAsync<Note, Tag>();
        var three = await Db.CreateTablesAsync<Note, Tag, Account>();
        var four = await Db.CreateTablesAsync<Note, Tag, Account, Label>();
        var five = await Db.CreateTablesAsync<Note, Tag, Account, Label, Stamp>();
        await Db.DropTableAsync<Stamp>();
        var byType = await Db.CreateTablesAsync(CreateFlags.None, typeof(Stamp), typeof(Note));

        Assert.That(two.Results[typeof(Tag)], Is.EqualTo(SQLite.CreateTableResult.Created));
        Assert.That(three.Results[typeof(Account)], Is.EqualTo(SQLite.CreateTableResult.Created));
        Assert.That(four.Results[typeof(Label)], Is.EqualTo(SQLite.CreateTableResult.Created));
        Assert.That(five.Results[typeof(Stamp)], Is.EqualTo(SQLite.CreateTableResult.Created));
        Assert.That(five.Results[typeof(Note)], Is.EqualTo(SQLite.CreateTableResult.Migrated));
        Assert.That(byType.Results[typeof(Stamp)], Is.EqualTo(SQLite.CreateTableResult.Created));
        var tables = await Db.QueryScalarsAsync<string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
        Assert.That(tables, Is.EqualTo(new[] { "Account", "Label", "Note", "Stamp", "sqlite_sequence", "tags" }));
    }

    [Test]
    public async Task DropTableAsync_drops_by_type_and_mapping()
    {
        await Db.CreateTablesAsync<Note, Tag>();
        await Db.DropTableAsync<Note>();
        await Db.DropTableAsync(await Db.GetMappingAsync<Tag>());

        Assert.That(await Db.ExecuteScalarAsync<int>("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('Note', 'tags')"), Is.Zero);
    }

    [Test]
    public async Task CreateIndexAsync_creates_each_form_of_index()
    {
        await Db.CreateTablesAsync<Note, Tag>();
        await Db.CreateIndexAsync("Note", "Rank");
        await Db.CreateIndexAsync("ix_done", "Note", "Done", unique: false);
        await Db.CreateIndexAsync("tags", new[] { "Uses", "Name" }, unique: true);
        await Db.CreateIndexAsync("ix_note_pair", "Note", new[] { "Rank", "Done" });
        await Db.CreateIndexAsync<Tag>(t => t.Uses);

        var indexes = await Db.QueryScalarsAsync<string>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name");
        Assert.That(indexes, Is.SupersetOf(new[] { "Note_Rank", "ix_done", "tags_Uses_Name", "ix_note_pair", "tags_Uses" }));
        Assert.That(await Db.ExecuteScalarAsync<int>("SELECT \"unique\" FROM pragma_index_list('tags') WHERE name = 'tags_Uses_Name'"), Is.EqualTo(1));
    }

    [Test]
    public async Task GetMappingAsync_describes_the_model()
    {
        var map = await Db.GetMappingAsync(typeof(Tag));
        var generic = await Db.GetMappingAsync<Tag>();

        Assert.That(map.TableName, Is.EqualTo("tags"));
        Assert.That(map.PK.Name, Is.EqualTo("Name"));
        Assert.That(generic, Is.SameAs(map));
        Assert.That(Db.TableMappings, Does.Contain(map));
    }

    [Test]
    public async Task Connection_settings_come_from_the_connection_string()
    {
        var cs = new SQLiteConnectionString(Path, MauiFlags, storeDateTimeAsTicks: false, dateTimeStringFormat: "o", storeTimeSpanAsTicks: false);
        var db = new SQLiteAsyncConnection(cs);
        var plain = new SQLiteAsyncConnection(Path, storeDateTimeAsTicks: false);

        Assert.That(db.DatabasePath, Is.EqualTo(Path));
        Assert.That((db.StoreDateTimeAsTicks, db.StoreTimeSpanAsTicks, db.DateTimeStringFormat), Is.EqualTo((false, false, "o")));
        Assert.That(plain.StoreDateTimeAsTicks, Is.False);
        Assert.That(db.LibVersionNumber, Is.GreaterThan(3_000_000));
        await db.CreateTableAsync<Stamp>();
        await plain.CloseAsync();
    }

    [Test]
    public async Task Trace_and_TimeExecution_write_to_the_tracer()
    {
        var lines = new List<string>();
        Db.Tracer = lines.Add;
        Db.Trace = true;
        Db.TimeExecution = true;

        await Db.ExecuteAsync("CREATE TABLE t (x)");

        Assert.That(Db.Trace && Db.TimeExecution, Is.True);
        Assert.That(lines, Has.Some.Contains("CREATE TABLE t (x)"));
        Assert.That(lines, Has.Some.StartsWith("Finished in"));
    }

    [Test]
    public async Task SetBusyTimeoutAsync_sets_the_shared_connection_timeout()
    {
        await Db.SetBusyTimeoutAsync(TimeSpan.FromMilliseconds(2500));
        Assert.That(Db.GetBusyTimeout(), Is.EqualTo(TimeSpan.FromMilliseconds(2500)));
    }

    [Test]
    public async Task EnableWriteAheadLoggingAsync_switches_the_journal_mode()
    {
        Assert.That(await Db.ExecuteScalarAsync<string>("PRAGMA journal_mode"), Is.EqualTo("delete"));
        await Db.EnableWriteAheadLoggingAsync();
        Assert.That(await Db.ExecuteScalarAsync<string>("PRAGMA journal_mode"), Is.EqualTo("wal"));
    }

    [Test]
    public async Task BackupAsync_copies_the_database()
    {
        await SeedNotesAsync(3);
        var copy = TempFiles.NewPath();
        try
        {
            await Db.BackupAsync(copy);
            var other = new SQLiteAsyncConnection(copy);
            Assert.That(await other.Table<Note>().CountAsync(), Is.EqualTo(3));
            await other.CloseAsync();
        }
        finally
        {
            TempFiles.Delete(copy);
        }
    }

    [Test]
    public async Task EnableLoadExtensionAsync_and_ReKeyAsync_run_on_plain_sqlite()
    {
        await Db.EnableLoadExtensionAsync(false);
        // Plain SQLite ignores the rekey pragma (only SQLCipher acts on it), as under sqlite-net.
        await Db.ReKeyAsync("secret");
        await Db.ReKeyAsync(new byte[32]);
        // A raw key must be 32 or 48 bytes, as sqlite-net checks; the task faults with ArgumentException.
        await Assert.ThrowsAsync<ArgumentException>(() => Db.ReKeyAsync(new byte[] { 1, 2, 3 }));
        await SeedNotesAsync(1);
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(1));
    }
}
