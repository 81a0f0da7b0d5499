extern alias sqlitenet;
extern alias microdb;

using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// <c>Query&lt;(int, string)&gt;</c> and friends, run on sqlite-net-pcl 1.11 and on the compat package: sqlite-net fills
/// a value tuple's items by column position (names are ignored), leaves items without a column at their default, and
/// refuses tuples of more than 7 items with <see cref="NotSupportedException"/>.
/// </summary>
public sealed class ValueTupleQueryTests
{
    private enum Shade
    {
        Light,
        Dark,
    }

    private static readonly Dictionary<string, Func<dynamic, object?>> Scenarios = new()
    {
        ["(int, string) by position"] = db => Join(db.Query<(int, string)>("select a, b from t order by a")),
        ["columns in the other order"] = db => Join(db.Query<(string, int)>("select b, a from t order by a")),
        ["names do not matter"] = db => Join(db.Query<(int, string)>("select a as Item2, b as Item1 from t order by a")),
        ["named elements"] = db => Join(db.Query<(int Number, string Text)>("select a, b from t order by a")),
        ["one item"] = db => Join(db.Query<ValueTuple<long>>("select a from t order by a")),
        ["fewer columns than items"] = db => Join(db.Query<(int, string)>("select a from t order by a")),
        ["more columns than items"] = db => Join(db.Query<(int, string)>("select a, b, a from t order by a")),
        ["seven items"] = db => Join(db.Query<(int, int, int, int, int, int, string)>("select 1, 2, 3, 4, 5, 6, 'x'")),
        ["eight items"] = db => Join(db.Query<(int, int, int, int, int, int, int, int)>("select 1, 2, 3, 4, 5, 6, 7, 8")),
        ["null into nullable and reference items"] = db => Join(db.Query<(int?, string, double)>("select null, null, null")),
        ["typed items"] = db => Join(db.Query<(long, double, bool, byte[], Shade)>("select 5000000000, 1.5, 1, x'0102', 1")),
        ["Uri and StringBuilder items"] = db => Join(db.Query<(int, Uri, System.Text.StringBuilder)>("select 1, 'https://example.com/a', 'note'")),
        ["a char item"] = db => Join(db.Query<(int, char)>("select 1, 'x'")),
        ["arguments"] = db => Join(db.Query<(int, string)>("select a, b from t where a > ?", 1)),
        ["FindWithQuery"] = db => db.FindWithQuery<(int, string)>("select a, b from t where a = ?", 2).ToString(),
        ["FindWithQuery without a row"] = db => db.FindWithQuery<(int, string)>("select a, b from t where a = ?", 99).ToString(),
        ["DeferredQuery"] = db => Join(((IEnumerable<(int, string)>)db.DeferredQuery<(int, string)>("select a, b from t order by a")).ToList()),
    };

    private static IEnumerable<TestCaseData> Cases() => Scenarios.Keys.Select(k => new TestCaseData(k).SetName("Tuple_query_matches_sqlite_net: " + k));

    [TestCaseSource(nameof(Cases))]
    public void Outcome_matches_sqlite_net(string scenario)
    {
        var expected = Run(scenario, compat: false);
        var actual = Run(scenario, compat: true);
        Assert.That(actual.Split(':')[0], Is.EqualTo(expected.Split(':')[0]));
        if (!expected.StartsWith('!'))
        {
            Assert.That(actual, Is.EqualTo(expected));
        }
    }

    [Test]
    public void Tuple_query_reads_positionally()
    {
        using var db = new SQLite.SQLiteConnection(":memory:");
        db.Execute("create table t (a integer, b text)");
        db.Execute("insert into t values (1, 'x'), (2, 'y')");
        Assert.That(db.Query<(int, string)>("select a, b from t order by a"), Is.EqualTo(new[] { (1, "x"), (2, "y") }));
        Assert.That(db.Query<(string, int)>("select b as Item2, a as Item1 from t order by a"), Is.EqualTo(new[] { ("x", 1), ("y", 2) }));
        Assert.Throws<NotSupportedException>(() => db.Query<(int, int, int, int, int, int, int, int)>("select 1, 2, 3, 4, 5, 6, 7, 8"));
    }

    [Test]
    public async Task QueryAsync_reads_value_tuples_as_the_synchronous_call_does()
    {
        var path = TempFiles.NewPath();
        try
        {
            var db = new SQLite.SQLiteAsyncConnection(path);
            await db.ExecuteAsync("create table t (a integer, b text)");
            await db.ExecuteAsync("insert into t values (1, 'x'), (2, 'y')");
            Assert.That(await db.QueryAsync<(int, string)>("select a, b from t order by a"), Is.EqualTo(new[] { (1, "x"), (2, "y") }));
            Assert.That(await db.FindWithQueryAsync<(int, string)>("select a, b from t where a = ?", 2), Is.EqualTo((2, "y")));
            await db.CloseAsync();
        }
        finally
        {
            TempFiles.Delete(path);
        }
    }

    [Test]
    public void Text_that_is_not_a_number_is_an_error_naming_the_column_not_zero()
    {
        // sqlite-net reads 'x' into an int item as 0; MicroDb reads tuple items as it reads a model's properties.
        using (var net = new Net.SQLiteConnection(":memory:"))
        {
            Assert.That(net.Query<(int, string)>("select 'x' as b, 1 as a"), Is.EqualTo(new[] { (0, "1") }));
        }

        using var db = new SQLite.SQLiteConnection(":memory:");
        var error = Assert.Throws<microdb::MicroDb.MicroDbException>(() => db.Query<(int, string)>("select 'x' as b, 1 as a"))!;
        Assert.That(error.Message, Does.Contain("'b'"));
    }

    [Test]
    public void Object_item_gets_the_stored_value_where_sqlite_net_refuses_it()
    {
        // A listed difference (docs/migrating-from-sqlite-net.md): sqlite-net has no reader for object.
        using (var net = new Net.SQLiteConnection(":memory:"))
        {
            Assert.Throws<NotSupportedException>(() => net.Query<(int, object)>("select 1, 'x'"));
        }

        using var db = new SQLite.SQLiteConnection(":memory:");
        var row = db.Query<(int, object, object, object)>("select 1, 'x', 2.5, 7").Single();
        Assert.That((row.Item2, row.Item3, row.Item4), Is.EqualTo(("x", (object)2.5, (object)7L)));
    }

    private static string Run(string scenario, bool compat)
    {
        dynamic db = compat ? new SQLite.SQLiteConnection(":memory:") : new Net.SQLiteConnection(":memory:");
        using (db)
        {
            db.Execute("create table t (a integer, b text)");
            db.Execute("insert into t values (1, 'x'), (2, 'y')");
            try
            {
                return Scenarios[scenario](db)?.ToString() ?? "null";
            }
            catch (Exception e)
            {
                return "!" + e.GetType().Name + ": " + e.Message;
            }
        }
    }

    private static string Join<T>(IEnumerable<T> rows) =>
        string.Join("; ", rows.Select(r => r is System.Runtime.CompilerServices.ITuple t
            ? "(" + string.Join(", ", Enumerable.Range(0, t.Length).Select(i => t[i] is byte[] b ? Convert.ToHexString(b) : t[i]?.ToString() ?? "null")) + ")"
            : r?.ToString()));
}
