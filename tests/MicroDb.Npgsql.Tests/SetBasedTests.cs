using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// ExecuteDelete and ExecuteUpdate on PostgreSQL (one statement each, through Core's one translator), checked against the
/// same change made in memory, on both mapping paths; and their refusals.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class SetBasedTests(MappingMode mapping)
{
    private MicroDbNpgsqlConnection _db = null!;
    private List<PgOrder> _orders = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_join_order");
        _db.CreateTable<PgOrder>();
        var random = new Random(2727);
        _db.InsertAll(Enumerable.Range(0, 30).Select(i => new PgOrder
        {
            CustomerId = random.Next(4) == 0 ? null : random.Next(1, 9),
            Total = random.Next(0, 10_000) / 100m,
            Weight = i % 6 == 0 ? double.NaN : random.Next(0, 80) / 4.0,
            Note = random.Next(3) == 0 ? null : "n" + random.Next(10),
        }).ToList());
        _orders = Read();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private List<PgOrder> Read() => _db.Query<PgOrder>("SELECT * FROM pg_join_order ORDER BY \"Id\"");

    [Test]
    public void ExecuteDelete_deletes_the_rows_linq_selects()
    {
        var doomed = _orders.Where(o => o.Weight > 10 || o.Note == null).Select(o => o.Id).ToHashSet();
        var deleted = _db.Table<PgOrder>().Where(o => o.Weight > 10 || o.Note == null).ExecuteDelete();
        Assert.That(deleted, Is.EqualTo(doomed.Count));
        Assert.That(Read().Select(o => o.Id), Is.EqualTo(_orders.Where(o => !doomed.Contains(o.Id)).Select(o => o.Id)));
    }

    [Test]
    public void ExecuteDelete_after_take_deletes_the_ordered_first_rows()
    {
        var doomed = _orders.OrderByDescending(o => o.Total).ThenBy(o => o.Id).Take(4).Select(o => o.Id).ToHashSet();
        Assert.That(_db.Table<PgOrder>().OrderByDescending(o => o.Total).ThenBy(o => o.Id).Take(4).ExecuteDelete(), Is.EqualTo(4));
        Assert.That(Read().Select(o => o.Id), Is.EqualTo(_orders.Where(o => !doomed.Contains(o.Id)).Select(o => o.Id)));
    }

    [Test]
    public async Task ExecuteUpdate_sets_values_and_computed_columns()
    {
        var changed = _orders.Where(o => o.CustomerId == 3).Select(o => o.Id).ToHashSet();
        var count = await _db.Table<PgOrder>().Where(o => o.CustomerId == 3)
            .ExecuteUpdateAsync(s => s.Set(o => o.Total, o => o.Total * 2 + 1).Set(o => o.Note, (string?)null).Set(o => o.CustomerId, 4));
        Assert.That(count, Is.EqualTo(changed.Count));
        var after = Read();
        for (var i = 0; i < after.Count; i++)
        {
            var before = _orders[i];
            var expected = changed.Contains(before.Id)
                ? (before.Total * 2 + 1, (string?)null, (int?)4)
                : (before.Total, before.Note, before.CustomerId);
            Assert.That((after[i].Total, after[i].Note, after[i].CustomerId), Is.EqualTo(expected), $"order {before.Id}");
        }
    }

    [Test]
    public void ExecuteUpdate_and_delete_refuse_what_has_no_translation()
    {
        var orders = _db.Table<PgOrder>();
        Assert.That(() => orders.ExecuteUpdate(s => s), Throws.ArgumentException.With.Message.Contains("sets no column"));
        Assert.That(() => orders.ExecuteUpdate(s => s.Set(o => o.Total, o => o.Total / 3)),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("decimal division"));
        Assert.That(() => orders.ExecuteUpdate(s => s.Set(o => o.Note, o => o.Note + o.Total)),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("string + string"));
        Assert.That(() => orders.ExecuteUpdate(s => s.Set(o => o.Total + 1, 2m)), Throws.ArgumentException.With.Message.Contains("mapped member"));
        Assert.That(_db.Table<PgNoKey>().Take(1).ExecuteDelete, Throws.TypeOf<NotSupportedException>().With.Message.Contains("primary key"));
        Assert.That(Read().Select(o => (o.Id, o.Total, o.Note)), Is.EqualTo(_orders.Select(o => (o.Id, o.Total, o.Note))), "nothing changed");
    }
}
