using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A non-nullable double member compared with a nullable one (issue 22): NaN is stored as NULL, so the non-nullable column
/// stores NULL too, and it must not match the nullable column's NULL (LINQ: NaN == null and 0 == null are false). On the
/// run-time path (the query built across statements) and intercepted, both mapping paths and storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedFloatingPairTests : InterceptedTestBase
{
    private List<AllTypes> _rows = null!;

    public InterceptedFloatingPairTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        _db.InsertAll(new[] { Row(double.NaN, null, float.NaN), Row(double.NaN, 0, float.NaN), Row(0, null, 0f), Row(1.5, 1.5, 1.5f), Row(2, 3, 2f), Row(3, 2, 3f) });
        _rows = _db.Table<AllTypes>().ToList();
    }

    [Test]
    public void A_stored_nan_does_not_equal_a_null_on_the_run_time_path()
    {
        var table = _db.Table<AllTypes>();

        Assert.That(table.Where(x => x.Double == x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double == x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(table.Where(x => x.NDouble == x.Double).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.NDouble == x.Double).Select(x => x.Id)), Seen);
        Assert.That(table.Where(x => x.Double != x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double != x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(table.Where(x => x.Single == x.NSingle).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Single == x.NSingle).Select(x => x.Id)), Seen);
        Assert.That(table.Where(x => x.Double < x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double < x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(table.Where(x => x.NDouble >= x.Double).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.NDouble >= x.Double).Select(x => x.Id)), Seen);
        Assert.That(Intercepted, Is.Zero, Seen);
    }

    [Test]
    public void A_stored_nan_does_not_equal_a_null_when_intercepted()
    {
        var before = InterceptionCheck.Runs;

        Assert.That(_db.Table<AllTypes>().Where(x => x.Double == x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double == x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(_db.Table<AllTypes>().Where(x => x.NDouble == x.Double).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.NDouble == x.Double).Select(x => x.Id)), Seen);
        Assert.That(_db.Table<AllTypes>().Where(x => x.Double != x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double != x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(_db.Table<AllTypes>().Where(x => x.Single == x.NSingle).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Single == x.NSingle).Select(x => x.Id)), Seen);
        Assert.That(_db.Table<AllTypes>().Where(x => x.Double < x.NDouble).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.Double < x.NDouble).Select(x => x.Id)), Seen);
        Assert.That(_db.Table<AllTypes>().Where(x => x.NDouble >= x.Double).ToList().Select(x => x.Id), Is.EqualTo(_rows.Where(x => x.NDouble >= x.Double).Select(x => x.Id)), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(6), Seen);
    }

    private static AllTypes Row(double real, double? maybeReal, float single)
    {
        var row = AllTypesSamples.Nulls();
        row.Double = real;
        row.NDouble = maybeReal;
        row.Single = single;
        row.NSingle = maybeReal is { } r ? (float)r : null;
        return row;
    }
}
