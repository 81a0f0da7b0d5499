using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

public class AsyncTableQueryTests : AsyncTestBase
{
    [Test]
    public async Task Where_OrderBy_Skip_Take_compose_into_one_query()
    {
        await SeedNotesAsync(10);

        var page = await Db.Table<Note>().Where(n => n.Rank > 2).OrderByDescending(n => n.Rank).Skip(1).Take(3).ToListAsync();
        var array = await Db.Table<Note>().Where(n => n.Done).OrderBy(n => n.Done).ThenByDescending(n => n.Rank).ToArrayAsync();
        var thenBy = await Db.Table<Note>().OrderByDescending(n => n.Done).ThenBy(n => n.Rank).Take(2).ToListAsync();

        Assert.That(page.Select(n => n.Rank), Is.EqualTo(new[] { 9, 8, 7 }));
        Assert.That(array.Select(n => n.Rank), Is.EqualTo(new[] { 10, 8, 6, 4, 2 }));
        Assert.That(thenBy.Select(n => n.Rank), Is.EqualTo(new[] { 2, 4 }));
    }

    [Test]
    public async Task CountAsync_counts_with_and_without_a_predicate()
    {
        await SeedNotesAsync(7);
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(7));
        Assert.That(await Db.Table<Note>().CountAsync(n => n.Rank >= 5), Is.EqualTo(3));
        Assert.That(await Db.Table<Note>().Where(n => n.Done).CountAsync(n => n.Rank > 2), Is.EqualTo(2));
    }

    [Test]
    public async Task First_and_ElementAt_read_one_row()
    {
        await SeedNotesAsync(5);
        var ordered = Db.Table<Note>().OrderBy(n => n.Rank);

        Assert.That((await ordered.FirstAsync()).Rank, Is.EqualTo(1));
        Assert.That((await ordered.FirstAsync(n => n.Rank > 3)).Rank, Is.EqualTo(4));
        Assert.That((await ordered.FirstOrDefaultAsync())!.Rank, Is.EqualTo(1));
        Assert.That((await ordered.FirstOrDefaultAsync(n => n.Done))!.Rank, Is.EqualTo(2));
        Assert.That(await ordered.FirstOrDefaultAsync(n => n.Rank > 50), Is.Null);
        Assert.That((await ordered.ElementAtAsync(3)).Rank, Is.EqualTo(4));
    }

    [Test]
    public async Task FirstAsync_of_nothing_faults_with_InvalidOperationException()
    {
        await Db.CreateTableAsync<Note>();
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.Table<Note>().FirstAsync());
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.Table<Note>().FirstAsync(n => n.Done));
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.Table<Note>().ElementAtAsync(0));
    }

    [Test]
    public async Task DeleteAsync_deletes_the_matching_rows()
    {
        await SeedNotesAsync(6);

        Assert.That(await Db.Table<Note>().DeleteAsync(n => n.Rank > 4), Is.EqualTo(2));
        Assert.That(await Db.Table<Note>().Where(n => n.Done).DeleteAsync(), Is.EqualTo(2));

        Assert.That((await Db.Table<Note>().OrderBy(n => n.Rank).ToListAsync()).Select(n => n.Rank), Is.EqualTo(new[] { 1, 3 }));
    }

    [Test]
    public async Task DeleteAsync_without_a_condition_faults_and_deletes_nothing()
    {
        await SeedNotesAsync(3);

        var e = await Assert.ThrowsAsync<InvalidOperationException>(() => Db.Table<Note>().DeleteAsync());
        await Assert.ThrowsAsync<InvalidOperationException>(() => Db.Table<Note>().Where(n => n.Done).Take(1).DeleteAsync());

        Assert.That(e!.Message, Does.Contain("No condition"));
        Assert.That(await Db.Table<Note>().CountAsync(), Is.EqualTo(3));
    }

    [Test]
    public async Task An_untranslatable_predicate_throws_NotSupportedException_naming_it()
    {
        await SeedNotesAsync(1);
        var e = await Assert.ThrowsAsync<NotSupportedException>(() => Db.Table<Note>().Where(n => n.Title.GetHashCode() == 1).ToListAsync());
        Assert.That(e!.Message, Does.Contain("GetHashCode"));
    }

    [Test]
    public async Task A_query_over_a_plain_SQLiteConnection_runs_on_the_thread_pool()
    {
        using var sync = new SQLiteConnection(TempFiles.NewPath());
        sync.CreateTable<Note>();
        sync.Insert(new Note { Title = "x", Rank = 1 });

        var query = new AsyncTableQuery<Note>(sync.Table<Note>());

        Assert.That((await query.ToListAsync()).Single().Title, Is.EqualTo("x"));
        Assert.That(() => new AsyncTableQuery<Note>(null!), Throws.ArgumentNullException);
        TempFiles.Delete(sync.DatabasePath);
    }
}
