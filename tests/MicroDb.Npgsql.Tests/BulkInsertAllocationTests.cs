using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>Binary COPY on the typed column path (reflection maps) boxes no value: its allocation does not grow with the values written.</summary>
public sealed class BulkInsertAllocationTests
{
    [Table("pg_bulk_numbers")]
    public sealed class BulkNumbers
    {
        [PrimaryKey, AutoIncrement] public long Id { get; set; }
        public long Big { get; set; }
        public int Small { get; set; }
        public double Ratio { get; set; }
        public Guid Key { get; set; }
    }

    [Test]
    public void BulkInsert_of_10000_rows_allocates_far_less_than_one_box_per_value()
    {
        ReflectionMaps.Enable();
        using var db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Reflection);
        db.Execute("DROP TABLE IF EXISTS pg_bulk_numbers");
        db.CreateTable<BulkNumbers>();
        var rows = Enumerable.Range(0, 10_000).Select(i => new BulkNumbers { Big = i * 3L, Small = i, Ratio = i / 7.0, Key = Guid.NewGuid() }).ToArray();
        db.BulkInsert(rows.Take(100)); // warm-up: JIT, the map, Npgsql's type info

        var before = GC.GetAllocatedBytesForCurrentThread();
        var copied = db.BulkInsert(rows);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.That(copied, Is.EqualTo(10_000));
        Assert.That(db.ExecuteScalar<long>("SELECT SUM(\"Small\") FROM pg_bulk_numbers"), Is.EqualTo(Enumerable.Range(0, 100).Sum() + Enumerable.Range(0, 10_000).Sum()));
        // One box per written value would be 40,000 x 24 B = 960,000 B; the fixed cost of a load is a few kilobytes.
        Assert.That(allocated, Is.LessThan(48_000), $"{allocated} B allocated for 40,000 values");
    }
}
