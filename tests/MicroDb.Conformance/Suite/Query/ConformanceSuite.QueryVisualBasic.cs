using System.Linq.Expressions;
using MicroDb.Conformance.Query;
using Microsoft.VisualBasic.CompilerServices;

namespace MicroDb.Conformance;

/// <summary>
/// Visual Basic compiles <c>x.Name = "Foo"</c> (and &lt;, &gt;= ...) on strings to
/// <c>Operators.CompareString(x.Name, "Foo", TextCompare) op 0</c>. The trees are built by hand, as the VB compiler builds them,
/// and the rows compared with what VB's own CompareString gives (it treats Nothing as "").
/// </summary>
public abstract partial class ConformanceSuite
{
    private static readonly System.Reflection.MethodInfo CompareString =
        typeof(Operators).GetMethod(nameof(Operators.CompareString), [typeof(string), typeof(string), typeof(bool)])!;

    /// <summary><c>CompareString(x.Name, value, textCompare) op 0</c>, or with the operands swapped.</summary>
    private static Expression<Func<QueryItem, bool>> VisualBasicComparison(ExpressionType op, string? value, bool textCompare = false, bool valueFirst = false)
    {
        var x = Expression.Parameter(typeof(QueryItem), "x");
        Expression name = Expression.Property(x, nameof(QueryItem.Name));
        Expression constant = Expression.Constant(value, typeof(string));
        var call = Expression.Call(CompareString, valueFirst ? constant : name, valueFirst ? name : constant, Expression.Constant(textCompare));
        return Expression.Lambda<Func<QueryItem, bool>>(Expression.MakeBinary(op, call, Expression.Constant(0)), x);
    }

    private static bool Holds(ExpressionType op, int comparison) => op switch
    {
        ExpressionType.Equal => comparison == 0,
        ExpressionType.NotEqual => comparison != 0,
        ExpressionType.LessThan => comparison < 0,
        ExpressionType.LessThanOrEqual => comparison <= 0,
        ExpressionType.GreaterThan => comparison > 0,
        _ => comparison >= 0,
    };

    public static IEnumerable<TestCaseData> VisualBasicCases()
    {
        ExpressionType[] ops = [ExpressionType.Equal, ExpressionType.NotEqual, ExpressionType.LessThan, ExpressionType.LessThanOrEqual, ExpressionType.GreaterThan, ExpressionType.GreaterThanOrEqual];
        foreach (var op in ops)
        {
            foreach (var value in new[] { "Anna", "anna", "", null, "O'Brien" })
            {
                foreach (var valueFirst in new[] { false, true })
                {
                    yield return new TestCaseData(op, value, valueFirst).SetName($"VisualBasic_CompareString_{op}_{value ?? "Nothing"}{(valueFirst ? "_value_first" : "")}");
                }
            }
        }
    }

    [TestCaseSource(nameof(VisualBasicCases))]
    public void VisualBasic_string_comparison_returns_the_rows_visual_basic_returns(ExpressionType op, string? value, bool valueFirst)
    {
        var query = QueryDb.Table<QueryItem>().Where(VisualBasicComparison(op, value, valueFirst: valueFirst));
        var actual = query.ToList().Select(x => x.Id).Order().ToList();
        var expected = QueryRows
            .Where(x => Holds(op, valueFirst ? Operators.CompareString(value, x.Name, false) : Operators.CompareString(x.Name, value, false)))
            .Select(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected), Describe(query.ToSqlString()));
    }

    [Test]
    public void VisualBasic_equality_with_empty_string_matches_nothing_too()
    {
        var sql = QueryDb.Table<QueryItem>().Where(VisualBasicComparison(ExpressionType.Equal, "")).ToSqlString();
        Assert.That(sql, Does.EndWith("WHERE (ifnull(\"Name\", '') = ?)"));
        Assert.That(QueryDb.Table<QueryItem>().Where(VisualBasicComparison(ExpressionType.Equal, "")).Count(), Is.EqualTo(QueryRows.Count(x => string.IsNullOrEmpty(x.Name))));
    }

    [Test]
    public void VisualBasic_text_compare_is_rejected_naming_option_compare_text()
    {
        // Thrown by Where, or (when the same shape with TextCompare False was translated before) when the query runs.
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Where(VisualBasicComparison(ExpressionType.Equal, "Anna", textCompare: true)).ToList());
        Assert.That(ex!.Message, Does.Contain("Option Compare Text").And.Contain("CompareString"));
    }

    [Test]
    public void VisualBasic_CompareString_not_compared_with_zero_is_rejected()
    {
        var x = Expression.Parameter(typeof(QueryItem), "x");
        var call = Expression.Call(CompareString, Expression.Property(x, nameof(QueryItem.Name)), Expression.Constant("Anna"), Expression.Constant(false));
        var predicate = Expression.Lambda<Func<QueryItem, bool>>(Expression.Equal(call, Expression.Constant(1)), x);
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Where(predicate));
        Assert.That(ex!.Message, Does.Contain("compared with 0"));
    }

    [Test]
    public void VisualBasic_ordering_against_text_beyond_the_bmp_is_rejected()
    {
        var ex = Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Where(VisualBasicComparison(ExpressionType.LessThan, "\U0001F600")).ToList());
        Assert.That(ex!.Message, Does.Contain("U+D800"));
    }

    [Test]
    public void VisualBasic_comparison_of_two_row_values_is_ordinal_with_nothing_as_empty()
    {
        var x = Expression.Parameter(typeof(QueryItem), "x");
        var name = Expression.Property(x, nameof(QueryItem.Name));
        var upper = Expression.Call(name, typeof(string).GetMethod(nameof(string.ToUpperInvariant), Type.EmptyTypes)!);
        var equal = Expression.Lambda<Func<QueryItem, bool>>(Expression.Equal(Expression.Call(CompareString, name, upper, Expression.Constant(false)), Expression.Constant(0)), x);
        var less = Expression.Lambda<Func<QueryItem, bool>>(Expression.LessThan(Expression.Call(CompareString, name, upper, Expression.Constant(false)), Expression.Constant(0)), x);

        var query = QueryDb.Table<QueryItem>().Where(equal);
        var expected = QueryRows.Where(r => Operators.CompareString(r.Name, r.Name?.ToUpperInvariant(), false) == 0).Select(r => r.Id).ToList();
        Assert.That(query.ToList().Select(r => r.Id).Order(), Is.EqualTo(expected), Describe(query.ToSqlString()));
        Assert.That(expected, Has.Count.InRange(1, QueryRowCount - 1));
        Assert.That(() => QueryDb.Table<QueryItem>().Where(less).ToList(), Throws.InstanceOf<NotSupportedException>().With.Message.Contain("ordering two strings"));
    }
}
