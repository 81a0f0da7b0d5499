using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Generated.Tests;

/// <summary>A row whose mapped getters count their reads (<see cref="Reads"/> is not mapped).</summary>
[Table("counted_rows")]
public sealed class CountedRow
{
    private string? _name;
    private int _size;
    private DateTime _at;

    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    /// <summary>A text column.</summary>
    public string? Name { get => Read(_name); set => _name = value; }

    /// <summary>An integer column.</summary>
    public int Size { get => Read(_size); set => _size = value; }

    /// <summary>A DateTime column.</summary>
    public DateTime At { get => Read(_at); set => _at = value; }

    /// <summary>How many times a mapped getter ran.</summary>
    [Ignore]
    public int Reads { get; set; }

    private TValue Read<TValue>(TValue value)
    {
        Reads++;
        return value;
    }
}

/// <summary>
/// <c>Insert(object)</c> binds through the untyped map with a column list (<c>EntityMap&lt;T&gt;.BindColumns</c>): the
/// row is read once, however many columns, on both mapping paths.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class InsertByRuntimeTypeTests(MappingMode mapping)
{
    private MicroDbConnection _db = null!;

    [SetUp]
    public void Open()
    {
        ReflectionMaps.Enable();
        _db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = mapping });
        _db.CreateTable<CountedRow>();
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Insert_by_runtime_type_reads_each_member_once_and_stores_every_column()
    {
        var at = new DateTime(2024, 2, 29, 12, 30, 0, DateTimeKind.Utc);
        object row = new CountedRow { Name = "a", Size = 3, At = at };

        _db.Insert(row);
        _db.Insert(new CountedRow { Name = "b", Size = 4, At = at.AddDays(1) } as object);

        Assert.That(((CountedRow)row).Reads, Is.EqualTo(3), "one read per bound column, not one pass over the row per column");
        Assert.That(((CountedRow)row).Id, Is.EqualTo(1));
        var back = _db.Table<CountedRow>().OrderBy(x => x.Id).ToList();
        Assert.That(back.Select(x => (x.Name, x.Size, x.At)), Is.EqualTo(new[] { ("a", 3, at), ("b", 4, at.AddDays(1)) }));
    }
}
