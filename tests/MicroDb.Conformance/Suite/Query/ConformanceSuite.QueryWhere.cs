using MicroDb.Conformance.Query;
using System.Linq.Expressions;

namespace MicroDb.Conformance;

/// <summary>Each predicate runs as SQL and as LINQ-to-Objects over the same random rows; the row sets must be equal.</summary>
public abstract partial class ConformanceSuite
{
    public sealed record PredicateCase(Expression<Func<QueryItem, bool>> Sql, Func<QueryItem, bool> Linq, bool MayBeTrivial = false);

    private sealed class Holder
    {
        public int Threshold = 40;

        public Holder Inner => this;

        public string Prefix { get; set; } = "An";
    }

    private static int GetThreshold() => 25;

    private static TestCaseData WhereCase(string name, Expression<Func<QueryItem, bool>> sql, Func<QueryItem, bool> linq, bool mayBeTrivial = false) =>
        new TestCaseData(new PredicateCase(sql, linq, mayBeTrivial)).SetName("Where_" + name);

    public static IEnumerable<TestCaseData> PredicateCases()
    {
        // Comparisons and logic.
        yield return WhereCase("greater_than", x => x.Age > 30, x => x.Age > 30);
        yield return WhereCase("range_and", x => x.Age >= 30 && x.Age < 50, x => x.Age >= 30 && x.Age < 50);
        yield return WhereCase("or", x => x.Age < 10 || x.Age > 70, x => x.Age < 10 || x.Age > 70);
        yield return WhereCase("not", x => !(x.Age > 30), x => !(x.Age > 30));
        yield return WhereCase("not_equal", x => x.Age != 30, x => x.Age != 30);
        yield return WhereCase("constant_on_left", x => 30 < x.Age, x => 30 < x.Age);
        yield return WhereCase("column_vs_column", x => x.Score > x.Age, x => x.Score > x.Age);
        yield return WhereCase("non_short_circuit_and_or", x => (x.Age > 20 & x.Active) | x.Age < 5, x => (x.Age > 20 & x.Active) | x.Age < 5);
        yield return WhereCase("xor_bool", x => x.Active ^ (x.Age > 40), x => x.Active ^ (x.Age > 40));

        // Nulls keep C# semantics.
        yield return WhereCase("string_is_null", x => x.Name == null, x => x.Name == null);
        yield return WhereCase("string_is_not_null", x => x.Name != null, x => x.Name != null);
        yield return WhereCase("nullable_is_null", x => x.Height == null, x => x.Height == null);
        yield return WhereCase("nullable_has_value", x => x.Height.HasValue, x => x.Height.HasValue);
        yield return WhereCase("nullable_value", x => x.Height.HasValue && x.Height.Value > 150, x => x.Height.HasValue && x.Height.Value > 150);
        yield return WhereCase("nullable_greater", x => x.Height > 150, x => x.Height > 150);
        yield return WhereCase("not_nullable_greater", x => !(x.Height > 150), x => !(x.Height > 150));
        yield return WhereCase("nullable_not_equal", x => x.Height != 150, x => x.Height != 150);
        yield return WhereCase("nullable_vs_column", x => x.Height == x.Age + 100, x => x.Height == x.Age + 100);
        yield return WhereCase("string_not_equal_includes_null", x => x.Name != "Anna", x => x.Name != "Anna");
        yield return WhereCase("null_variable", x => x.Name == NullName(), x => x.Name == NullName());
        yield return WhereCase("compare_with_null_is_false", x => x.Height > NullInt(), x => x.Height > NullInt(), mayBeTrivial: true);
        yield return WhereCase("coalesce", x => (x.Height ?? 0) > 120, x => (x.Height ?? 0) > 120);
        yield return WhereCase("get_value_or_default", x => x.Height.GetValueOrDefault() < 120, x => x.Height.GetValueOrDefault() < 120);
        yield return WhereCase("get_value_or_default_with_value", x => x.Height.GetValueOrDefault(150) == 150, x => x.Height.GetValueOrDefault(150) == 150);
        yield return WhereCase("nullable_bool_get_value_or_default", x => !x.Flag.GetValueOrDefault(), x => !x.Flag.GetValueOrDefault());

        // Arithmetic.
        yield return WhereCase("add", x => x.Age + 10 > 60, x => x.Age + 10 > 60);
        yield return WhereCase("multiply_subtract", x => x.Age * 2 - 5 == 55, x => x.Age * 2 - 5 == 55);
        yield return WhereCase("modulo", x => x.Age % 7 == 3, x => x.Age % 7 == 3);
        yield return WhereCase("integer_division", x => x.Age / 3 == 10, x => x.Age / 3 == 10);
        yield return WhereCase("double_division", x => x.Age / 2.0 > 20.25, x => x.Age / 2.0 > 20.25);
        yield return WhereCase("negate", x => -x.Age < -60, x => -x.Age < -60);
        yield return WhereCase("nullable_arithmetic", x => x.Height - x.Age > 100, x => x.Height - x.Age > 100);
        yield return WhereCase("abs", x => Math.Abs(x.Age - 40) < 5, x => Math.Abs(x.Age - 40) < 5);
        yield return WhereCase("conditional", x => (x.Age > 30 ? x.Score : -x.Score) > 10, x => (x.Age > 30 ? x.Score : -x.Score) > 10);
        yield return WhereCase("long_column", x => x.Big > 500_000_000_000L, x => x.Big > 500_000_000_000L);
        yield return WhereCase("double_column", x => x.Score <= 12.5, x => x.Score <= 12.5);

        // Strings.
        yield return WhereCase("contains", x => x.Name!.Contains("an"), x => x.Name != null && x.Name.Contains("an"));
        yield return WhereCase("contains_ordinal", x => x.Name!.Contains("An", StringComparison.Ordinal), x => x.Name != null && x.Name.Contains("An", StringComparison.Ordinal));
        yield return WhereCase("contains_ignore_case", x => x.Name!.Contains("AN", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains("AN", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("contains_percent_is_literal", x => x.Name!.Contains("%"), x => x.Name != null && x.Name.Contains('%'));
        yield return WhereCase("contains_underscore_ignore_case_is_literal", x => x.Name!.Contains("_", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains('_'));
        yield return WhereCase("contains_backslash_ignore_case", x => x.Name!.Contains("\\S", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains("\\S", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("starts_with", x => x.Name!.StartsWith("An"), x => x.Name != null && x.Name.StartsWith("An", StringComparison.Ordinal));
        yield return WhereCase("starts_with_ignore_case", x => x.Name!.StartsWith("an", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.StartsWith("an", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("starts_with_bool_overload", x => x.Name!.StartsWith("AN", true, null), x => x.Name != null && x.Name.StartsWith("AN", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("ends_with", x => x.Name!.EndsWith("na"), x => x.Name != null && x.Name.EndsWith("na", StringComparison.Ordinal));
        yield return WhereCase("ends_with_ignore_case", x => x.Name!.EndsWith("NA", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.EndsWith("NA", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("ends_with_empty", x => x.Name != null && x.Name.EndsWith(""), x => x.Name != null);
        yield return WhereCase("starts_with_column", x => x.Name != null && "Annabel".StartsWith(x.Name), x => x.Name != null && "Annabel".StartsWith(x.Name, StringComparison.Ordinal));
        yield return WhereCase("equals_ignore_case", x => string.Equals(x.Name, "anna", StringComparison.OrdinalIgnoreCase), x => string.Equals(x.Name, "anna", StringComparison.OrdinalIgnoreCase));
        yield return WhereCase("equals_method", x => x.Name!.Equals("Bob"), x => x.Name == "Bob");
        yield return WhereCase("to_lower", x => x.Name!.ToLower() == "anna", x => x.Name != null && x.Name.ToLowerInvariant() == "anna");
        yield return WhereCase("to_upper", x => x.Name!.ToUpper() == "BOB ", x => x.Name != null && x.Name.ToUpperInvariant() == "BOB ");
        yield return WhereCase("trim", x => x.Name!.Trim() == "Carl", x => x.Name != null && x.Name.Trim() == "Carl");
        yield return WhereCase("trim_end", x => x.Name!.TrimEnd() == "bob", x => x.Name != null && x.Name.TrimEnd() == "bob");
        yield return WhereCase("length", x => x.Name!.Length > 4, x => x.Name != null && x.Name.Length > 4);
        yield return WhereCase("is_null_or_empty", x => string.IsNullOrEmpty(x.Name), x => string.IsNullOrEmpty(x.Name));
        yield return WhereCase("not_is_null_or_empty", x => !string.IsNullOrEmpty(x.Name), x => !string.IsNullOrEmpty(x.Name));
        yield return WhereCase("is_null_or_white_space", x => string.IsNullOrWhiteSpace(x.Name), x => string.IsNullOrWhiteSpace(x.Name));
        yield return WhereCase("substring", x => x.Name!.Length >= 3 && x.Name.Substring(1, 2) == "nn", x => x.Name != null && x.Name.Length >= 3 && x.Name.Substring(1, 2) == "nn");
        yield return WhereCase("index_of", x => x.Name!.IndexOf("a") == 1, x => x.Name != null && x.Name.IndexOf('a', StringComparison.Ordinal) == 1);
        yield return WhereCase("replace", x => x.Name!.Replace("n", "m") == "Amma", x => x.Name != null && x.Name.Replace("n", "m", StringComparison.Ordinal) == "Amma");
        yield return WhereCase("concat_with_null", x => x.Name + "!" == "!", x => x.Name + "!" == "!");
        yield return WhereCase("quote_value", x => x.Name == "O'Brien", x => x.Name == "O'Brien");

        // Lists become IN.
        var ids = new[] { 1, 5, 9, 200, 1000 };
        yield return WhereCase("array_contains", x => ids.Contains(x.Id), x => ids.Contains(x.Id));
        var idList = new List<int> { 2, 4, 6, 8 };
        yield return WhereCase("list_contains", x => idList.Contains(x.Id), x => idList.Contains(x.Id));
        IEnumerable<int> ages = Enumerable.Range(20, 5);
        yield return WhereCase("enumerable_contains", x => ages.Contains(x.Age), x => ages.Contains(x.Age));
        var ageSet = new HashSet<int> { 1, 2, 3 };
        yield return WhereCase("hash_set_contains", x => ageSet.Contains(x.Age), x => ageSet.Contains(x.Age));
        yield return WhereCase("not_in", x => !idList.Contains(x.Id), x => !idList.Contains(x.Id));
        var empty = Array.Empty<int>();
        yield return WhereCase("empty_list", x => empty.Contains(x.Id), x => empty.Contains(x.Id), mayBeTrivial: true);
        yield return WhereCase("not_in_empty_list", x => !empty.Contains(x.Id), x => !empty.Contains(x.Id), mayBeTrivial: true);
        var names = new[] { "Anna", null, "Bob" };
        yield return WhereCase("string_list_with_null", x => names.Contains(x.Name), x => names.Contains(x.Name));
        yield return WhereCase("not_in_string_list_with_null", x => !names.Contains(x.Name), x => !names.Contains(x.Name));
        var heights = new int?[] { 150, 160 };
        yield return WhereCase("nullable_not_in", x => !heights.Contains(x.Height), x => !heights.Contains(x.Height));
        yield return WhereCase("inline_array", x => new[] { 10, 20, 30 }.Contains(x.Age), x => new[] { 10, 20, 30 }.Contains(x.Age));

        // Enums, dates, decimals, GUIDs, chars, booleans: constants encoded like the column.
        yield return WhereCase("enum_equal", x => x.Hue == Hue.Green, x => x.Hue == Hue.Green);
        yield return WhereCase("enum_not_equal", x => x.Hue != Hue.Red, x => x.Hue != Hue.Red);
        yield return WhereCase("enum_greater", x => x.Hue > Hue.Green, x => x.Hue > Hue.Green);
        var hues = new List<Hue> { Hue.Blue, Hue.Violet };
        yield return WhereCase("enum_in", x => hues.Contains(x.Hue), x => hues.Contains(x.Hue));
        yield return WhereCase("text_enum_equal", x => x.Shade == Shade.Dark, x => x.Shade == Shade.Dark);
        var shade = Shade.Medium;
        yield return WhereCase("text_enum_variable", x => x.Shade != shade, x => x.Shade != shade);
        var shades = new[] { Shade.Light, Shade.Dark };
        yield return WhereCase("text_enum_in", x => shades.Contains(x.Shade), x => shades.Contains(x.Shade));
        var cutoff = QueryData.BaseDate.AddDays(1800);
        yield return WhereCase("datetime_greater", x => x.Born > cutoff, x => x.Born > cutoff);
        yield return WhereCase("datetime_range", x => x.Born >= cutoff && x.Born < cutoff.AddDays(365), x => x.Born >= cutoff && x.Born < cutoff.AddDays(365));
        yield return WhereCase("text_datetime_less", x => x.BornText <= cutoff, x => x.BornText <= cutoff);
        yield return WhereCase("decimal_greater", x => x.Price > 500.5m, x => x.Price > 500.5m);
        var token = QueryData.Tokens[3];
        yield return WhereCase("guid_equal", x => x.Token == token, x => x.Token == token);
        yield return WhereCase("guid_not_equal", x => x.Token != token, x => x.Token != token);
        yield return WhereCase("char_equal", x => x.Initial == 'M', x => x.Initial == 'M');
        yield return WhereCase("char_greater", x => x.Initial > 'M', x => x.Initial > 'M');
        yield return WhereCase("bool_member", x => x.Active, x => x.Active);
        yield return WhereCase("not_bool_member", x => !x.Active, x => !x.Active);
        yield return WhereCase("bool_equals_false", x => x.Active == false, x => x.Active == false);
        yield return WhereCase("nullable_bool_true", x => x.Flag == true, x => x.Flag == true);
        yield return WhereCase("nullable_bool_not_true", x => x.Flag != true, x => x.Flag != true);
        yield return WhereCase("nullable_bool_value", x => x.Flag.HasValue && x.Flag.Value, x => x.Flag.HasValue && x.Flag.Value);

        // Captured variables, member chains, method calls and array elements are evaluated, not compiled.
        var local = 33;
        yield return WhereCase("captured_local", x => x.Age == local, x => x.Age == local);
        var holder = new Holder();
        yield return WhereCase("captured_field_chain", x => x.Age > holder.Inner.Threshold, x => x.Age > holder.Inner.Threshold);
        yield return WhereCase("captured_property", x => x.Name!.StartsWith(holder.Prefix), x => x.Name != null && x.Name.StartsWith(holder.Prefix, StringComparison.Ordinal));
        yield return WhereCase("static_method_call", x => x.Age < GetThreshold(), x => x.Age < GetThreshold());
        var bounds = new[] { 10, 20 };
        yield return WhereCase("array_index", x => x.Age > bounds[0] && x.Age < bounds[1], x => x.Age > bounds[0] && x.Age < bounds[1]);
        yield return WhereCase("closure_arithmetic", x => x.Age == local + 1, x => x.Age == local + 1);
        int? noLimit = null;
        yield return WhereCase("captured_null_nullable", x => !noLimit.HasValue || x.Age > noLimit.Value, x => !noLimit.HasValue || x.Age > noLimit.Value, mayBeTrivial: true);
        string? noName = null;
        yield return WhereCase("captured_null_in_conditional", x => (noName == null ? x.Age : noName.Length) > 40, x => (noName == null ? x.Age : noName.Length) > 40);
        int? limit = 70;
        yield return WhereCase("captured_nullable", x => limit.HasValue && x.Age > limit.Value, x => limit.HasValue && x.Age > limit.Value);
        yield return WhereCase("captured_nullable_get_value_or_default", x => x.Age > noLimit.GetValueOrDefault(75), x => x.Age > noLimit.GetValueOrDefault(75));
        var flag = true;
        yield return WhereCase("captured_bool", x => flag && x.Age > 70, x => flag && x.Age > 70);
    }

    private static string? NullName() => null;

    private static int? NullInt() => null;

    [TestCaseSource(nameof(PredicateCases))]
    public void Where_returns_the_rows_linq_to_objects_returns(PredicateCase c)
    {
        var query = QueryDb.Table<QueryItem>().Where(c.Sql);
        var actual = query.ToList().Select(x => x.Id).Order().ToList();
        var expected = QueryRows.Where(c.Linq).Select(x => x.Id).ToList();
        Assert.That(actual, Is.EqualTo(expected), Describe(query.ToSqlString()));
        if (!c.MayBeTrivial)
        {
            // A case that selects nothing or everything would not show the translation is right.
            Assert.That(expected, Has.Count.InRange(1, QueryRowCount - 1), "the case does not discriminate on this data; " + Describe(query.ToSqlString()));
        }
    }

    [TestCaseSource(nameof(PredicateCases))]
    public void Count_with_predicate_matches_linq_to_objects(PredicateCase c)
    {
        Assert.That(QueryDb.Table<QueryItem>().Count(c.Sql), Is.EqualTo(QueryRows.Count(c.Linq)), Describe(QueryDb.Table<QueryItem>().Where(c.Sql).ToSqlString()));
    }

    [Test]
    public void Captured_variable_is_read_again_each_time_the_query_runs()
    {
        var age = 30;
        var query = QueryDb.Table<QueryItem>().Where(x => x.Age == age);
        var first = query.Count();
        age = 31;
        var second = query.Count();
        Assert.That(first, Is.EqualTo(QueryRows.Count(x => x.Age == 30)));
        Assert.That(second, Is.EqualTo(QueryRows.Count(x => x.Age == 31)));
    }

    [Test]
    public void Several_where_calls_are_anded()
    {
        var query = QueryDb.Table<QueryItem>().Where(x => x.Age > 20).Where(x => x.Active);
        Assert.That(query.ToList().Select(x => x.Id), Is.EqualTo(QueryRows.Where(x => x.Age > 20 && x.Active).Select(x => x.Id)));
    }
}
