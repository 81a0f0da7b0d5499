using System.Linq.Expressions;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

/// <summary>The cases of issue 13 by name, and index use of the rewritten comparisons (EXPLAIN QUERY PLAN).</summary>
public abstract partial class ConformanceSuite
{
    [Test]
    public void Ulong_above_long_MaxValue_compares_unsigned()
    {
        var db = OpenWith<Stamp>();
        db.InsertAll(new[] { 5UL, 10UL, 11UL, 1UL << 63, ulong.MaxValue }.Select(v => new Stamp { Counter = v }));

        Assert.That(db.Table<Stamp>().Count(s => s.Counter > 10UL), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().Count(s => s.Counter < (1UL << 63)), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().OrderByDescending(s => s.Counter).First().Counter, Is.EqualTo(ulong.MaxValue));
        Assert.That(db.Table<Stamp>().OrderBy(s => s.Counter).Select(s => s.Counter).ToList(), Is.EqualTo(new[] { 5UL, 10UL, 11UL, 1UL << 63, ulong.MaxValue }));
    }

    [Test]
    public void DateTime_comparisons_ignore_the_kind()
    {
        var db = OpenWith<Stamp>();
        foreach (var kind in new[] { DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local })
        {
            var at = new DateTime(2020, 1, 1, 0, 0, 0, kind);
            db.Insert(new Stamp { At = at, AtText = at });
        }

        var cut = new DateTime(2010, 1, 1);
        var same = new DateTime(2020, 1, 1);
        Assert.That(db.Table<Stamp>().Count(d => d.At > cut), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().Count(d => d.At == same), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().Count(d => d.At != same), Is.EqualTo(0));
        Assert.That(db.Table<Stamp>().Count(d => d.AtText >= same), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().Count(d => d.AtText == same), Is.EqualTo(3));
        Assert.That(db.Table<Stamp>().Count(d => d.AtText > same), Is.EqualTo(0));
    }

    [Test]
    public void Decimal_compares_exactly_and_ignores_the_scale()
    {
        var db = OpenWith<Stamp>();
        db.InsertAll(new[] { 1m, 1.00m, 1.0000000000000000000000000001m, -1.5m, -1.05m }.Select(v => new Stamp { Amount = v }));

        Assert.That(db.Table<Stamp>().Count(s => s.Amount == 1.0m), Is.EqualTo(2));
        Assert.That(db.Table<Stamp>().Count(s => s.Amount > 1m), Is.EqualTo(1), "REAL would round 1.0000000000000000000000000001 to 1");
        Assert.That(db.Table<Stamp>().OrderBy(s => s.Amount).Select(s => s.Amount).ToList(),
            Is.EqualTo(new[] { -1.5m, -1.05m, 1m, 1.00m, 1.0000000000000000000000000001m }));
    }

    [Test]
    public void DateTimeOffset_comparison_throws_naming_the_type()
    {
        var db = OpenWith<Stamp>();
        var cut = DateTimeOffset.UtcNow;
        var ex = Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().Where(s => s.Offset > cut).ToList());
        Assert.That(ex!.Message, Does.Contain("DateTimeOffset").And.Contain("offset"));
        Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().Where(s => s.Offset == cut).ToList());
        Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().OrderBy(s => s.Offset).ToList());
    }

    [Test]
    public void String_ordering_against_text_above_U_D800_throws()
    {
        var db = OpenWith<Stamp>();
        var ex = Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().Where(s => string.CompareOrdinal(s.Name, "\ue000") < 0).ToList());
        Assert.That(ex!.Message, Does.Contain("U+D800"));
        Assert.That(db.Table<Stamp>().Where(s => string.CompareOrdinal(s.Name, "b") < 0).ToList(), Is.Empty);
    }

    [Test]
    public void Ulong_arithmetic_and_mixed_date_storage_throw_naming_the_reason()
    {
        var db = OpenWith<Stamp>();
        var ulongMath = Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().Where(s => s.Counter + 1 > 10UL).ToList());
        Assert.That(ulongMath!.Message, Does.Contain("UInt64"));
        var mixed = Assert.Throws<NotSupportedException>(() => db.Table<Stamp>().Where(s => s.At < s.AtText).ToList());
        Assert.That(mixed!.Message, Does.Contain("stored differently"));
        Assert.That(db.Table<Stamp>().Where(s => s.At == s.At.Date).ToList(), Is.Empty);
    }

    private static readonly Expression<Func<Stamp, bool>>[] IndexedComparisons =
    [
        s => s.Counter > 10UL,
        s => s.Counter <= (1UL << 63) + 4,
        s => s.At > new DateTime(2010, 1, 1),
        s => s.At == new DateTime(2010, 1, 1),
        s => s.AtText < new DateTime(2010, 1, 1),
        s => s.AtText == new DateTime(2010, 1, 1),
        s => s.Amount == 2.5m,
        s => s.Ratio >= 0.5,
        s => s.Ratio < 0.5,
        s => string.CompareOrdinal(s.Name, "m") > 0,
    ];

    [Test]
    public void Rewritten_comparisons_on_an_indexed_column_use_the_index([Range(0, 9)] int index)
    {
        var db = OpenWith<Stamp>();
        var (sql, args) = db.Table<Stamp>().Where(IndexedComparisons[index]).BuildSelect(new MicroDb.Query.Model.ValueList<MicroDb.Query.Model.SqlExpression>([new MicroDb.Query.Model.SqlLiteral("*")]), includeOrder: true);
        var plan = string.Join("\n", db.Query<PlanStep>("EXPLAIN QUERY PLAN " + sql, [.. args]).Select(p => p.Detail));
        Assert.That(plan, Does.Contain("USING INDEX").And.Not.Contain("SCAN Stamp"), $"{IndexedComparisons[index]}\n{sql}\n{plan}");
    }
}
