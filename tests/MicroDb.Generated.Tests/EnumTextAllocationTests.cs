using MicroDb.Conformance.Models;
using MicroDb.Mapping;

namespace MicroDb.Generated.Tests;

/// <summary>
/// A generated map reads an enum stored by name by comparing the column's UTF-8 bytes with the enum's names, encoded
/// once per enum type: reading a row allocates what the same row with its enums stored as numbers allocates (the
/// entity), and no string per enum column. Measured with the thread's allocation counter over many reads.
/// </summary>
public sealed class EnumTextAllocationTests
{
    private const int Rounds = 2000;
    private MicroDbConnection _db = null!;

    [SetUp]
    public void Open()
    {
        _db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
        _db.CreateTable<Swatch>();
        _db.CreateTable<SwatchNumbers>();
        _db.Insert(new Swatch { Named = Color.Green, NamedOrNull = Color.Blue, Number = Color.Green, Hues = Hues.Cyan, HuesOrNull = Hues.Red });
        _db.Insert(new SwatchNumbers { Named = Color.Green, NamedOrNull = Color.Blue, Number = Color.Green, Hues = Hues.Cyan, HuesOrNull = Hues.Red });
    }

    [TearDown]
    public void Close() => _db.Dispose();

    [Test]
    public void Reading_enums_stored_by_name_allocates_no_string_per_row()
    {
        var byName = PerCall(() => _db.Get<Swatch>(1));
        var byNumber = PerCall(() => _db.Get<SwatchNumbers>(1));

        TestContext.Out.WriteLine($"Get: enums by name {byName:0.###} B per row, as numbers {byNumber:0.###} B per row");
        var back = _db.Get<Swatch>(1);
        Assert.That((back.Named, back.NamedOrNull, back.Hues, back.HuesOrNull), Is.EqualTo((Color.Green, (Color?)Color.Blue, Hues.Cyan, (Hues?)Hues.Red)));
        Assert.That(byName, Is.GreaterThan(0), "the entity itself is allocated");
        Assert.That(byName - byNumber, Is.LessThan(4), "bytes per row beyond the same row with its enums stored as numbers (four enums by name)");
    }

    private static double PerCall<TResult>(Func<TResult> call)
    {
        for (var i = 0; i < Rounds; i++)
        {
            call();
        }

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Rounds; i++)
        {
            call();
        }

        return (double)(GC.GetAllocatedBytesForCurrentThread() - before) / Rounds;
    }
}
