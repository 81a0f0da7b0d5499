extern alias sqlitenet;

using System.Linq.Expressions;
using Microsoft.VisualBasic.CompilerServices;
using Net = sqlitenet::SQLite;

namespace MicroDb.SQLiteNet.Tests.Cross;

/// <summary>
/// Visual Basic's <c>x.Text = "b"</c> compiles to <c>Operators.CompareString(x.Text, "b", False) = 0</c> (the tree is built
/// here as the VB compiler builds it): the same rows from sqlite-net-pcl and from the compat package.
/// </summary>
public sealed class VisualBasicQueryParityTests
{
    private static readonly System.Reflection.MethodInfo CompareString =
        typeof(Operators).GetMethod(nameof(Operators.CompareString), [typeof(string), typeof(string), typeof(bool)])!;

    private static Expression<Func<SharedRow, bool>> TextEquals(string value, bool textCompare)
    {
        var x = Expression.Parameter(typeof(SharedRow), "x");
        var call = Expression.Call(CompareString, Expression.Property(x, nameof(SharedRow.Text)), Expression.Constant(value, typeof(string)), Expression.Constant(textCompare));
        return Expression.Lambda<Func<SharedRow, bool>>(Expression.Equal(call, Expression.Constant(0)), x);
    }

    private static readonly string?[] Texts = ["a", "b", "B", "b", null, ""];

    [Test]
    public void Visual_Basic_string_equality_returns_the_rows_sqlite_net_returns()
    {
        using var net = new Net.SQLiteConnection(":memory:");
        using var compat = new SQLite.SQLiteConnection(":memory:");
        net.CreateTable<SharedRow>();
        compat.CreateTable<SharedRow>();
        foreach (var text in Texts)
        {
            net.Insert(new SharedRow { Text = text });
            compat.Insert(new SharedRow { Text = text });
        }

        var expected = net.Table<SharedRow>().Where(TextEquals("b", textCompare: false)).ToList().Select(r => r.Id).ToList();
        var actual = compat.Table<SharedRow>().Where(TextEquals("b", textCompare: false)).ToList().Select(r => r.Id).ToList();

        Assert.That(expected, Is.EqualTo(new[] { 2, 4 }));
        Assert.That(actual, Is.EqualTo(expected));
    }

    [Test]
    public void Visual_Basic_Option_Compare_Text_is_refused_where_sqlite_net_compares_case_sensitively()
    {
        // A deliberate difference (docs/migrating-from-sqlite-net.md): culture-aware, case-insensitive comparison has no SQL
        // form (README, "How queries compare stored values"), so MicroDb refuses it rather than answer as sqlite-net does.
        using var net = new Net.SQLiteConnection(":memory:");
        net.CreateTable<SharedRow>();
        net.Insert(new SharedRow { Text = "b" });
        net.Insert(new SharedRow { Text = "B" });
        string netOutcome;
        try
        {
            netOutcome = string.Join(",", net.Table<SharedRow>().Where(TextEquals("b", textCompare: true)).ToList().Select(r => r.Id));
        }
        catch (Exception e)
        {
            netOutcome = e.GetType().Name;
        }

        // sqlite-net ignores the flag and compares case-sensitively: "B" is missed, though VB's Option Compare Text matches it.
        Assert.That(netOutcome, Is.EqualTo("1"));

        using var compat = new SQLite.SQLiteConnection(":memory:");
        compat.CreateTable<SharedRow>();
        compat.Insert(new SharedRow { Text = "b" });

        var error = Assert.Throws<NotSupportedException>(() => compat.Table<SharedRow>().Where(TextEquals("b", textCompare: true)).ToList())!;
        Assert.That(error.Message, Does.Contain("CompareString"));
        Assert.That(compat.Table<SharedRow>().Count(), Is.EqualTo(1));
    }
}
