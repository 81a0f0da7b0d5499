extern alias sqlitenet;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// What sqlite-net-pcl 1.11.285 does with its shared connection per path, measured side by side with the compat package:
/// the behaviour the compat package's async path (over MicroDbPool) keeps, and the one difference it makes on purpose.
/// </summary>
[NonParallelizable]
public sealed class AsyncSharingParityTests
{
    private const SQLite.SQLiteOpenFlags CompatFlags = SQLite.SQLiteOpenFlags.ReadWrite | SQLite.SQLiteOpenFlags.Create | SQLite.SQLiteOpenFlags.SharedCache;
    private const Net.SQLiteOpenFlags NetFlags = Net.SQLiteOpenFlags.ReadWrite | Net.SQLiteOpenFlags.Create | Net.SQLiteOpenFlags.SharedCache;
    private string _compatPath = "";
    private string _netPath = "";

    [SetUp]
    public void Paths()
    {
        _compatPath = TempFiles.NewPath();
        _netPath = TempFiles.NewPath();
    }

    [TearDown]
    public void Close()
    {
        SQLite.SQLiteAsyncConnection.ResetPool();
        Net.SQLiteAsyncConnection.ResetPool();
        TempFiles.Delete(_compatPath);
        TempFiles.Delete(_netPath);
    }

    [Test]
    public void Async_connections_to_one_path_share_one_connection_in_both()
    {
        var compat = (new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags), new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags));
        var net = (new Net.SQLiteAsyncConnection(_netPath, NetFlags), new Net.SQLiteAsyncConnection(_netPath, NetFlags));

        Assert.Multiple(() =>
        {
            Assert.That(net.Item1.GetConnection(), Is.SameAs(net.Item2.GetConnection()), "sqlite-net");
            Assert.That(compat.Item1.GetConnection(), Is.SameAs(compat.Item2.GetConnection()), "compat");
        });
    }

    [Test]
    public async Task CloseAsync_makes_every_async_connection_to_the_path_open_a_new_one_in_both()
    {
        var compat = (new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags), new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags));
        var net = (new Net.SQLiteAsyncConnection(_netPath, NetFlags), new Net.SQLiteAsyncConnection(_netPath, NetFlags));
        await compat.Item1.CreateTableAsync<SharedRow>();
        await net.Item1.CreateTableAsync<SharedRow>();
        var compatBefore = compat.Item2.GetConnection();
        var netBefore = net.Item2.GetConnection();

        await compat.Item1.CloseAsync();
        await net.Item1.CloseAsync();

        Assert.Multiple(() =>
        {
            Assert.That(net.Item2.GetConnection(), Is.Not.SameAs(netBefore), "sqlite-net");
            Assert.That(compat.Item2.GetConnection(), Is.Not.SameAs(compatBefore), "compat");
        });
        Assert.That(await net.Item2.InsertAsync(new SharedRow { Text = "after" }), Is.EqualTo(1));
        Assert.That(await compat.Item2.InsertAsync(new SharedRow { Text = "after" }), Is.EqualTo(1));
    }

    [Test]
    public void ResetPool_replaces_the_shared_connection_in_both()
    {
        var compat = new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags);
        var net = new Net.SQLiteAsyncConnection(_netPath, NetFlags);
        var compatBefore = compat.GetConnection();
        var netBefore = net.GetConnection();

        SQLite.SQLiteAsyncConnection.ResetPool();
        Net.SQLiteAsyncConnection.ResetPool();

        Assert.Multiple(() =>
        {
            Assert.That(net.GetConnection(), Is.Not.SameAs(netBefore), "sqlite-net");
            Assert.That(compat.GetConnection(), Is.Not.SameAs(compatBefore), "compat");
        });
    }

    [Test]
    public void Different_open_flags_get_different_connections_in_both()
    {
        var compat = (new SQLite.SQLiteAsyncConnection(_compatPath, CompatFlags), new SQLite.SQLiteAsyncConnection(_compatPath));
        var net = (new Net.SQLiteAsyncConnection(_netPath, NetFlags), new Net.SQLiteAsyncConnection(_netPath));

        Assert.Multiple(() =>
        {
            Assert.That(net.Item1.GetConnection(), Is.Not.SameAs(net.Item2.GetConnection()), "sqlite-net");
            Assert.That(compat.Item1.GetConnection(), Is.Not.SameAs(compat.Item2.GetConnection()), "compat");
        });
    }

    [Test]
    public void FullMutex_skips_the_lock_in_sqlite_net_but_not_in_the_compat_package()
    {
        // The deliberate difference (docs/migrating-from-sqlite-net.md): with SkipLock, another call could run inside a
        // RunInTransactionAsync transaction and be rolled back with it.
        var compat = new SQLite.SQLiteAsyncConnection(_compatPath);
        var net = new Net.SQLiteAsyncConnection(_netPath);

        Assert.Multiple(() =>
        {
            Assert.That(net.GetConnection().SkipLock, Is.True, "sqlite-net");
            Assert.That(compat.GetConnection().SkipLock, Is.False, "compat");
        });
    }
}
