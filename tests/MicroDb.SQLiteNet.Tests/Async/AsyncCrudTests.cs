using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncCrudTests : AsyncTestBase
{
    [Test]
    public async Task InsertAsync_sets_autoincrement_key()
    {
        await Db.CreateTableAsync<Note>();
        var a = new Note { Title = "a" };
        var b = new Note { Title = "b" };

        Assert.That(await Db.InsertAsync(a), Is.EqualTo(1));
        Assert.That(await Db.InsertAsync(b, typeof(Note)), Is.EqualTo(1));

        Assert.That((a.Id, b.Id), Is.EqualTo((1, 2)));
        Assert.That((await Db.GetAsync<Note>(2)).Title, Is.EqualTo("b"));
    }

    [Test]
    public async Task InsertAsync_with_extra_applies_the_conflict_clause()
    {
        await Db.CreateTableAsync<Tag>();
        await Db.InsertAsync(new Tag { Name = "x", Uses = 1 });

        Assert.That(await Db.InsertAsync(new Tag { Name = "x", Uses = 2 }, "OR IGNORE"), Is.EqualTo(0));
        Assert.That((await Db.GetAsync<Tag>("x")).Uses, Is.EqualTo(1));
        Assert.That(await Db.InsertAsync(new Tag { Name = "x", Uses = 3 }, "OR REPLACE", typeof(Tag)), Is.EqualTo(1));
        Assert.That((await Db.GetAsync<Tag>("x")).Uses, Is.EqualTo(3));
    }

    [Test]
    public async Task InsertOrReplaceAsync_replaces_the_row_with_the_same_key()
    {
        await Db.CreateTableAsync<Tag>();
        await Db.InsertOrReplaceAsync(new Tag { Name = "x", Uses = 1 });
        await Db.InsertOrReplaceAsync(new Tag { Name = "x", Uses = 2 });
        await Db.InsertOrReplaceAsync(new Tag { Name = "y", Uses = 5 }, typeof(Tag));

        var tags = await Db.Table<Tag>().OrderBy(t => t.Name).ToListAsync();
        Assert.That(tags.Select(t => (t.Name, t.Uses)), Is.EqualTo(new[] { ("x", 2), ("y", 5) }));
    }

    [Test]
    public async Task InsertAllAsync_inserts_every_object_in_each_form()
    {
        await Db.CreateTableAsync<Tag>();

        Assert.That(await Db.InsertAllAsync(new[] { new Tag { Name = "a" }, new Tag { Name = "b" } }), Is.EqualTo(2));
        Assert.That(await Db.InsertAllAsync(new[] { new Tag { Name = "c" } }, runInTransaction: false), Is.EqualTo(1));
        Assert.That(await Db.InsertAllAsync(new[] { new Tag { Name = "a", Uses = 9 } }, "OR REPLACE"), Is.EqualTo(1));
        Assert.That(await Db.InsertAllAsync(new object[] { new Tag { Name = "d" } }, typeof(Tag)), Is.EqualTo(1));

        Assert.That(await Db.Table<Tag>().CountAsync(), Is.EqualTo(4));
        Assert.That((await Db.GetAsync<Tag>("a")).Uses, Is.EqualTo(9));
    }

    [Test]
    public async Task InsertAllAsync_in_a_transaction_rolls_back_every_row_when_one_fails()
    {
        await Db.CreateTableAsync<Account>();
        var accounts = new[] { new Account { Email = "a" }, new Account { Email = "b" }, new Account { Email = "a" } };

        await Assert.ThrowsAsync<SQLiteException>(() => Db.InsertAllAsync(accounts));

        Assert.That(await Db.Table<Account>().CountAsync(), Is.Zero);
    }

    [Test]
    public async Task UpdateAsync_and_UpdateAllAsync_write_by_primary_key()
    {
        var notes = await SeedNotesAsync(3);
        notes[0].Title = "first";
        Assert.That(await Db.UpdateAsync(notes[0]), Is.EqualTo(1));
        notes[1].Title = "second";
        Assert.That(await Db.UpdateAsync(notes[1], typeof(Note)), Is.EqualTo(1));
        notes[2].Rank = 30;
        notes[0].Rank = 10;
        Assert.That(await Db.UpdateAllAsync(new[] { notes[0], notes[2] }), Is.EqualTo(2));

        var back = await Db.Table<Note>().OrderBy(n => n.Id).ToListAsync();
        Assert.That(back.Select(n => (n.Title, n.Rank)), Is.EqualTo(new[] { ("first", 10), ("second", 2), ("n3", 30) }));
    }

    [Test]
    public async Task DeleteAsync_deletes_by_object_key_and_mapping()
    {
        var notes = await SeedNotesAsync(4);
        var map = await Db.GetMappingAsync<Note>();

        Assert.That(await Db.DeleteAsync(notes[0]), Is.EqualTo(1));
        Assert.That(await Db.DeleteAsync<Note>(notes[1].Id), Is.EqualTo(1));
        Assert.That(await Db.DeleteAsync(notes[2].Id, map), Is.EqualTo(1));
        Assert.That(await Db.DeleteAsync<Note>(999), Is.Zero);

        Assert.That((await Db.Table<Note>().ToListAsync()).Select(n => n.Id), Is.EqualTo(new[] { notes[3].Id }));
    }

    [Test]
    public async Task DeleteAllAsync_empties_the_table()
    {
        await SeedNotesAsync(5);
        Assert.That(await Db.DeleteAllAsync<Note>(), Is.EqualTo(5));
        await SeedNotesAsync(2);
        Assert.That(await Db.DeleteAllAsync(await Db.GetMappingAsync(typeof(Note))), Is.EqualTo(2));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.Zero);
    }

    [Test]
    public async Task GetAsync_reads_by_key_predicate_and_mapping()
    {
        await SeedNotesAsync(3);
        var map = await Db.GetMappingAsync<Note>();

        Assert.That((await Db.GetAsync<Note>(2)).Title, Is.EqualTo("n2"));
        Assert.That((await Db.GetAsync<Note>(n => n.Rank == 3)).Title, Is.EqualTo("n3"));
        Assert.That(((Note)await Db.GetAsync(1, map)).Title, Is.EqualTo("n1"));
    }

    [Test]
    public async Task GetAsync_of_a_missing_key_faults_with_InvalidOperationException()
    {
        await SeedNotesAsync(1);
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.GetAsync<Note>(42));
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.GetAsync<Note>(n => n.Rank == 42));
    }

    [Test]
    public async Task FindAsync_returns_null_when_absent()
    {
        await SeedNotesAsync(3);
        var map = await Db.GetMappingAsync<Note>();

        Assert.That((await Db.FindAsync<Note>(3))!.Title, Is.EqualTo("n3"));
        Assert.That(await Db.FindAsync<Note>(30), Is.Null);
        Assert.That((await Db.FindAsync<Note>(n => n.Title == "n1"))!.Rank, Is.EqualTo(1));
        Assert.That(await Db.FindAsync<Note>(n => n.Title == "zz"), Is.Null);
        Assert.That(((Note)(await Db.FindAsync(2, map))!).Title, Is.EqualTo("n2"));
        Assert.That(await Db.FindAsync(20, map), Is.Null);
    }

    [Test]
    public async Task FindWithQueryAsync_maps_the_first_row()
    {
        await SeedNotesAsync(3);
        var map = await Db.GetMappingAsync<Note>();

        Assert.That((await Db.FindWithQueryAsync<Note>("SELECT * FROM Note WHERE Rank > ? ORDER BY Rank", 1))!.Rank, Is.EqualTo(2));
        Assert.That(await Db.FindWithQueryAsync<Note>("SELECT * FROM Note WHERE Rank > ?", 10), Is.Null);
        Assert.That(((Note)(await Db.FindWithQueryAsync(map, "SELECT * FROM Note WHERE Rank = ?", 3))!).Title, Is.EqualTo("n3"));
    }

    [Test]
    public async Task QueryAsync_maps_every_row()
    {
        await SeedNotesAsync(4);
        var map = await Db.GetMappingAsync<Note>();

        var done = await Db.QueryAsync<Note>("SELECT * FROM Note WHERE Done = ? ORDER BY Rank", true);
        var all = await Db.QueryAsync(map, "SELECT * FROM Note");

        Assert.That(done.Select(n => n.Rank), Is.EqualTo(new[] { 2, 4 }));
        Assert.That(all.Cast<Note>().Select(n => n.Rank).Order(), Is.EqualTo(new[] { 1, 2, 3, 4 }));
    }

    [Test]
    public async Task QueryScalarsAsync_and_ExecuteScalarAsync_read_values()
    {
        await SeedNotesAsync(3);

        Assert.That(await Db.QueryScalarsAsync<string>("SELECT Title FROM Note ORDER BY Rank DESC"), Is.EqualTo(new[] { "n3", "n2", "n1" }));
        Assert.That(await Db.ExecuteScalarAsync<int>("SELECT sum(Rank) FROM Note"), Is.EqualTo(6));
        Assert.That(await Db.ExecuteScalarAsync<string>("SELECT Title FROM Note WHERE Rank = ?", 99), Is.Null);
    }

    [Test]
    public async Task DeferredQueryAsync_reads_every_row_before_completing()
    {
        await SeedNotesAsync(3);
        var map = await Db.GetMappingAsync<Note>();

        var typed = await Db.DeferredQueryAsync<Note>("SELECT * FROM Note ORDER BY Rank");
        var untyped = await Db.DeferredQueryAsync(map, "SELECT * FROM Note ORDER BY Rank");
        // The rows were read inside the call: closing the connection does not affect them.
        await Db.CloseAsync();

        Assert.That(typed.Select(n => n.Rank), Is.EqualTo(new[] { 1, 2, 3 }));
        Assert.That(untyped.Cast<Note>().Select(n => n.Title), Is.EqualTo(new[] { "n1", "n2", "n3" }));
    }

    [Test]
    public async Task ExecuteAsync_returns_the_changed_row_count()
    {
        await SeedNotesAsync(4);
        Assert.That(await Db.ExecuteAsync("UPDATE Note SET Done = 1 WHERE Rank < ?", 3), Is.EqualTo(2));
        Assert.That(await Db.Table<Note>().CountAsync(n => n.Done), Is.EqualTo(3));
    }
}
