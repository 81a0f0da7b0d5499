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

    [Test]
    public void Cache_reads_a_kept_querys_captured_value_again_on_every_run()
    {
        // The lambda's match is remembered from Where to the run; the values never are.
        var db = QueryDb;
        var age = 0;
        var query = db.Table<QueryItem>().Where(x => x.Age == age);
        for (var i = 0; i < 20; i++)
        {
            age = i * 13 % 90;
            var expected = QueryRows.Where(x => x.Age == age).OrderBy(x => x.Id).Select(x => x.Id).ToList();
            Assert.That(query.OrderBy(x => x.Id).ToList().Select(x => x.Id), Is.EqualTo(expected), $"age {age}");
            Assert.That(query.FirstOrDefault()?.Id, expected.Count == 0 ? Is.Null : Is.AnyOf(expected.Cast<object>().ToArray()), $"first, age {age}");
        }
    }

    [Test]
    public void Cache_gives_each_closure_instance_its_own_values()
    {
        // Same shape, different closure objects, built before any runs, then run interleaved.
        var db = QueryDb;
        var queries = Enumerable.Range(0, 6).Select(i =>
        {
            var age = i * 17 % 90;
            return (Age: age, Query: db.Table<QueryItem>().Where(x => x.Age >= age));
        }).ToList();
        for (var round = 0; round < 3; round++)
        {
            foreach (var (age, query) in queries)
            {
                Assert.That(query.Count(), Is.EqualTo(QueryRows.Count(x => x.Age >= age)), $"age >= {age}");
            }
        }
    }

    [Test]
    public void Cache_tells_constants_of_the_same_shape_apart()
    {
        var db = QueryDb;
        for (var i = 0; i < 3; i++)
        {
            Assert.That(db.Table<QueryItem>().Where(x => x.Age > 10).Count(), Is.EqualTo(QueryRows.Count(x => x.Age > 10)));
            Assert.That(db.Table<QueryItem>().Where(x => x.Age > 60).Count(), Is.EqualTo(QueryRows.Count(x => x.Age > 60)));
            Assert.That(db.Table<QueryItem>().Where(x => x.Name == "An").Count(), Is.EqualTo(QueryRows.Count(x => x.Name == "An")));
            Assert.That(db.Table<QueryItem>().Where(x => x.Name == "Bo").Count(), Is.EqualTo(QueryRows.Count(x => x.Name == "Bo")));
        }
    }

    [Test]
    public void Cache_survives_a_query_run_while_a_captured_value_is_read()
    {
        // Reading the value runs another query on the same thread, in the middle of the outer one's translation and replay.
        var db = QueryDb;
        for (var i = 0; i < 10; i++)
        {
            var box = new QueryValueBox(() => db.Table<QueryItem>().Where(x => x.Id == i + 1).First().Age);
            var expectedAge = QueryRows.Single(x => x.Id == i + 1).Age;
            var rows = db.Table<QueryItem>().Where(x => x.Age == box.Value).OrderBy(x => x.Id).Select(x => x.Id).ToList();
            Assert.That(rows, Is.EqualTo(QueryRows.Where(x => x.Age == expectedAge).OrderBy(x => x.Id).Select(x => x.Id)), $"row {i + 1}");
        }
    }

    [Test]
    public void Cache_runs_the_same_query_text_on_two_connections()
    {
        var first = QueryDb;
        var second = Open(first.DatabasePath);
        for (var i = 0; i < 10; i++)
        {
            var id = i * 29 % QueryRowCount + 1;
            foreach (var db in new[] { first, second, first })
            {
                Assert.That(db.Table<QueryItem>().Where(x => x.Id == id).FirstOrDefault()?.Id, Is.EqualTo(id));
            }
        }

        second.Close();
        Assert.That(first.Table<QueryItem>().Where(x => x.Id == 7).FirstOrDefault()?.Id, Is.EqualTo(7));
    }

    [Test]
    public void First_without_a_take_query_limits_as_take_one_does()
    {
        var db = QueryDb;
        var ordered = QueryRows.OrderBy(x => x.Age).ThenBy(x => x.Id).ToList();
        var byAge = db.Table<QueryItem>().OrderBy(x => x.Age).ThenBy(x => x.Id);
        Assert.That(byAge.First().Id, Is.EqualTo(ordered[0].Id));
        Assert.That(byAge.Skip(5).First().Id, Is.EqualTo(ordered[5].Id));
        Assert.That(byAge.Skip(5).Take(3).FirstOrDefault()?.Id, Is.EqualTo(ordered[5].Id));
        Assert.That(byAge.Take(4).Skip(4).FirstOrDefault(), Is.Null);
        Assert.That(byAge.Take(10).Where(x => x.Id % 2 == 0).First().Id, Is.EqualTo(ordered.Take(10).First(x => x.Id % 2 == 0).Id));
        Assert.That(() => byAge.Take(0).First(), Throws.InvalidOperationException);
    }

    [Test]
    public void Table_query_handed_out_again_is_unchanged_by_the_queries_built_on_it()
    {
        var db = QueryDb;
        var first = db.Table<QueryItem>();
        _ = first.Where(x => x.Age > 50).OrderBy(x => x.Name).Take(3).ToList();
        var again = db.Table<QueryItem>();
        Assert.That(again.Count(), Is.EqualTo(QueryRows.Count));
        Assert.That(again.ToSqlString(), Is.EqualTo(first.ToSqlString()));
        Assert.That(again.Where(x => x.Age > 50).Count(), Is.EqualTo(QueryRows.Count(x => x.Age > 50)));
    }

    [Test]
    public void Cache_replays_a_list_for_contains_keyed_by_its_count_and_nulls()
    {
        var db = QueryDb;
        var ids = QueryRows.Select(x => x.Id).ToArray();
        var names = new[] { "Anna", "Bob", null, "Zed", "", "O'Brien" };
        var cached = -1;
        for (var i = 0; i < 40; i++)
        {
            // Lists of a few sizes, the same size many times with other values.
            List<int> list = [.. Enumerable.Range(0, 1 + (i % 3)).Select(k => ids[(i * 7 + k * 13) % ids.Length])];
            var before = TranslationCache.Count;
            var byId = db.Table<QueryItem>().Where(x => list.Contains(x.Id)).Select(x => x.Id).ToList();
            if (i == 0)
            {
                Assert.That(TranslationCache.Count, Is.EqualTo(before + 1), "a shape with a list is cached");
            }

            Assert.That(byId.Order(), Is.EqualTo(QueryRows.Where(x => list.Contains(x.Id)).Select(x => x.Id).Order()), $"ids {string.Join(",", list)}");

            string?[] some = [names[i % names.Length], names[(i + 2) % names.Length]];
            var byName = db.Table<QueryItem>().Where(x => some.Contains(x.Name)).Select(x => x.Id).ToList();
            Assert.That(byName.Order(), Is.EqualTo(QueryRows.Where(x => some.Contains(x.Name)).Select(x => x.Id).Order()), $"names {string.Join(",", some)}");
            if (i == 20)
            {
                cached = TranslationCache.Count;
            }
        }

        Assert.That(TranslationCache.Count, Is.EqualTo(cached), "lists of a count (and null positions) seen before add no entry");
    }

    [Test]
    public void Cache_reuses_the_sql_text_of_a_repeated_query_shape()
    {
        var db = QueryDb;
        var texts = -1;
        for (var i = 0; i < 40; i++)
        {
            var id = QueryRows[i % QueryRows.Count].Id;
            Assert.That(db.Table<QueryItem>().Where(x => x.Id == id).FirstOrDefault()?.Id, Is.EqualTo(id), $"id {id}");

            var age = i * 7 % 90;
            var take = 1 + (i % 3);
            var rows = db.Table<QueryItem>().Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Id).Take(take).ToList().Select(x => x.Id);
            Assert.That(rows, Is.EqualTo(QueryRows.Where(x => x.Age > age).OrderByDescending(x => x.Age).ThenBy(x => x.Id).Take(take).Select(x => x.Id)), $"age {age} take {take}");
            if (i == 5)
            {
                texts = QueryTextCache.Count;
            }
        }

        Assert.That(QueryTextCache.Count, Is.EqualTo(texts), "a shape seen before (same lambdas, limit and offset) writes no new text");
    }

    [Test]
    public void Cache_rereads_a_kept_querys_captured_values_when_they_change_the_sql()
    {
        var db = QueryDb;
        string? name = "An";
        int? height = 7;
        var byName = db.Table<QueryItem>().Where(x => x.Name == name);
        var byHeight = db.Table<QueryItem>().Where(x => x.Height == height).OrderBy(x => x.Id);
        for (var i = 0; i < 12; i++)
        {
            name = i % 3 == 0 ? null : i % 3 == 1 ? "An" : "";
            height = NullableAge(i);
            Assert.That(byName.ToList().Select(x => x.Id), Is.EquivalentTo(QueryRows.Where(x => x.Name == name).Select(x => x.Id)), $"name {name ?? "null"}");
            Assert.That(byName.OrderBy(x => x.Id).FirstOrDefault()?.Id, Is.EqualTo(QueryRows.Where(x => x.Name == name).OrderBy(x => x.Id).Select(x => (int?)x.Id).FirstOrDefault()), $"first, name {name ?? "null"}");
            Assert.That(byHeight.ToList().Select(x => x.Id), Is.EqualTo(QueryRows.Where(x => x.Height == height).OrderBy(x => x.Id).Select(x => x.Id)), $"height {height?.ToString() ?? "null"}");
        }
    }

    [Test]
    public void Cache_reads_each_captured_value_once_per_run()
    {
        var db = QueryDb;
        var age = new CountingValue(QueryRows[0].Age);
        Hue[] hues = [Hue.Red, Hue.Blue];
        var cached = db.Table<QueryItem>().Where(x => x.Age >= age.Value).OrderBy(x => x.Id);

        // An enum list is not cached by shape, so this query is translated in full on every run.
        var uncached = db.Table<QueryItem>().Where(x => x.Age >= age.Value).Where(x => hues.Contains(x.Hue));
        var expected = QueryRows.Where(x => x.Age >= QueryRows[0].Age).OrderBy(x => x.Id).Select(x => x.Id).ToList();
        var expectedHues = QueryRows.Where(x => x.Age >= QueryRows[0].Age && hues.Contains(x.Hue)).Select(x => x.Id).ToList();
        for (var i = 0; i < 4; i++)
        {
            var before = age.Reads;
            var rows = cached.ToList();
            Assert.That(age.Reads - before, Is.EqualTo(1), "the run reads the value once");
            Assert.That(rows.Select(x => x.Id), Is.EqualTo(expected));

            before = age.Reads;
            rows = uncached.ToList();
            Assert.That(age.Reads - before, Is.EqualTo(1), "the run reads the value once, also when its text is not cached");
            Assert.That(rows.Select(x => x.Id), Is.EquivalentTo(expectedHues));
        }
    }

    /// <summary>A captured value that counts how often it is read.</summary>
    private sealed class CountingValue(int value)
    {
        public int Reads { get; private set; }

        public int Value
        {
            get
            {
                Reads++;
                return value;
            }
        }
    }
}
