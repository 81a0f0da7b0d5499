using MicroDb.Conformance.Query;
using MicroDb.Query;

namespace MicroDb.Conformance;

/// <summary>
/// The translation cache: one shape translated once, replayed with each call's values. Every case runs the same lambda
/// shape many times with values that change, including the values that change the SQL (null, a string comparison, a
/// captured condition), and compares each result with LINQ-to-Objects: a replay must never return rows a fresh
/// translation would not.
/// </summary>
public abstract partial class ConformanceSuite
{
    private static int? NullableAge(int i) => i % 3 == 0 ? null : i * 7 % 90;

    [Test]
    public void Cache_replays_a_shape_with_each_calls_captured_value()
    {
        var db = QueryDb;
        var cached = -1;
        for (var i = 0; i < 60; i++)
        {
            var age = i * 7 % 90;
            var rows = db.Table<QueryItem>().Where(x => x.Age == age).OrderBy(x => x.Id).Select(x => x.Id).ToList();
            Assert.That(rows, Is.EqualTo(QueryRows.Where(x => x.Age == age).OrderBy(x => x.Id).Select(x => x.Id).ToList()), $"age {age}");
            if (i == 1)
            {
                cached = TranslationCache.Count;
            }
        }

        Assert.That(TranslationCache.Count, Is.EqualTo(cached), "the same shape with other values adds no entry");
    }

    [Test]
    public void Cache_tells_null_from_a_value_in_the_same_shape()
    {
        var db = QueryDb;
        for (var i = 0; i < 30; i++)
        {
            int? height = NullableAge(i);
            var rows = db.Table<QueryItem>().Where(x => x.Height == height).Select(x => x.Id).ToList();
            Assert.That(rows, Is.EquivalentTo(QueryRows.Where(x => x.Height == height).Select(x => x.Id)), $"height {height?.ToString() ?? "null"}");

            string? name = i % 2 == 0 ? null : "An";
            var named = db.Table<QueryItem>().Where(x => x.Name == name).Select(x => x.Id).ToList();
            Assert.That(named, Is.EquivalentTo(QueryRows.Where(x => x.Name == name).Select(x => x.Id)), $"name {name ?? "null"}");
        }
    }

    [Test]
    public void Cache_keys_on_values_that_change_the_sql()
    {
        var db = QueryDb;
        for (var i = 0; i < 24; i++)
        {
            var comparison = i % 2 == 0 ? StringComparison.Ordinal : StringComparison.OrdinalIgnoreCase;
            var prefix = i % 3 == 0 ? "a" : "A";
            var useAge = i % 4 < 2;
            var limit = i * 5;
            var starts = db.Table<QueryItem>().Where(x => x.Name != null && x.Name.StartsWith(prefix, comparison)).Select(x => x.Id).ToList();
            Assert.That(starts, Is.EquivalentTo(QueryRows.Where(x => x.Name != null && x.Name.StartsWith(prefix, comparison)).Select(x => x.Id)), $"{prefix} {comparison}");

            var conditional = db.Table<QueryItem>().Where(x => (useAge ? x.Age : x.Id) > limit).Select(x => x.Id).ToList();
            Assert.That(conditional, Is.EquivalentTo(QueryRows.Where(x => (useAge ? x.Age : x.Id) > limit).Select(x => x.Id)), $"{useAge} {limit}");
        }
    }

    [Test]
    public void Cache_matches_exactly_the_values_that_are_encoded_by_kind()
    {
        var db = QueryDb;
        var kinds = new[] { DateTimeKind.Unspecified, DateTimeKind.Utc, DateTimeKind.Local };
        for (var i = 0; i < 18; i++)
        {
            var when = DateTime.SpecifyKind(new DateTime(1990, 1, 1).AddDays(i * 400), kinds[i % 3]);
            var price = i % 2 == 0 ? 10m : 10.00m;
            var score = i % 2 == 0 ? 0.0 : -0.0;
            var hue = (Hue)(i % 4);

            Assert.That(db.Table<QueryItem>().Where(x => x.Born > when).Select(x => x.Id).ToList(),
                Is.EquivalentTo(QueryRows.Where(x => x.Born > when).Select(x => x.Id)), $"born > {when:o}");
            Assert.That(db.Table<QueryItem>().Where(x => x.Price >= price).Select(x => x.Id).ToList(),
                Is.EquivalentTo(QueryRows.Where(x => x.Price >= price).Select(x => x.Id)), $"price >= {price}");
            Assert.That(db.Table<QueryItem>().Where(x => x.Score > score).Select(x => x.Id).ToList(),
                Is.EquivalentTo(QueryRows.Where(x => x.Score > score).Select(x => x.Id)), $"score > {score}");
            Assert.That(db.Table<QueryItem>().Where(x => x.Hue == hue).Select(x => x.Id).ToList(),
                Is.EquivalentTo(QueryRows.Where(x => x.Hue == hue).Select(x => x.Id)), $"hue {hue}");
        }
    }

    [Test]
    public void Cache_replays_a_list_contains_with_the_lists_current_contents()
    {
        var db = QueryDb;
        var ages = new List<int>();
        for (var i = 0; i < 12; i++)
        {
            ages.Add(i * 11 % 90);
            Assert.That(db.Table<QueryItem>().Where(x => ages.Contains(x.Age)).Select(x => x.Id).ToList(),
                Is.EquivalentTo(QueryRows.Where(x => ages.Contains(x.Age)).Select(x => x.Id)), $"{ages.Count} ages");
        }
    }

    [Test]
    public void Cache_reports_an_untranslatable_value_as_a_fresh_translation_does()
    {
        var db = QueryDb;
        string? text = "ab";
        Assert.That(db.Table<QueryItem>().Where(x => x.Age > text.Length).Count(), Is.EqualTo(QueryRows.Count(x => x.Age > 2)));
        text = null;
        Assert.That(() => db.Table<QueryItem>().Where(x => x.Age > text!.Length).Count(), Throws.Exception);
    }
}
