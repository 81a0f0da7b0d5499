using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// LINQ on PostgreSQL against LINQ-to-Objects: each predicate and sort key runs as SQL and in memory over the same rows
/// (read back with ad-hoc SQL, not through LINQ), on both mapping paths; the row ids must be equal (in order, for sorts).
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class LinqTests(MappingMode mapping)
{
    private static readonly string?[] Names = ["Anna", "anna", "Bob", "bob", "Ölaf", "Zoe", "zeta", "", null, "An_na", "50%", "a b", "Ärger", "émile", "Zürich", "日本", "A", "back\\slash", "Z", "clef 𝄞"];
    private static readonly double[] Scores = [0, 1.5, -2.25, 12.5, 100, double.NaN, double.PositiveInfinity, double.NegativeInfinity, 3.75, 12.5];

    private MicroDbNpgsqlConnection _db = null!;
    private List<LinqRow> _rows = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_linq");
        _db.CreateTable<LinqRow>();
        var random = new Random(2424);
        var rows = Enumerable.Range(0, 48).Select(i => Row(random, i)).ToList();
        _db.InsertAll(rows);

        // What the table holds, read without LINQ: the in-memory side of every comparison.
        _rows = _db.Query<LinqRow>("SELECT * FROM pg_linq ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    private static LinqRow Row(Random r, int i) => new()
    {
        Name = Names[r.Next(Names.Length)],
        Age = r.Next(0, 90),
        Height = r.Next(4) == 0 ? null : r.Next(100, 200),
        Score = Scores[r.Next(Scores.Length)],
        MaybeScore = r.Next(4) == 0 ? null : Scores[r.Next(Scores.Length)],
        Ratio = r.Next(6) == 0 ? float.NaN : (float)Math.Round(r.NextDouble() * 10, 2),
        Price = Math.Round((decimal)r.NextDouble() * 1000, 2) * (r.Next(2) == 0 ? 1 : -1),
        Big = r.NextInt64(long.MinValue, long.MaxValue),
        Huge = i == 0 ? ulong.MaxValue : (ulong)r.NextInt64(0, long.MaxValue) * 2,
        Unsigned = i == 1 ? uint.MaxValue : (uint)r.Next(),
        Small = (byte)r.Next(256),
        Letter = (char)r.Next('A', 'z'),
        Active = r.Next(2) == 0,
        Flag = r.Next(3) switch { 0 => null, 1 => true, _ => false },
        Key = Guid.NewGuid(),
        MaybeKey = r.Next(3) == 0 ? null : Guid.NewGuid(),
        When = new DateTime(2000, 1, 1).AddTicks(r.NextInt64(0, 10_000_000_000_000) * 10),
        MaybeWhen = r.Next(3) == 0 ? null : new DateTime(1990, 6, 1).AddDays(r.Next(0, 20_000)),
        At = new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.Zero).AddMinutes(r.Next(0, 1_000_000)),
        Span = TimeSpan.FromTicks(r.NextInt64(-100_000_000_000, 100_000_000_000) * 10),
        Day = new DateOnly(1970, 1, 1).AddDays(r.Next(0, 40_000)),
        Time = new TimeOnly(r.NextInt64(0, TimeSpan.TicksPerDay / 10) * 10),
        Shade = r.Next(3) switch { 0 => Shade.None, 1 => Shade.Red, _ => Shade.Blue },
        Blob = r.Next(2) == 0 ? null : [(byte)i],
        Word = Names[r.Next(Names.Length)],
    };

    public sealed record PredicateCase(string Name, Expression<Func<LinqRow, bool>> Sql, Func<LinqRow, bool> Linq)
    {
        public override string ToString() => Name;
    }

    private static readonly Guid Absent = new("00000000-0000-0000-0000-000000000001");

    private static IEnumerable<PredicateCase> Predicates()
    {
        var threshold = 40;
        string? nothing = null;
        int? noHeight = null;
        var ages = new List<int> { 3, 17, 40, 41, 88 };
        int?[] heights = [150, null, 160];

        // Comparisons and logic on integers.
        yield return new("greater_than", x => x.Age > 30, x => x.Age > 30);
        yield return new("range_and", x => x.Age >= 30 && x.Age < 50, x => x.Age >= 30 && x.Age < 50);
        yield return new("or", x => x.Age < 10 || x.Age > 70, x => x.Age < 10 || x.Age > 70);
        yield return new("not", x => !(x.Age > 30), x => !(x.Age > 30));
        yield return new("not_equal", x => x.Age != 30, x => x.Age != 30);
        yield return new("constant_on_left", x => 30 < x.Age, x => 30 < x.Age);
        yield return new("captured_variable", x => x.Age <= threshold, x => x.Age <= threshold);
        yield return new("column_vs_column", x => x.Age < x.Small, x => x.Age < x.Small);
        yield return new("constant_true", x => true, x => true);
        yield return new("list_contains", x => ages.Contains(x.Age), x => ages.Contains(x.Age));
        yield return new("not_list_contains", x => !ages.Contains(x.Age), x => !ages.Contains(x.Age));
        yield return new("empty_list_contains", x => new List<int>().Contains(x.Age), x => new List<int>().Contains(x.Age));

        // Arithmetic, casts, coalesce, conditionals, as C# computes them.
        int? noLimit = null;
        var flag = true;
        yield return new("add", x => x.Age + 10 > 60, x => x.Age + 10 > 60);
        yield return new("multiply_subtract", x => x.Age * 2 - 5 == 55, x => x.Age * 2 - 5 == 55);
        yield return new("integer_division_truncates", x => (x.Age - 45) / 4 == -2, x => (x.Age - 45) / 4 == -2);
        yield return new("modulo_of_negative", x => (x.Age - 50) % 7 == -3, x => (x.Age - 50) % 7 == -3);
        yield return new("double_division", x => x.Age / 2.0 > 20.25, x => x.Age / 2.0 > 20.25);
        yield return new("cast_before_division", x => (double)x.Age / 4 < 5.5, x => (double)x.Age / 4 < 5.5);
        yield return new("long_arithmetic", x => x.Big / 2 + 1 > 0, x => x.Big / 2 + 1 > 0);
        yield return new("negate", x => -x.Age < -60, x => -x.Age < -60);
        yield return new("nan_through_arithmetic", x => x.Score * 2 > 3, x => x.Score * 2 > 3);
        yield return new("not_nan_through_arithmetic", x => !(x.Score - 1 >= 0), x => !(x.Score - 1 >= 0));
        yield return new("decimal_arithmetic", x => x.Price * 2 - 1.5m > 500m, x => x.Price * 2 - 1.5m > 500m);
        yield return new("nullable_arithmetic", x => x.Height - x.Age > 100, x => x.Height - x.Age > 100);
        yield return new("not_nullable_arithmetic", x => !(x.Height - x.Age > 100), x => !(x.Height - x.Age > 100));
        yield return new("coalesce", x => (x.Height ?? 0) > 120, x => (x.Height ?? 0) > 120);
        yield return new("get_value_or_default", x => x.Height.GetValueOrDefault() < 120, x => x.Height.GetValueOrDefault() < 120);
        yield return new("get_value_or_default_with_value", x => x.Height.GetValueOrDefault(150) == 150, x => x.Height.GetValueOrDefault(150) == 150);
        yield return new("nullable_bool_get_value_or_default", x => !x.Flag.GetValueOrDefault(), x => !x.Flag.GetValueOrDefault());
        yield return new("conditional", x => (x.Age > 30 ? x.Score : -x.Score) > 10, x => (x.Age > 30 ? x.Score : -x.Score) > 10);
        yield return new("conditional_on_captured_value", x => (flag ? x.Age : x.Small) > 40, x => (flag ? x.Age : x.Small) > 40);
        yield return new("short_circuit_and_skips_the_right_side", x => noLimit.HasValue && x.Age > noLimit.Value, x => noLimit.HasValue && x.Age > noLimit.Value);
        yield return new("short_circuit_or", x => !noLimit.HasValue || x.Age > noLimit.Value, x => !noLimit.HasValue || x.Age > noLimit.Value);
        yield return new("non_short_circuit_and_or", x => (x.Age > 20 & x.Active) | x.Age < 5, x => (x.Age > 20 & x.Active) | x.Age < 5);
        yield return new("xor", x => x.Active ^ (x.Age > 40), x => x.Active ^ (x.Age > 40));
        yield return new("length_counts_utf16_units", x => x.Name!.Length == 7, x => x.Name != null && x.Name.Length == 7);
        yield return new("length_of_word", x => x.Word!.Length > 3, x => x.Word != null && x.Word.Length > 3);
        yield return new("abs", x => Math.Abs(x.Age - 40) < 5, x => Math.Abs(x.Age - 40) < 5);
        yield return new("abs_double", x => Math.Abs(x.Score) > 2, x => Math.Abs(x.Score) > 2);
        yield return new("concat_treats_null_as_empty", x => x.Name + "!" == "!", x => x.Name + "!" == "!");
        yield return new("starts_with_column", x => x.Word!.StartsWith(x.Name!), x => x.Word != null && x.Name != null && x.Word.StartsWith(x.Name, StringComparison.Ordinal));
        yield return new("ends_with_column", x => x.Name!.EndsWith(x.Word!), x => x.Word != null && x.Name != null && x.Name.EndsWith(x.Word, StringComparison.Ordinal));

        // Nulls keep C# semantics (two-valued: ! and || give the LINQ-to-Objects rows).
        yield return new("nullable_is_null", x => x.Height == null, x => x.Height == null);
        yield return new("nullable_has_value", x => x.Height.HasValue, x => x.Height.HasValue);
        yield return new("nullable_value", x => x.Height.HasValue && x.Height.Value > 150, x => x.Height.HasValue && x.Height.Value > 150);
        yield return new("nullable_greater", x => x.Height > 150, x => x.Height > 150);
        yield return new("not_nullable_greater", x => !(x.Height > 150), x => !(x.Height > 150));
        yield return new("nullable_equal", x => x.Height == 150, x => x.Height == 150);
        yield return new("not_nullable_equal", x => !(x.Height == 150), x => !(x.Height == 150));
        yield return new("nullable_not_equal", x => x.Height != 150, x => x.Height != 150);
        yield return new("nullable_compare_with_null_is_false", x => x.Height > noHeight, x => x.Height > noHeight);
        yield return new("not_nullable_compare_with_null", x => !(x.Height <= noHeight), x => !(x.Height <= noHeight));
        yield return new("nullable_list_contains_null", x => heights.Contains(x.Height), x => heights.Contains(x.Height));
        yield return new("nullable_vs_column", x => x.Height > x.Age, x => x.Height > x.Age);
        yield return new("not_nullable_vs_column", x => !(x.Height > x.Age), x => !(x.Height > x.Age));
        yield return new("nullable_equals_column", x => x.Height == x.Age, x => x.Height == x.Age);
        yield return new("nullable_not_equal_column", x => x.Height != x.Age, x => x.Height != x.Age);

        // Strings: ordinal, whatever the database or column collation.
        yield return new("string_equal", x => x.Name == "Anna", x => x.Name == "Anna");
        yield return new("string_not_equal_includes_null", x => x.Name != "Anna", x => x.Name != "Anna");
        yield return new("string_is_null", x => x.Name == null, x => x.Name == null);
        yield return new("string_null_variable", x => x.Name == nothing, x => x.Name == nothing);
        yield return new("string_empty", x => x.Name == "", x => x.Name == "");
        yield return new("is_null_or_empty", x => string.IsNullOrEmpty(x.Name), x => string.IsNullOrEmpty(x.Name));
        yield return new("string_equals_method", x => x.Name!.Equals("bob"), x => x.Name != null && x.Name.Equals("bob"));
        yield return new("contains", x => x.Name!.Contains("nn"), x => x.Name != null && x.Name.Contains("nn"));
        yield return new("contains_underscore_is_literal", x => x.Name!.Contains("_"), x => x.Name != null && x.Name.Contains('_'));
        yield return new("contains_percent_is_literal", x => x.Name!.Contains("%"), x => x.Name != null && x.Name.Contains('%'));
        yield return new("contains_backslash", x => x.Name!.Contains("\\"), x => x.Name != null && x.Name.Contains('\\'));
        yield return new("contains_empty", x => x.Name!.Contains(""), x => x.Name != null);
        yield return new("not_contains", x => !x.Name!.Contains("a"), x => !(x.Name != null && x.Name.Contains('a')));
        yield return new("starts_with", x => x.Name!.StartsWith("An"), x => x.Name != null && x.Name.StartsWith("An", StringComparison.Ordinal));
        yield return new("starts_with_ordinal", x => x.Name!.StartsWith("Z", StringComparison.Ordinal), x => x.Name != null && x.Name.StartsWith('Z'));
        yield return new("ends_with", x => x.Name!.EndsWith("na"), x => x.Name != null && x.Name.EndsWith("na", StringComparison.Ordinal));
        yield return new("ends_with_non_ascii", x => x.Name!.EndsWith("rich"), x => x.Name != null && x.Name.EndsWith("rich", StringComparison.Ordinal));
        yield return new("compare_ordinal_greater", x => string.CompareOrdinal(x.Name, "Zoe") > 0, x => string.CompareOrdinal(x.Name, "Zoe") > 0);
        yield return new("compare_ordinal_less", x => string.CompareOrdinal(x.Name, "a") < 0, x => string.CompareOrdinal(x.Name, "a") < 0);
        yield return new("compare_ordinal_reversed", x => string.CompareOrdinal("b", x.Name) <= 0, x => string.CompareOrdinal("b", x.Name) <= 0);
        yield return new("compare_ordinal_icu_column", x => string.Compare(x.Word, "a", StringComparison.Ordinal) >= 0, x => string.Compare(x.Word, "a", StringComparison.Ordinal) >= 0);
        yield return new("compare_ordinal_with_null", x => string.CompareOrdinal(x.Name, nothing) > 0, x => string.CompareOrdinal(x.Name, nothing) > 0);

        // Floats: NaN equals nothing and is neither greater nor less than anything.
        yield return new("double_greater", x => x.Score > 3, x => x.Score > 3);
        yield return new("double_less_or_equal", x => x.Score <= 12.5, x => x.Score <= 12.5);
        yield return new("not_double_greater", x => !(x.Score > 3), x => !(x.Score > 3));
        yield return new("double_not_equal", x => x.Score != 12.5, x => x.Score != 12.5);
        yield return new("double_equal_nan", x => x.Score == double.NaN, x => x.Score == double.NaN);
        yield return new("double_not_equal_nan", x => x.Score != double.NaN, x => x.Score != double.NaN);
        yield return new("double_at_least_negative_infinity", x => x.Score >= double.NegativeInfinity, x => x.Score >= double.NegativeInfinity);
        yield return new("nullable_double_greater", x => x.MaybeScore > 0, x => x.MaybeScore > 0);
        yield return new("not_nullable_double_greater", x => !(x.MaybeScore > 0), x => !(x.MaybeScore > 0));
        yield return new("double_vs_double_column", x => x.Score == x.MaybeScore, x => x.Score == x.MaybeScore);
        yield return new("double_greater_than_column", x => x.Score > x.MaybeScore, x => x.Score > x.MaybeScore);
        yield return new("double_equals_nan_method", x => x.Score.Equals(double.NaN), x => x.Score.Equals(double.NaN));
        yield return new("not_double_equals_method", x => !x.Score.Equals(12.5), x => !x.Score.Equals(12.5));
        yield return new("float_greater", x => x.Ratio > 5f, x => x.Ratio > 5f);
        yield return new("float_widened_to_double", x => x.Ratio < 2.5, x => x.Ratio < 2.5);
        yield return new("double_list_contains_nan", x => new[] { 12.5, double.NaN }.Contains(x.Score), x => new[] { 12.5, double.NaN }.Contains(x.Score));

        // Every other kind, with its own order.
        yield return new("decimal_greater", x => x.Price > 100.5m, x => x.Price > 100.5m);
        yield return new("decimal_scale_equal", x => x.Price != 1.10m, x => x.Price != 1.1m);
        yield return new("long_less", x => x.Big < 0, x => x.Big < 0);
        yield return new("ulong_above_long_max", x => x.Huge > 9_223_372_036_854_775_807UL, x => x.Huge > 9_223_372_036_854_775_807UL);
        yield return new("ulong_max", x => x.Huge == ulong.MaxValue, x => x.Huge == ulong.MaxValue);
        yield return new("uint_above_int_max", x => x.Unsigned > 2_000_000_000u, x => x.Unsigned > 2_000_000_000u);
        yield return new("byte_greater", x => x.Small > 200, x => x.Small > 200);
        yield return new("char_range", x => x.Letter >= 'a' && x.Letter <= 'm', x => x.Letter >= 'a' && x.Letter <= 'm');
        yield return new("char_equal", x => x.Letter == 'Q', x => x.Letter == 'Q');
        yield return new("bool_member", x => x.Active, x => x.Active);
        yield return new("not_bool_member", x => !x.Active, x => !x.Active);
        yield return new("bool_equal_false", x => x.Active == false, x => x.Active == false);
        yield return new("nullable_bool_true", x => x.Flag == true, x => x.Flag == true);
        yield return new("nullable_bool_not_true", x => x.Flag != true, x => x.Flag != true);
        yield return new("not_nullable_bool_false", x => !(x.Flag == false), x => !(x.Flag == false));
        yield return new("guid_not_equal", x => x.Key != Absent, x => x.Key != Absent);
        yield return new("guid_greater", x => x.Key > Absent, x => x.Key > Absent);
        yield return new("nullable_guid_null", x => x.MaybeKey == null, x => x.MaybeKey == null);
        yield return new("datetime_greater", x => x.When > new DateTime(2010, 6, 15, 12, 0, 0), x => x.When > new DateTime(2010, 6, 15, 12, 0, 0));
        yield return new("datetime_kind_ignored", x => x.When < new DateTime(2015, 1, 1, 0, 0, 0, DateTimeKind.Utc), x => x.When < new DateTime(2015, 1, 1, 0, 0, 0, DateTimeKind.Utc));
        yield return new("nullable_datetime_less", x => x.MaybeWhen < new DateTime(2020, 1, 1), x => x.MaybeWhen < new DateTime(2020, 1, 1));
        yield return new("not_nullable_datetime_less", x => !(x.MaybeWhen < new DateTime(2020, 1, 1)), x => !(x.MaybeWhen < new DateTime(2020, 1, 1)));
        yield return new("datetimeoffset_instant", x => x.At >= new DateTimeOffset(2021, 1, 1, 5, 0, 0, TimeSpan.FromHours(5)), x => x.At >= new DateTimeOffset(2021, 1, 1, 5, 0, 0, TimeSpan.FromHours(5)));
        yield return new("timespan_greater", x => x.Span > TimeSpan.FromHours(30), x => x.Span > TimeSpan.FromHours(30));
        yield return new("timespan_negative", x => x.Span < TimeSpan.Zero, x => x.Span < TimeSpan.Zero);
        yield return new("dateonly_less", x => x.Day < new DateOnly(2000, 1, 1), x => x.Day < new DateOnly(2000, 1, 1));
        yield return new("timeonly_greater", x => x.Time > new TimeOnly(12, 0), x => x.Time > new TimeOnly(12, 0));
        yield return new("enum_equal", x => x.Shade == Shade.Blue, x => x.Shade == Shade.Blue);
        yield return new("enum_less", x => x.Shade < Shade.Red, x => x.Shade < Shade.Red);
        yield return new("blob_is_null", x => x.Blob == null, x => x.Blob == null);
    }

    [TestCaseSource(nameof(Predicates))]
    public void Where_matches_linq_to_objects(PredicateCase test)
    {
        var expected = _rows.Where(test.Linq).Select(x => x.Id).ToList();
        var actual = _db.Table<LinqRow>().Where(test.Sql).ToList().Select(x => x.Id).OrderBy(id => id).ToList();
        Assert.That(actual, Is.EqualTo(expected), _db.Table<LinqRow>().Where(test.Sql).ToSqlString());
        Assert.That(_db.Table<LinqRow>().Count(test.Sql), Is.EqualTo(expected.Count));
        Assert.That(_db.Table<LinqRow>().Any(test.Sql), Is.EqualTo(expected.Count > 0));
    }

    public sealed record OrderCase(string Name, Func<NpgsqlTableQuery<LinqRow>, NpgsqlTableQuery<LinqRow>> Sql, Func<IEnumerable<LinqRow>, IEnumerable<LinqRow>> Linq)
    {
        public override string ToString() => Name;
    }

    private static OrderCase Key<TKey>(string name, Expression<Func<LinqRow, TKey>> sql, Func<LinqRow, TKey> linq, IComparer<TKey>? comparer = null) =>
        new(name, q => q.OrderBy(sql).ThenBy(x => x.Id), rows => rows.OrderBy(linq, comparer));

    private static OrderCase KeyDescending<TKey>(string name, Expression<Func<LinqRow, TKey>> sql, Func<LinqRow, TKey> linq, IComparer<TKey>? comparer = null) =>
        new(name, q => q.OrderByDescending(sql).ThenBy(x => x.Id), rows => rows.OrderByDescending(linq, comparer));

    private static IEnumerable<OrderCase> Orderings()
    {
        yield return Key("int", x => x.Age, x => x.Age);
        yield return KeyDescending("int_descending", x => x.Age, x => x.Age);
        yield return Key("nullable_int_null_first", x => x.Height, x => x.Height);
        yield return KeyDescending("nullable_int_descending_null_last", x => x.Height, x => x.Height);
        yield return Key("string_ordinal", x => x.Name, x => x.Name, StringComparer.Ordinal);
        yield return KeyDescending("string_ordinal_descending", x => x.Name, x => x.Name, StringComparer.Ordinal);
        yield return Key("icu_collated_string_ordinal", x => x.Word, x => x.Word, StringComparer.Ordinal);
        yield return Key("double_nan_first", x => x.Score, x => x.Score);
        yield return KeyDescending("double_descending_nan_last", x => x.Score, x => x.Score);
        yield return Key("nullable_double", x => x.MaybeScore, x => x.MaybeScore);
        yield return KeyDescending("nullable_double_descending", x => x.MaybeScore, x => x.MaybeScore);
        yield return Key("float", x => x.Ratio, x => x.Ratio);
        yield return Key("decimal", x => x.Price, x => x.Price);
        yield return Key("long", x => x.Big, x => x.Big);
        yield return Key("ulong", x => x.Huge, x => x.Huge);
        yield return Key("uint", x => x.Unsigned, x => x.Unsigned);
        yield return Key("byte", x => x.Small, x => x.Small);
        yield return Key("char", x => x.Letter, x => x.Letter);
        yield return Key("bool", x => x.Active, x => x.Active);
        yield return Key("nullable_bool", x => x.Flag, x => x.Flag);
        yield return Key("guid", x => x.Key, x => x.Key);
        yield return Key("nullable_guid", x => x.MaybeKey, x => x.MaybeKey);
        yield return Key("datetime", x => x.When, x => x.When);
        yield return Key("nullable_datetime", x => x.MaybeWhen, x => x.MaybeWhen);
        yield return Key("datetimeoffset", x => x.At, x => x.At);
        yield return Key("timespan", x => x.Span, x => x.Span);
        yield return Key("dateonly", x => x.Day, x => x.Day);
        yield return Key("timeonly", x => x.Time, x => x.Time);
        yield return Key("enum", x => x.Shade, x => x.Shade);
        yield return Key("computed_int", x => x.Age % 10, x => x.Age % 10);
        yield return KeyDescending("computed_double_with_nan", x => x.Score * -1, x => x.Score * -1);
        yield return Key("computed_string", x => x.Name + "!", x => x.Name + "!", StringComparer.Ordinal);
        yield return Key("coalesced", x => x.Height ?? 150, x => x.Height ?? 150);
        yield return Key("condition", x => x.Age > 40, x => x.Age > 40);
        yield return Key("conditional", x => x.Active ? x.Age : -x.Age, x => x.Active ? x.Age : -x.Age);
        yield return new("then_by", q => q.OrderBy(x => x.Active).ThenByDescending(x => x.Age).ThenBy(x => x.Id), rows => rows.OrderBy(x => x.Active).ThenByDescending(x => x.Age));
        yield return new("order_by_twice_keeps_earlier_as_tie_breaker", q => q.OrderBy(x => x.Age).OrderBy(x => x.Shade).ThenBy(x => x.Active), rows => rows.OrderBy(x => x.Age).OrderBy(x => x.Shade).ThenBy(x => x.Active));
        yield return new("skip_take", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Skip(5).Take(10), rows => rows.OrderBy(x => x.Age).Skip(5).Take(10));
        yield return new("take_then_skip", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Take(10).Skip(3), rows => rows.OrderBy(x => x.Age).Take(10).Skip(3));
        yield return new("skip_only", q => q.OrderBy(x => x.Id).Skip(40), rows => rows.Skip(40));
        yield return new("where_after_take", q => q.OrderBy(x => x.Age).ThenBy(x => x.Id).Take(20).Where(x => x.Active), rows => rows.OrderBy(x => x.Age).Take(20).Where(x => x.Active));
        yield return new("order_after_take", q => q.OrderBy(x => x.Id).Take(20).OrderByDescending(x => x.Age).ThenBy(x => x.Id), rows => rows.Take(20).OrderByDescending(x => x.Age));
        yield return new("negative_take", q => q.OrderBy(x => x.Id).Take(-1), rows => rows.Take(-1));
    }

    [TestCaseSource(nameof(Orderings))]
    public void OrderBy_matches_linq_to_objects(OrderCase test)
    {
        var expected = test.Linq(_rows).Select(x => x.Id).ToList();
        var query = test.Sql(_db.Table<LinqRow>());
        Assert.That(query.ToList().Select(x => x.Id).ToList(), Is.EqualTo(expected), query.ToSqlString());
        Assert.That(query.Count(), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Sql_uses_numbered_parameters_ordinal_collation_and_null_order()
    {
        var name = "Anna";
        var sql = _db.Table<LinqRow>().Where(x => x.Age > 3 && x.Name != name).OrderBy(x => x.Name).ThenByDescending(x => x.Height).Skip(2).Take(5).ToSqlString();
        Assert.That(sql, Does.Contain("WHERE ((\"Age\" > $1) AND (\"Name\" IS DISTINCT FROM $2))"));
        Assert.That(sql, Does.EndWith("ORDER BY \"Name\" COLLATE \"C\" NULLS FIRST, \"Height\" DESC NULLS LAST LIMIT 5 OFFSET 2"));
    }

    [Test]
    public void First_Single_and_their_defaults_follow_linq()
    {
        var oldest = _rows.OrderByDescending(x => x.Age).ThenBy(x => x.Id).First();
        var query = _db.Table<LinqRow>().OrderByDescending(x => x.Age).ThenBy(x => x.Id);
        Assert.That(query.First().Id, Is.EqualTo(oldest.Id));
        Assert.That(query.FirstOrDefault()!.Id, Is.EqualTo(oldest.Id));
        Assert.That(_db.Table<LinqRow>().First(x => x.Id == oldest.Id).Age, Is.EqualTo(oldest.Age));
        Assert.That(_db.Table<LinqRow>().Single(x => x.Id == oldest.Id).Id, Is.EqualTo(oldest.Id));
        Assert.That(_db.Table<LinqRow>().SingleOrDefault(x => x.Id == -1), Is.Null);
        Assert.That(_db.Table<LinqRow>().FirstOrDefault(x => x.Id == -1), Is.Null);
        Assert.That(() => _db.Table<LinqRow>().First(x => x.Id == -1), Throws.InvalidOperationException.With.Message.Contains("pg_linq"));
        Assert.That(() => _db.Table<LinqRow>().Single(x => x.Id == -1), Throws.InvalidOperationException.With.Message.Contains("no row"));
        Assert.That(() => _db.Table<LinqRow>().Single(), Throws.InvalidOperationException.With.Message.Contains("more than one row"));
        Assert.That(() => _db.Table<LinqRow>().SingleOrDefault(x => x.Age >= 0), Throws.InvalidOperationException.With.Message.Contains("more than one row"));
    }

    [Test]
    public void Captured_variables_are_read_again_at_each_run()
    {
        var age = 30;
        var query = _db.Table<LinqRow>().Where(x => x.Age > age);
        Assert.That(query.Count(), Is.EqualTo(_rows.Count(x => x.Age > 30)));
        age = 60;
        Assert.That(query.Count(), Is.EqualTo(_rows.Count(x => x.Age > 60)));
    }

    [Test]
    public void Select_reads_only_the_columns_it_uses()
    {
        var query = _db.Table<LinqRow>().Where(x => x.Age > 20).OrderBy(x => x.Id);
        Assert.That(query.Select(x => x.Name).ToList(), Is.EqualTo(_rows.Where(x => x.Age > 20).Select(x => x.Name).ToList()));
        Assert.That(query.Select(x => x.Huge).ToList(), Is.EqualTo(_rows.Where(x => x.Age > 20).Select(x => x.Huge).ToList()));
        var pairs = query.Select(x => new { x.Id, x.When, Twice = x.Age * 2 }).ToList();
        Assert.That(pairs, Is.EqualTo(_rows.Where(x => x.Age > 20).Select(x => new { x.Id, x.When, Twice = x.Age * 2 }).ToList()));
        Assert.That(query.Select(x => x.Age).ToSqlString(), Does.StartWith("SELECT \"Age\" FROM \"pg_linq\""));
        Assert.That(query.Select(x => x.Day).First(), Is.EqualTo(_rows.First(x => x.Age > 20).Day));
        Assert.That(_db.Table<LinqRow>().Where(x => x.Id == -1).Select(x => x.Name).FirstOrDefault(), Is.Null);
        Assert.That(() => _db.Table<LinqRow>().Select(x => x.Id).Single(), Throws.InvalidOperationException);
    }

    [Test]
    public async Task Async_operators_match_the_sync_ones()
    {
        var query = _db.Table<LinqRow>().Where(x => x.Score > 0).OrderBy(x => x.Name).ThenBy(x => x.Id);
        var expected = _rows.Where(x => x.Score > 0).OrderBy(x => x.Name, StringComparer.Ordinal).Select(x => x.Id).ToList();
        Assert.That((await query.ToListAsync()).Select(x => x.Id), Is.EqualTo(expected));
        Assert.That(await query.CountAsync(), Is.EqualTo(expected.Count));
        Assert.That(await query.AnyAsync(), Is.EqualTo(expected.Count > 0));
        Assert.That((await query.FirstAsync()).Id, Is.EqualTo(expected[0]));
        Assert.That((await query.FirstOrDefaultAsync())!.Id, Is.EqualTo(expected[0]));
        Assert.That((await _db.Table<LinqRow>().Where(x => x.Id == expected[0]).SingleAsync()).Id, Is.EqualTo(expected[0]));
        Assert.That(await _db.Table<LinqRow>().Where(x => x.Id == -1).SingleOrDefaultAsync(), Is.Null);
        Assert.That(await query.Select(x => x.Id).ToListAsync(), Is.EqualTo(expected));
        Assert.That(await query.Select(x => x.Id).FirstAsync(), Is.EqualTo(expected[0]));
        Assert.That(await _db.Table<LinqRow>().Where(x => x.Id == -1).Select(x => x.Name).FirstOrDefaultAsync(), Is.Null);
    }

    [Test]
    public void A_cancelled_token_cancels_the_query_and_the_connection_stays_usable()
    {
        using var cancelled = new CancellationTokenSource();
        cancelled.Cancel();
        var query = _db.Table<LinqRow>().Where(x => x.Age > 3);
        Assert.That(async () => await query.ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await query.CountAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(async () => await query.Select(x => x.Id).ToListAsync(cancelled.Token), Throws.InstanceOf<OperationCanceledException>());
        Assert.That(query.Count(), Is.EqualTo(_rows.Count(x => x.Age > 3)));
    }

    [Test]
    public void A_query_cancelled_while_running_throws_and_the_connection_stays_usable()
    {
        // A view whose every read sleeps: the statement is still running on the server when the token fires.
        _db.Execute("CREATE OR REPLACE VIEW pg_linq_slow AS SELECT g AS \"Id\" FROM generate_series(1, 3) AS g, pg_sleep(10)");
        try
        {
            using var soon = new CancellationTokenSource(TimeSpan.FromMilliseconds(300));
            var started = DateTime.UtcNow;
            Assert.That(async () => await _db.Table<SlowRow>().Where(x => x.Id > 0).ToListAsync(soon.Token), Throws.InstanceOf<OperationCanceledException>());
            Assert.That(DateTime.UtcNow - started, Is.LessThan(TimeSpan.FromSeconds(8)));
            Assert.That(_db.Table<LinqRow>().Count(), Is.EqualTo(_rows.Count));
        }
        finally
        {
            _db.Execute("DROP VIEW IF EXISTS pg_linq_slow");
        }
    }

    [Test]
    public void Arithmetic_that_overflows_in_PostgreSQL_is_a_MicroDbException_and_the_connection_stays_usable()
    {
        // C# wraps unchecked long arithmetic; PostgreSQL refuses it (SQLSTATE 22003). The difference is documented.
        var error = Assert.Throws<MicroDbException>(() => _db.Table<LinqRow>().Where(x => x.Big * 4 > 0).ToList())!;
        Assert.That(error.Message, Does.Contain("out of range"));
        Assert.That(error.InnerException, Is.InstanceOf<global::Npgsql.PostgresException>());
        Assert.That(_db.Table<LinqRow>().Count(), Is.EqualTo(_rows.Count));
    }

    [Test]
    public void An_untranslatable_expression_throws_NotSupportedException_naming_it()
    {
        var table = _db.Table<LinqRow>();
        Assert.That(() => table.Where(x => x.Name!.Equals("ANNA", StringComparison.InvariantCultureIgnoreCase)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Equals"));
        Assert.That(() => table.Where(x => x.Unsigned + 1 > 3), Throws.TypeOf<NotSupportedException>().With.Message.Contains("(x.Unsigned + 1)").And.Message.Contains("UInt32"));
        Assert.That(() => table.Where(x => x.Price / 3 > 1), Throws.TypeOf<NotSupportedException>().With.Message.Contains("decimal division"));
        Assert.That(() => table.Where(x => x.Score % 2 > 1), Throws.TypeOf<NotSupportedException>().With.Message.Contains("%"));
        var day = new DateTime(2000, 1, 1);
        Assert.That(() => table.Where(x => x.At.Date == day), Throws.TypeOf<NotSupportedException>().With.Message.Contains("x.At.Date").And.Message.Contains("DateTimeOffset.Date"));
        Assert.That(() => table.Where(x => x.Name + x.Age == "a1"), Throws.TypeOf<NotSupportedException>().With.Message.Contains("string + string"));
        Assert.That(() => table.Where(x => (int)x.Score > 3), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Score"));
        Assert.That(() => table.Where(x => x.Name!.Contains("a", StringComparison.CurrentCultureIgnoreCase)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("ordinal"));
        Assert.That(() => table.Where(x => string.Compare(x.Name, "a") > 0), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Compare"));
        Assert.That(() => table.Where(x => x.Blob == new byte[] { 1 }), Throws.TypeOf<NotSupportedException>().With.Message.Contains("by reference"));
        Assert.That(() => table.OrderBy(x => x.Blob), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Blob"));
        Assert.That(() => table.OrderBy(x => x.At.TimeOfDay), Throws.TypeOf<NotSupportedException>().With.Message.Contains("TimeOfDay"));
        var empty = Array.Empty<byte>();
        Assert.That(() => table.OrderBy(x => x.Blob ?? empty), Throws.TypeOf<NotSupportedException>().With.Message.Contains("no order"));
        Assert.That(() => table.Where(x => x.Name!.Contains(null!)), Throws.TypeOf<ArgumentNullException>());
        Assert.That(() => table.ThenBy(x => x.Age), Throws.InvalidOperationException.With.Message.Contains("OrderBy"));
    }
}
