using System.Linq.Expressions;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

/// <summary>
/// Date and time parts, string methods, Math, Nullable members, ?? and ?: and members through an interface cast, each
/// compared with LINQ-to-Objects over the same random rows (SemanticsSamples, seeded).
/// </summary>
public abstract partial class ConformanceSuite
{
    private sealed record ExpressionCase(string Name, Expression<Func<AllTypes, bool>> Sql, Func<AllTypes, bool> Linq);

    private static ExpressionCase Case(string name, Expression<Func<AllTypes, bool>> sql, Func<AllTypes, bool> linq) => new(name, sql, linq);

    private static IEnumerable<ExpressionCase> DateCases(AllTypes p)
    {
        var d = p.DateTime;
        var t = p.DateTimeText;
        var o = p.DateOnly;
        var time = p.TimeOnly;
        return
        [
            Case("DateTime.Year", x => x.DateTime.Year == d.Year, x => x.DateTime.Year == d.Year),
            Case("DateTime.Year <", x => x.DateTime.Year < d.Year, x => x.DateTime.Year < d.Year),
            Case("DateTime.Month", x => x.DateTime.Month == d.Month, x => x.DateTime.Month == d.Month),
            Case("DateTime.Day", x => x.DateTime.Day > d.Day, x => x.DateTime.Day > d.Day),
            Case("DateTime.Hour", x => x.DateTime.Hour <= d.Hour, x => x.DateTime.Hour <= d.Hour),
            Case("DateTime.Minute", x => x.DateTime.Minute == d.Minute, x => x.DateTime.Minute == d.Minute),
            Case("DateTime.DayOfWeek", x => x.DateTime.DayOfWeek == d.DayOfWeek, x => x.DateTime.DayOfWeek == d.DayOfWeek),
            Case("DateTime.Date ==", x => x.DateTime.Date == d.Date, x => x.DateTime.Date == d.Date),
            Case("DateTime.Date <", x => x.DateTime.Date < d, x => x.DateTime.Date < d),
            Case("DateTimeText.Year", x => x.DateTimeText.Year >= t.Year, x => x.DateTimeText.Year >= t.Year),
            Case("DateTimeText.Month", x => x.DateTimeText.Month == t.Month, x => x.DateTimeText.Month == t.Month),
            Case("DateTimeText.Day", x => x.DateTimeText.Day == t.Day, x => x.DateTimeText.Day == t.Day),
            Case("DateTimeText.Hour", x => x.DateTimeText.Hour > t.Hour, x => x.DateTimeText.Hour > t.Hour),
            Case("DateTimeText.Minute", x => x.DateTimeText.Minute < t.Minute, x => x.DateTimeText.Minute < t.Minute),
            Case("DateTimeText.DayOfWeek", x => x.DateTimeText.DayOfWeek == t.DayOfWeek, x => x.DateTimeText.DayOfWeek == t.DayOfWeek),
            Case("DateTimeText.Date", x => x.DateTimeText.Date >= t.Date, x => x.DateTimeText.Date >= t.Date),
            Case("NDateTime.Value.Year", x => x.NDateTime.HasValue && x.NDateTime.Value.Year > d.Year, x => x.NDateTime.HasValue && x.NDateTime.Value.Year > d.Year),
            Case("DateOnly.Year", x => x.DateOnly.Year < o.Year, x => x.DateOnly.Year < o.Year),
            Case("DateOnly.Month", x => x.DateOnly.Month == o.Month, x => x.DateOnly.Month == o.Month),
            Case("DateOnly.Day", x => x.DateOnly.Day == o.Day, x => x.DateOnly.Day == o.Day),
            Case("DateOnly.DayOfWeek", x => x.DateOnly.DayOfWeek == o.DayOfWeek, x => x.DateOnly.DayOfWeek == o.DayOfWeek),
            Case("TimeOnly.Hour", x => x.TimeOnly.Hour == time.Hour, x => x.TimeOnly.Hour == time.Hour),
            Case("TimeOnly.Minute", x => x.TimeOnly.Minute >= time.Minute, x => x.TimeOnly.Minute >= time.Minute),
            Case("NTimeOnly.Value.Hour", x => x.NTimeOnly != null && x.NTimeOnly.Value.Hour < time.Hour, x => x.NTimeOnly != null && x.NTimeOnly.Value.Hour < time.Hour),
        ];
    }

    private static IEnumerable<ExpressionCase> ValueCases(AllTypes p)
    {
        var n = p.NInt32;
        var v = p.Double;
        var when = p.DateTime;
        var text = p.DateTimeText;
        DateTime[] dates = [new DateTime(when.Ticks, DateTimeKind.Utc), new DateTime(2020, 1, 1)];
        DateTime[] texts = [new DateTime(text.Ticks, DateTimeKind.Local), new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc)];
        decimal?[] decimals = [1.000m, p.Decimal, 0.10m, null];
        double[] doubles = [0d, double.NaN, v, 1d];
        return
        [
            Case("Contains DateTime", x => dates.Contains(x.DateTime), x => dates.Contains(x.DateTime)),
            Case("Contains DateTime text", x => texts.Contains(x.DateTimeText), x => texts.Contains(x.DateTimeText)),
            Case("Contains nullable DateTime", x => dates.Contains(x.NDateTime!.Value), x => x.NDateTime.HasValue && dates.Contains(x.NDateTime.Value)),
            Case("Contains decimal", x => decimals.Contains(x.Decimal), x => decimals.Contains(x.Decimal)),
            Case("Contains nullable decimal", x => decimals.Contains(x.NDecimal), x => decimals.Contains(x.NDecimal)),
            Case("Contains double", x => doubles.Contains(x.Double), x => doubles.Contains(x.Double)),
            Case("HasValue", x => x.NInt32.HasValue, x => x.NInt32.HasValue),
            Case("Value", x => x.NInt32.HasValue && x.NInt32.Value > 0, x => x.NInt32.HasValue && x.NInt32.Value > 0),
            Case("GetValueOrDefault()", x => x.NInt32.GetValueOrDefault() >= 0, x => x.NInt32.GetValueOrDefault() >= 0),
            Case("GetValueOrDefault(v)", x => x.NInt64.GetValueOrDefault(7) == 7, x => x.NInt64.GetValueOrDefault(7) == 7),
            Case("?? int", x => (x.NInt32 ?? -1) < (n ?? 0), x => (x.NInt32 ?? -1) < (n ?? 0)),
            Case("?? DateTime", x => (x.NDateTime ?? when) >= when, x => (x.NDateTime ?? when) >= when),
            Case("?? DateTime text", x => (x.NDateTimeText ?? text) == text, x => (x.NDateTimeText ?? text) == text),
            Case("?? ulong", x => (x.NUInt64 ?? 0UL) > 10UL, x => (x.NUInt64 ?? 0UL) > 10UL),
            Case("?: row test", x => (x.Bool ? x.Int32 : x.Int16) > 0, x => (x.Bool ? x.Int32 : x.Int16) > 0),
            Case("?: ulong", x => (x.Bool ? x.UInt64 : 5UL) >= (1UL << 63), x => (x.Bool ? x.UInt64 : 5UL) >= (1UL << 63)),
            Case("Math.Abs", x => Math.Abs(x.Int32) > 1000, x => Math.Abs((long)x.Int32) > 1000),
            Case("Math.Abs double", x => Math.Abs(x.Double) < Math.Abs(v), x => Math.Abs(x.Double) < Math.Abs(v)),
            Case("Math.Round", x => Math.Round(x.Double) == Math.Round(v), x => Math.Round(x.Double) == Math.Round(v)),
            Case("Math.Round to even", x => Math.Round(x.Double) > x.Double, x => Math.Round(x.Double) > x.Double),
            Case("Math.Round digits", x => Math.Round(x.Double, 2) != x.Double, x => Math.Round(x.Double, 2) != x.Double),
        ];
    }

    [Test]
    public void Date_parts_and_value_expressions_match_linq_to_objects()
    {
        var random = new Random(SemanticsSeed + 1);
        var db = OpenWith<AllTypes>();
        var inserted = Enumerable.Range(0, 120).Select(_ => SemanticsSamples.Row(random)).ToList();

        // Midpoints and near-midpoints for Math.Round, small values for the digits form.
        double[] rounding = [0.5, 1.5, 2.5, -2.5, -0.5, 0.49999999999999994, 2.675, 1.005, -3.5, 4503599627370495.5, 12.345];
        for (var i = 0; i < rounding.Length; i++)
        {
            inserted[i].Double = rounding[i];
        }

        db.InsertAll(inserted);
        var rows = db.Table<AllTypes>().ToList();
        var failures = new List<string>();
        var checks = 0;
        foreach (var pivotRow in rows.Take(12))
        {
            foreach (var c in DateCases(pivotRow).Concat(ValueCases(pivotRow)))
            {
                checks++;
                var expected = rows.Where(c.Linq).Select(r => r.Id).ToList();
                try
                {
                    var actual = db.Table<AllTypes>().Where(c.Sql).Select(r => r.Id).ToList().Order().ToList();
                    if (!actual.SequenceEqual(expected))
                    {
                        failures.Add($"{c.Name} (pivot row {pivotRow.Id}): expected {expected.Count}, got {actual.Count}, first difference id {expected.Except(actual).Concat(actual.Except(expected)).First()}");
                    }
                }
                catch (NotSupportedException ex)
                {
                    failures.Add($"{c.Name}: {ex.Message}");
                }
            }
        }

        foreach (var failure in failures.Distinct())
        {
            TestContext.Out.WriteLine(failure);
        }

        Assert.That(failures, Is.Empty, $"{checks} checks");
    }

    [Test]
    public void String_methods_match_linq_to_objects_on_bmp_text()
    {
        var db = OpenWith<AllTypes>();
        string[] texts = ["", " ", "\t\n", "\u00a0\u2028\u3000", "\u0085x", "abc", "abcabc", "xaay", "héllo", "日本語", "a\ue000b", "  padded  ", "A"];
        db.InsertAll(texts.Select(t => new AllTypes { Text = t, String = t.Length % 2 == 0 ? null : t }));
        var rows = db.Table<AllTypes>().ToList();
        ExpressionCase[] cases =
        [
            Case("Substring(1)", x => x.Text.Length >= 1 && x.Text.Substring(1) == "bc", x => x.Text.Length >= 1 && x.Text.Substring(1) == "bc"),
            Case("Substring(1, 2)", x => x.Text.Length >= 3 && x.Text.Substring(1, 2) == "aa", x => x.Text.Length >= 3 && x.Text.Substring(1, 2) == "aa"),
            Case("Substring non-ASCII", x => x.Text.Length >= 2 && x.Text.Substring(1, 1) == "本", x => x.Text.Length >= 2 && x.Text.Substring(1, 1) == "本"),
            Case("IndexOf", x => x.Text.IndexOf("a") == 1, x => x.Text.IndexOf("a", StringComparison.Ordinal) == 1),
            Case("IndexOf absent", x => x.Text.IndexOf("c") < 0, x => x.Text.IndexOf("c", StringComparison.Ordinal) < 0),
            Case("IndexOf char", x => x.Text.IndexOf('\ue000') == 1, x => x.Text.IndexOf('\ue000') == 1),
            Case("Replace", x => x.Text.Replace("a", "") == "bcbc", x => x.Text.Replace("a", "") == "bcbc"),
            Case("Replace longer", x => x.Text.Replace("l", "LL") == "héLLLLo", x => x.Text.Replace("l", "LL") == "héLLLLo"),
            Case("IsNullOrWhiteSpace", x => string.IsNullOrWhiteSpace(x.Text), x => string.IsNullOrWhiteSpace(x.Text)),
            Case("IsNullOrWhiteSpace nullable", x => !string.IsNullOrWhiteSpace(x.String), x => !string.IsNullOrWhiteSpace(x.String)),
            Case("CompareOrdinal", x => string.CompareOrdinal(x.Text, "abc") > 0, x => string.CompareOrdinal(x.Text, "abc") > 0),
            Case("Compare Ordinal", x => string.Compare(x.String, "b", StringComparison.Ordinal) <= 0, x => string.Compare(x.String, "b", StringComparison.Ordinal) <= 0),
        ];
        foreach (var c in cases)
        {
            var expected = rows.Where(c.Linq).Select(r => r.Id).ToList();
            var actual = db.Table<AllTypes>().Where(c.Sql).Select(r => r.Id).ToList().Order().ToList();
            Assert.That(actual, Is.EqualTo(expected), c.Name);
        }
    }

    [Test]
    public void Culture_sensitive_string_comparison_throws()
    {
        var db = OpenWith<AllTypes>();
        var ex = Assert.Throws<NotSupportedException>(() => db.Table<AllTypes>().Where(x => string.Compare(x.Text, "b") > 0).ToList());
        Assert.That(ex!.Message, Does.Contain("culture-sensitive"));
    }

    private static T? FindThroughInterface<T>(MicroDbConnection db, long id)
        where T : class, IEntity => db.Table<T>().Where(x => x.Id == id).FirstOrDefault();

    [Test]
    public void Members_through_an_interface_cast_translate()
    {
        var db = OpenWith<Note>();
        db.InsertAll(new[] { new Note { Body = "one" }, new Note { Body = "two" } });

        Assert.That(FindThroughInterface<Note>(db, 2)?.Body, Is.EqualTo("two"));
        Assert.That(FindThroughInterface<Note>(db, 3), Is.Null);
        Assert.That(db.Table<Note>().Where(x => ((IEntity)x).Id > 1).Select(x => x.Body).ToList(), Is.EqualTo(new[] { "two" }));
    }
}
