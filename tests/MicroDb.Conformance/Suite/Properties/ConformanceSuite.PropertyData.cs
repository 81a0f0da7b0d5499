using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// The differential property test of issue 22: random tables (fixed seeds, named in every failure message) with a key
// column of every stored type, queried through MicroDb and through LINQ-to-Objects over the rows read back, in both
// storage formats (the two runners give both mapping paths; the generated runner also runs each query the generator
// intercepts through InterceptionCheck). The queries are written inline at each call site so that the generator can
// take them. See docs/relations.md ("The differential property test").
public abstract partial class ConformanceSuite
{
    /// <summary>The seeds every property test runs with (fixed, so a failure is reproducible from its name and message).</summary>
    protected static readonly int[] PropertySeeds = [1, 7, 42, 2024];

    private sealed record PropData(MicroDbConnection Db, Random Random, List<PropLeft> Left, List<PropRight> Right, List<PropThird> Third, string Label);

    private PropData OpenPropData(int seed, bool sqliteNet)
    {
        var random = new Random(seed);
        var db = Open(tweak: o =>
        {
            if (sqliteNet)
            {
                o.Storage = StorageFormat.SqliteNet();
            }
        });
        db.CreateTable<PropLeft>();
        db.CreateTable<PropRight>();
        db.CreateTable<PropThird>();
        var leftCount = random.Next(25, 45);
        var rightCount = random.Next(15, 30);
        db.InsertAll(Enumerable.Range(0, leftCount).Select(_ => PropValues.Left(random)).ToList());
        db.InsertAll(Enumerable.Range(0, rightCount).Select(_ => PropValues.Right(random)).ToList());
        db.InsertAll(Enumerable.Range(0, random.Next(10, 30))
            .Select(_ => new PropThird
            {
                RightId = random.Next(6) == 0 ? null : random.Next(1, rightCount + 4),
                Tag = PropValues.Pick(random, ["x", "y", "X"]),
                Weight = random.Next(0, 5),
            })
            .ToList());
        var label = $"seed {seed}, {(sqliteNet ? "sqlite-net" : "MicroDb")} storage, {Mode} maps";
        return new(db, random, db.Table<PropLeft>().ToList(), db.Table<PropRight>().ToList(), db.Table<PropThird>().ToList(), label);
    }

    /// <summary>The same rows in any order (LINQ's result as a multiset).</summary>
    private static void SameRows<T>(List<T> actual, IEnumerable<T> expected, string label, string what) =>
        Assert.That(actual, Is.EquivalentTo(expected.ToList()), $"{label}: {what}");

    /// <summary>The same rows in the same order (the query orders totally, so LINQ's order is the only right one).</summary>
    private static void SameOrder<T>(List<T> actual, IEnumerable<T> expected, string label, string what) =>
        Assert.That(actual, Is.EqualTo(expected.ToList()), $"{label}: {what}");

    /// <summary>
    /// The same rows in LINQ's order where the query orders them, ties in any order: the sequence of the ordering keys
    /// equals LINQ's, and the rows are the same multiset (LINQ's sort is stable; SQL's order among ties is unspecified).
    /// </summary>
    private static void SameOrderWithTies<T, TKey>(List<T> actual, IEnumerable<T> expected, Func<T, TKey> key, string label, string what)
    {
        var list = expected.ToList();
        Assert.That(actual.Select(key).ToList(), Is.EqualTo(list.Select(key).ToList()), $"{label}: {what} (order)");
        Assert.That(actual, Is.EquivalentTo(list), $"{label}: {what} (rows)");
    }

    /// <summary>The exception <paramref name="run"/> throws, or null.</summary>
    private static Exception? Outcome(Action run)
    {
        try
        {
            run();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }
}
