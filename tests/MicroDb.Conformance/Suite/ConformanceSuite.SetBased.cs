using MicroDb.Conformance.Models;
using MicroDb.Mapping;

namespace MicroDb.Conformance;

// Set-based writes: Where(...).ExecuteUpdate(...) and ExecuteDelete(), each one statement, checked against
// LINQ-to-Objects over the same rows and against the bytes an insert of the same values stores. What behaves the same
// on PostgreSQL (deletes, updates with constants and row arithmetic, NOT NULL/unique/foreign-key violations, refused
// setters) is in the portable suite (Portable/PortableSuite.SetBased.cs).
public abstract partial class ConformanceSuite
{
    private static List<Person> SetBasedPeople() =>
    [
        new() { Name = "Ada", Age = 36, Email = "a@x" },
        new() { Name = "Grace", Age = 45, Email = "g@x" },
        new() { Name = "Linus", Age = 21 },
        new() { Name = "Barbara", Age = 30, Email = "b@x" },
        new() { Name = "Edsger", Age = 72 },
    ];

    [Test]
    public void ExecuteUpdate_computes_decimal_arithmetic_like_LINQ()
    {
        var statements = new List<string>();
        var db = Open(tweak: o => o.OnStatement = s => statements.Add(s.Sql));
        db.CreateTable<AllTypes>();
        var prices = new[] { 10.5m, 1.25m, -3.1m, 100m, 0m, 19.99m, 0.00001m, 1e20m, -2e16m };
        db.InsertAll(prices.Select(p => new AllTypes { Decimal = p, NDecimal = p == 0 ? null : p, String = "x" }));

        Assert.That(db.Table<AllTypes>().Where(x => x.Decimal != 0 && x.Decimal != -3.1m)
            .ExecuteUpdate(s => s.Set(x => x.Decimal, x => x.Decimal * 1.1m).Set(x => x.NDecimal, x => x.NDecimal * 2)), Is.EqualTo(7));

        // Distinct: an intercepted run (the Where's decimal inequality is lowered) is checked against the run-time path's, the same text.
        Assert.That(statements.Distinct(), Has.One.StartsWith("UPDATE \"AllTypes\" SET \"Decimal\" = (SELECT CASE ").And.Contains(" WHERE "));
        TestContext.Out.WriteLine(statements.First(s => s.StartsWith("UPDATE", StringComparison.Ordinal)));
        var rows = prices.Select(p => new AllTypes { Decimal = p, NDecimal = p == 0 ? null : p }).ToList();
        var expected = rows.Select(r => r.Decimal != 0 && r.Decimal != -3.1m ? (r.Decimal * 1.1m, r.NDecimal * 2) : (r.Decimal, r.NDecimal)).ToList();
        Assert.That(db.Table<AllTypes>().OrderBy(x => x.Id).ToList().Select(x => (x.Decimal, x.NDecimal)), Is.EqualTo(expected));

        // The text written is what decimal comparisons and ordering read: compare and order as LINQ does.
        Assert.That(db.Table<AllTypes>().Count(x => x.Decimal == 11.55m), Is.EqualTo(1));
        Assert.That(db.Table<AllTypes>().OrderBy(x => x.Decimal).ToList().Select(x => x.Decimal), Is.EqualTo(expected.Select(e => e.Item1).OrderBy(d => d)));
        Assert.That(db.Table<AllTypes>().Count(x => x.Decimal > 0.00001m), Is.EqualTo(expected.Count(e => e.Item1 > 0.00001m)));
    }

    [TestCase("microdb")]
    [TestCase("default")]
    [TestCase("dtText")]
    [TestCase("tsText")]
    public void ExecuteUpdate_stores_values_as_an_insert_does(string setting)
    {
        var db = Open(tweak: o => o.Storage = setting == "microdb" ? StorageFormat.MicroDb : SqliteNetSetting(setting));
        db.CreateTable<AllTypes>();
        var source = new AllTypes
        {
            Decimal = 12.340m,
            DateTime = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Local),
            NDateTime = new DateTime(2023, 1, 1, 0, 0, 0, DateTimeKind.Utc),
            DateTimeText = new DateTime(2024, 5, 6, 7, 8, 9, DateTimeKind.Unspecified),
            DateTimeOffset = new DateTimeOffset(2024, 1, 2, 3, 4, 5, TimeSpan.FromHours(2)),
            TimeSpan = TimeSpan.FromMinutes(-90),
            Guid = new Guid("0f8fad5b-d9cb-469f-a165-70867728950e"),
            UInt64 = ulong.MaxValue,
            Char = 'é',
            String = "text",
            Blob = [1, 2, 3],
            Color = (Color)2,
            ColorText = (Color)1,
            Bool = true,
            DateOnly = new DateOnly(2020, 12, 31),
        };
        db.Insert(source);
        var target = new AllTypes();
        db.Insert(target);

        var changed = db.Table<AllTypes>().Where(x => x.Id == target.Id).ExecuteUpdate(s => s
            .Set(x => x.Decimal, source.Decimal).Set(x => x.DateTime, source.DateTime).Set(x => x.NDateTime, source.NDateTime)
            .Set(x => x.DateTimeText, source.DateTimeText).Set(x => x.DateTimeOffset, source.DateTimeOffset)
            .Set(x => x.TimeSpan, source.TimeSpan).Set(x => x.Guid, source.Guid).Set(x => x.UInt64, source.UInt64)
            .Set(x => x.Char, source.Char).Set(x => x.String, source.String).Set(x => x.Blob, source.Blob)
            .Set(x => x.Color, source.Color).Set(x => x.ColorText, source.ColorText).Set(x => x.Bool, source.Bool)
            .Set(x => x.DateOnly, source.DateOnly));

        Assert.That(changed, Is.EqualTo(1));
        var columns = db.GetTableInfo("AllTypes").Where(c => c.Name != "Id").Select(c => "quote(" + SqlBuilder.Quote(c.Name) + ")");
        var raw = db.QueryScalars<string>($"SELECT {string.Join(" || '|' || ", columns)} FROM AllTypes ORDER BY Id");
        Assert.That(raw[1], Is.EqualTo(raw[0]));
        var (read, inserted) = (db.Get<AllTypes>(target.Id), db.Get<AllTypes>(source.Id));
        Assert.That((read.Decimal, read.DateTime, read.DateTime.Kind, read.Guid, read.ColorText), Is.EqualTo((inserted.Decimal, inserted.DateTime, inserted.DateTime.Kind, inserted.Guid, inserted.ColorText)));
    }

    [Test]
    public void ExecuteUpdate_refuses_bad_setters_naming_them_and_changes_nothing()
    {
        var db = OpenWith<AllTypes>();
        db.Insert(new AllTypes { String = "x" });
        var before = RawRows(db, "AllTypes");
        var query = db.Table<AllTypes>();

        var none = Assert.Throws<ArgumentException>(() => query.ExecuteUpdate(s => s));
        Assert.That(none!.Message, Does.Contain("sets no column"));
        var unmapped = Assert.Throws<ArgumentException>(() => query.ExecuteUpdate(s => s.Set(x => x.String!.Length, 3)));
        Assert.That(unmapped!.Message, Does.Contain("Length"));
        var computed = Assert.Throws<NotSupportedException>(() => query.ExecuteUpdate(s => s.Set(x => x.DateTime, x => x.DateTime.AddDays(1))));
        Assert.That(computed!.Message, Does.Contain("DateTime"));
        Assert.Throws<NotSupportedException>(() => query.ExecuteUpdate(s => s.Set(x => x.Int32, x => x.String!.GetHashCode())));

        Assert.That(RawRows(db, "AllTypes"), Is.EqualTo(before));
    }

    [Test]
    public async Task ExecuteUpdateAsync_and_ExecuteDeleteAsync_run_on_the_writer()
    {
        var options = Configure(new MicroDbOptions(DatabasePath) { Mapping = Mode });
        await using var db = new MicroDbAsyncConnection(options);
        await db.CreateTableAsync<Person>();
        await db.InsertAllAsync(SetBasedPeople());

        Assert.That(await db.Table<Person>().Where(p => p.Age < 40).ExecuteUpdateAsync(s => s.Set(p => p.Age, p => p.Age + 1)), Is.EqualTo(3));
        Assert.That(await db.Table<Person>().Where(p => p.Age == 22).ExecuteDeleteAsync(), Is.EqualTo(1));

        Assert.That((await db.Table<Person>().OrderBy(p => p.Id).ToListAsync()).Select(p => p.Age), Is.EqualTo(new[] { 37, 45, 31, 72 }));
    }
}
