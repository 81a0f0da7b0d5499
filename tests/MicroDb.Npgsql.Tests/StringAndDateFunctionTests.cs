using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// String functions (case mapping, ordinal ignore-case matching, trimming, Substring, IndexOf, Length) and date parts
/// (Year ... Second, Millisecond, DayOfWeek, DayOfYear, Date of timestamp, timestamptz, date and time columns) on
/// PostgreSQL against LINQ-to-Objects over the same rows, read back with ad-hoc SQL, on both mapping paths; and what
/// PostgreSQL's dialect still refuses.
/// </summary>
[TestFixture(MappingMode.Generated)]
[TestFixture(MappingMode.Reflection)]
public sealed class StringAndDateFunctionTests(MappingMode mapping)
{
    private static readonly string?[] Names =
    [
        "Anna", "  Anna ", "ANNA", "anna", "\tÖlaf\n", "ölaf", "ÖLAF", "Ärger  ", "ÉMILE", "émile", "Zürich", "日本", "", " ", null,
        "An_na", "50%", "a b", "**star**", "x", "Ωmega", "ωMEGA", "back\\slash", "\u00A0nbsp\u3000", "Straße",
    ];

    private static readonly DateTime[] Moments =
    [
        new(2023, 12, 31, 23, 59, 59, 999), new(2024, 1, 1), new(2024, 1, 1, 0, 0, 1), new(2024, 2, 29, 12, 30, 45, 500),
        new(2024, 3, 1), new(1999, 12, 31, 23, 59, 59), new(2000, 1, 1, 0, 0, 0), new(2000, 2, 29, 6, 7, 8),
        new(1, 1, 1), new(9999, 12, 31, 23, 59, 59), new(2021, 6, 30, 18, 0, 0), new(2021, 7, 1, 0, 0, 0, 1),
        new(2024, 12, 31, 0, 0, 0), DateTime.MaxValue, new DateTime(2022, 5, 5, 5, 5, 5, 123).AddTicks(4_560),
        new(2023, 3, 1, 0, 0, 0, 0),
    ];

    /// <summary>Offsets on both sides of UTC, so a value's UTC clock falls on another hour, day, month or year.</summary>
    private static readonly TimeSpan[] Offsets =
    [
        TimeSpan.Zero, TimeSpan.FromHours(-5), TimeSpan.FromHours(14), TimeSpan.FromHours(-12), new TimeSpan(5, 45, 0), TimeSpan.FromMinutes(-150),
    ];

    /// <summary>The moment at the <paramref name="i"/>th offset, or at offset 0 where its UTC time would be out of range.</summary>
    private static DateTimeOffset AtOffset(DateTime when, int i)
    {
        var offset = Offsets[i % Offsets.Length];
        var utc = when.Ticks - offset.Ticks;
        return utc < 0 || utc > DateTime.MaxValue.Ticks ? new DateTimeOffset(when, TimeSpan.Zero) : new DateTimeOffset(DateTime.SpecifyKind(when, DateTimeKind.Unspecified), offset);
    }

    private MicroDbNpgsqlConnection _db = null!;
    private List<PgTextRow> _rows = null!;

    [OneTimeSetUp]
    public void EnableReflection() => ReflectionMaps.Enable();

    [SetUp]
    public void Open()
    {
        _db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, mapping);
        _db.Execute("DROP TABLE IF EXISTS pg_text_fn");
        _db.CreateTable<PgTextRow>();
        var rows = new List<PgTextRow>();
        for (var i = 0; i < Math.Max(Names.Length, Moments.Length) * 2; i++)
        {
            var when = Moments[i % Moments.Length];
            rows.Add(new PgTextRow
            {
                Name = Names[i % Names.Length],
                When = when,
                MaybeWhen = i % 3 == 0 ? null : Moments[(i * 7) % Moments.Length],
                Day = DateOnly.FromDateTime(Moments[(i * 5) % Moments.Length]),
                Time = TimeOnly.FromDateTime(Moments[(i * 3) % Moments.Length]),
                At = AtOffset(when, i),
            });
        }

        _db.InsertAll(rows);
        _rows = _db.Query<PgTextRow>("SELECT * FROM pg_text_fn ORDER BY \"Id\"");
    }

    [TearDown]
    public void Close() => _db.Dispose();

    public sealed record PredicateCase(string Name, Expression<Func<PgTextRow, bool>> Sql, Func<PgTextRow, bool> Linq)
    {
        public override string ToString() => Name;
    }

    private static IEnumerable<PredicateCase> Predicates()
    {
        var boundary = new DateTime(2024, 1, 1);
        var probe = "öl";

        // Case mapping: ICU's root collation maps non-ASCII letters as .NET's invariant mapping does.
        yield return new("to_lower", x => x.Name!.ToLower() == "anna", x => x.Name != null && x.Name.ToLower() == "anna");
        yield return new("to_lower_invariant_non_ascii", x => x.Name!.ToLowerInvariant() == "ölaf", x => x.Name != null && x.Name.ToLowerInvariant() == "ölaf");
        yield return new("to_upper_non_ascii", x => x.Name!.ToUpper() == "ÉMILE", x => x.Name != null && x.Name.ToUpper() == "ÉMILE");
        yield return new("to_upper_invariant_greek", x => x.Name!.ToUpperInvariant() == "ΩMEGA", x => x.Name != null && x.Name.ToUpperInvariant() == "ΩMEGA");
        yield return new("to_lower_of_null_is_not_equal", x => x.Name!.ToLower() != "anna", x => x.Name?.ToLower() != "anna");

        // Ordinal ignore-case matching (StringComparison.OrdinalIgnoreCase), with closed and open patterns.
        yield return new("starts_with_ignore_case", x => x.Name!.StartsWith("an", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.StartsWith("an", StringComparison.OrdinalIgnoreCase));
        yield return new("contains_ignore_case_non_ascii", x => x.Name!.Contains("ÖL", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains("ÖL", StringComparison.OrdinalIgnoreCase));
        yield return new("contains_ignore_case_captured", x => x.Name!.Contains(probe, StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains(probe, StringComparison.OrdinalIgnoreCase));
        yield return new("contains_ignore_case_wildcards_literal", x => x.Name!.Contains("N_N", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Contains("N_N", StringComparison.OrdinalIgnoreCase));
        yield return new("ends_with_ignore_case", x => x.Name!.EndsWith("EGA", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.EndsWith("EGA", StringComparison.OrdinalIgnoreCase));
        yield return new("ends_with_ignore_case_empty", x => x.Name!.EndsWith("", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.EndsWith("", StringComparison.OrdinalIgnoreCase));
        yield return new("not_contains_ignore_case", x => !x.Name!.Contains("a", StringComparison.OrdinalIgnoreCase), x => !(x.Name?.Contains("a", StringComparison.OrdinalIgnoreCase) ?? false));
        yield return new("equals_ignore_case", x => x.Name!.Equals("ÖLaF", StringComparison.OrdinalIgnoreCase), x => x.Name != null && x.Name.Equals("ÖLaF", StringComparison.OrdinalIgnoreCase));
        yield return new("static_equals_ignore_case", x => string.Equals(x.Name, "ωmega", StringComparison.OrdinalIgnoreCase), x => string.Equals(x.Name, "ωmega", StringComparison.OrdinalIgnoreCase));
        yield return new("static_equals_ignore_case_null", x => string.Equals(x.Name, null, StringComparison.OrdinalIgnoreCase), x => string.Equals(x.Name, null, StringComparison.OrdinalIgnoreCase));

        // Trimming: .NET's whitespace (tab, newline, no-break and ideographic spaces) or the given characters.
        yield return new("trim", x => x.Name!.Trim() == "Anna", x => x.Name != null && x.Name.Trim() == "Anna");
        yield return new("trim_non_ascii_whitespace", x => x.Name!.Trim() == "nbsp", x => x.Name != null && x.Name.Trim() == "nbsp");
        yield return new("trim_start", x => x.Name!.TrimStart() == "Anna ", x => x.Name != null && x.Name.TrimStart() == "Anna ");
        yield return new("trim_end", x => x.Name!.TrimEnd() == "Ärger", x => x.Name != null && x.Name.TrimEnd() == "Ärger");
        yield return new("trim_tab_newline", x => x.Name!.Trim() == "Ölaf", x => x.Name != null && x.Name.Trim() == "Ölaf");
        yield return new("trim_char", x => x.Name!.Trim('*') == "star", x => x.Name != null && x.Name.Trim('*') == "star");
        yield return new("trim_start_chars", x => x.Name!.TrimStart('*', 's') == "tar**", x => x.Name != null && x.Name.TrimStart('*', 's') == "tar**");
        yield return new("is_null_or_white_space", x => string.IsNullOrWhiteSpace(x.Name), x => string.IsNullOrWhiteSpace(x.Name));
        yield return new("trimmed_length", x => x.Name!.Trim().Length == 4, x => x.Name != null && x.Name.Trim().Length == 4);

        // Substring (0-based, as .NET), IndexOf (-1 when absent) and Length.
        yield return new("substring_start_length", x => x.Name!.Length >= 3 && x.Name.Substring(1, 2) == "nn", x => x.Name != null && x.Name.Length >= 3 && x.Name.Substring(1, 2) == "nn");
        yield return new("substring_start", x => x.Name!.Length >= 2 && x.Name.Substring(2) == "na", x => x.Name != null && x.Name.Length >= 2 && x.Name.Substring(2) == "na");
        yield return new("substring_non_ascii", x => x.Name!.Length >= 1 && x.Name.Substring(0, 1) == "Ö", x => x.Name != null && x.Name.Length >= 1 && x.Name.Substring(0, 1) == "Ö");
        yield return new("index_of", x => x.Name!.IndexOf("n") == 1, x => x.Name != null && x.Name.IndexOf("n", StringComparison.Ordinal) == 1);
        yield return new("index_of_char", x => x.Name!.IndexOf('a') > 2, x => x.Name != null && x.Name.IndexOf('a') > 2);
        yield return new("index_of_absent", x => x.Name!.IndexOf("ü") == -1, x => x.Name != null && x.Name.IndexOf("ü", StringComparison.Ordinal) == -1);
        yield return new("length_non_ascii", x => x.Name!.Length == 5, x => x.Name != null && x.Name.Length == 5);

        // DateTime (timestamp) parts at month and year boundaries.
        yield return new("year", x => x.When.Year == 2024, x => x.When.Year == 2024);
        yield return new("year_low", x => x.When.Year < 1000, x => x.When.Year < 1000);
        yield return new("month", x => x.When.Month == 12, x => x.When.Month == 12);
        yield return new("day", x => x.When.Day == 29, x => x.When.Day == 29);
        yield return new("day_first", x => x.When.Day == 1 && x.When.Month == 1, x => x.When.Day == 1 && x.When.Month == 1);
        yield return new("hour", x => x.When.Hour == 23, x => x.When.Hour == 23);
        yield return new("minute", x => x.When.Minute == 59, x => x.When.Minute == 59);
        yield return new("second_floored", x => x.When.Second == 59, x => x.When.Second == 59);
        yield return new("second_with_fraction", x => x.When.Second == 45, x => x.When.Second == 45);
        yield return new("day_of_week", x => x.When.DayOfWeek == DayOfWeek.Monday, x => x.When.DayOfWeek == DayOfWeek.Monday);
        yield return new("day_of_week_sunday", x => x.When.DayOfWeek == DayOfWeek.Sunday, x => x.When.DayOfWeek == DayOfWeek.Sunday);
        yield return new("date_equals", x => x.When.Date == boundary, x => x.When.Date == boundary);
        yield return new("date_before", x => x.When.Date < boundary, x => x.When.Date < boundary);
        yield return new("date_is_not_the_moment", x => x.When.Date != x.When, x => x.When.Date != x.When);
        yield return new("nullable_month", x => x.MaybeWhen!.Value.Month == 12, x => x.MaybeWhen.HasValue && x.MaybeWhen.Value.Month == 12);
        yield return new("nullable_year_guarded", x => x.MaybeWhen.HasValue && x.MaybeWhen.Value.Year > 2000, x => x.MaybeWhen.HasValue && x.MaybeWhen.Value.Year > 2000);

        // DayOfYear and Millisecond (the whole milliseconds: microseconds dropped).
        yield return new("day_of_year", x => x.When.DayOfYear == 60, x => x.When.DayOfYear == 60);
        yield return new("day_of_year_leap_end", x => x.When.DayOfYear == 366, x => x.When.DayOfYear == 366);
        yield return new("day_of_year_range", x => x.When.DayOfYear > 180, x => x.When.DayOfYear > 180);
        yield return new("millisecond", x => x.When.Millisecond == 999, x => x.When.Millisecond == 999);
        yield return new("millisecond_with_microseconds", x => x.When.Millisecond == 123, x => x.When.Millisecond == 123);
        yield return new("millisecond_nonzero", x => x.When.Millisecond > 0, x => x.When.Millisecond > 0);
        yield return new("nullable_day_of_year", x => x.MaybeWhen!.Value.DayOfYear < 32, x => x.MaybeWhen.HasValue && x.MaybeWhen.Value.DayOfYear < 32);

        // DateTimeOffset (timestamptz) parts: of the UTC clock, as the value reads back (offset 0).
        yield return new("offset_year", x => x.At.Year == 2024, x => x.At.Year == 2024);
        yield return new("offset_month", x => x.At.Month == 1, x => x.At.Month == 1);
        yield return new("offset_day", x => x.At.Day == 1, x => x.At.Day == 1);
        yield return new("offset_hour", x => x.At.Hour == 5, x => x.At.Hour == 5);
        yield return new("offset_hour_range", x => x.At.Hour >= 12, x => x.At.Hour >= 12);
        yield return new("offset_minute", x => x.At.Minute == 30, x => x.At.Minute == 30);
        yield return new("offset_second", x => x.At.Second == 59, x => x.At.Second == 59);
        yield return new("offset_millisecond", x => x.At.Millisecond >= 500, x => x.At.Millisecond >= 500);
        yield return new("offset_day_of_week", x => x.At.DayOfWeek == DayOfWeek.Sunday, x => x.At.DayOfWeek == DayOfWeek.Sunday);
        yield return new("offset_day_of_year", x => x.At.DayOfYear == 1, x => x.At.DayOfYear == 1);
        yield return new("offset_day_of_year_range", x => x.At.DayOfYear >= 365, x => x.At.DayOfYear >= 365);

        // DateOnly (date) and TimeOnly (time) parts.
        yield return new("date_only_day_of_year", x => x.Day.DayOfYear == 366, x => x.Day.DayOfYear == 366);
        yield return new("time_only_millisecond", x => x.Time.Millisecond == 999, x => x.Time.Millisecond == 999);
        yield return new("date_only_year", x => x.Day.Year == 2023, x => x.Day.Year == 2023);
        yield return new("date_only_month_day", x => x.Day.Month == 2 && x.Day.Day == 29, x => x.Day.Month == 2 && x.Day.Day == 29);
        yield return new("date_only_day_of_week", x => x.Day.DayOfWeek == DayOfWeek.Saturday, x => x.Day.DayOfWeek == DayOfWeek.Saturday);
        yield return new("time_only_hour", x => x.Time.Hour == 0, x => x.Time.Hour == 0);
        yield return new("time_only_minute", x => x.Time.Minute == 30, x => x.Time.Minute == 30);
        yield return new("time_only_second", x => x.Time.Second >= 45, x => x.Time.Second >= 45);
    }

    [TestCaseSource(nameof(Predicates))]
    public void Where_matches_linq_to_objects(PredicateCase test)
    {
        var expected = _rows.Where(test.Linq).Select(x => x.Id).ToList();
        var actual = _db.Table<PgTextRow>().Where(test.Sql).ToList().Select(x => x.Id).OrderBy(id => id).ToList();
        Assert.That(actual, Is.EqualTo(expected), _db.Table<PgTextRow>().Where(test.Sql).ToSqlString());
        Assert.That(_db.Table<PgTextRow>().Count(test.Sql), Is.EqualTo(expected.Count));
    }

    [Test]
    public void Every_case_selects_some_rows_and_not_all()
    {
        // A predicate that holds for every row or none would pass against a translation that ignores it.
        var vacuous = Predicates().Where(p => p.Name != "to_lower_of_null_is_not_equal" && p.Name != "ends_with_ignore_case_empty")
            .Where(p => _rows.Count(p.Linq) is 0 || _rows.Count(p.Linq) == _rows.Count).Select(p => p.Name).ToList();
        Assert.That(vacuous, Is.Empty);
    }

    [Test]
    public void Date_parts_and_string_functions_project_as_linq_to_objects()
    {
        var actual = _db.Table<PgTextRow>().OrderBy(x => x.Id).Select(x => x.When.Date).ToList();
        Assert.That(actual, Is.EqualTo(_rows.Select(x => x.When.Date).ToList()));
    }

    [Test]
    public void Case_mapped_and_trimmed_keys_sort_and_project_as_linq_to_objects()
    {
        var lowered = _db.Table<PgTextRow>().OrderBy(x => x.Name!.ToLowerInvariant()).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        Assert.That(lowered, Is.EqualTo(_rows.OrderBy(x => x.Name?.ToLowerInvariant(), StringComparer.Ordinal).ThenBy(x => x.Id).Select(x => x.Id).ToList()));
        var trimmed = _db.Table<PgTextRow>().Where(x => x.Name != null).OrderBy(x => x.Id).Select(x => x.Name!.Trim()).ToList();
        Assert.That(trimmed, Is.EqualTo(_rows.Where(x => x.Name != null).Select(x => x.Name!.Trim()).ToList()));
        var years = _db.Table<PgTextRow>().OrderBy(x => x.Id).Select(x => x.When.Year).ToList();
        Assert.That(years, Is.EqualTo(_rows.Select(x => x.When.Year).ToList()));
        var byUtcHour = _db.Table<PgTextRow>().OrderBy(x => x.At.Hour).ThenByDescending(x => x.At.Millisecond).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        Assert.That(byUtcHour, Is.EqualTo(_rows.OrderBy(x => x.At.Hour).ThenByDescending(x => x.At.Millisecond).ThenBy(x => x.Id).Select(x => x.Id).ToList()));
        var byDayOfYear = _db.Table<PgTextRow>().OrderBy(x => x.When.DayOfYear).ThenBy(x => x.Id).Select(x => x.Id).ToList();
        Assert.That(byDayOfYear, Is.EqualTo(_rows.OrderBy(x => x.When.DayOfYear).ThenBy(x => x.Id).Select(x => x.Id).ToList()));
    }

    [Test]
    public void Sharp_s_upper_cases_as_icu_does_not_as_dotnet()
    {
        // The one documented difference of case mapping: ICU's full mapping turns ß into SS, .NET's simple one keeps it.
        Assert.That(_rows.Count(x => x.Name?.ToUpperInvariant() == "STRASSE"), Is.Zero);
        Assert.That(_db.Table<PgTextRow>().Count(x => x.Name!.ToUpperInvariant() == "STRASSE"), Is.EqualTo(_rows.Count(x => x.Name == "Straße")).And.GreaterThan(0));
        Assert.That(_db.Table<PgTextRow>().Count(x => x.Name!.ToLowerInvariant() == "straße"), Is.EqualTo(_rows.Count(x => x.Name?.ToLowerInvariant() == "straße")));
    }

    [Test]
    public void Culture_aware_matching_throws_naming_it()
    {
        var table = _db.Table<PgTextRow>();
        Assert.That(() => table.Where(x => x.Name!.StartsWith("a", StringComparison.CurrentCultureIgnoreCase)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("StartsWith").And.Message.Contains("ordinal"));
        Assert.That(() => table.Where(x => x.Name!.Equals("a", StringComparison.InvariantCultureIgnoreCase)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Equals").And.Message.Contains("culture"));
        Assert.That(() => table.Where(x => x.Name!.EndsWith("a", true, null)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("EndsWith"));
        Assert.That(() => table.Where(x => x.Name!.Contains("a", StringComparison.CurrentCulture)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Contains"));
    }

    [Test]
    public void Date_parts_without_a_translation_throw_naming_them()
    {
        var table = _db.Table<PgTextRow>();
        var day = new DateTime(2024, 1, 1);
        Assert.That(() => table.Where(x => x.At.Date == day), Throws.TypeOf<NotSupportedException>().With.Message.Contains("DateTimeOffset.Date"));
        Assert.That(() => table.Where(x => x.At.TimeOfDay == TimeSpan.Zero), Throws.TypeOf<NotSupportedException>().With.Message.Contains("DateTimeOffset.TimeOfDay"));
        Assert.That(() => table.Where(x => x.When.TimeOfDay == TimeSpan.Zero), Throws.TypeOf<NotSupportedException>().With.Message.Contains("DateTime.TimeOfDay"));
        Assert.That(() => table.Where(x => x.At.Offset == TimeSpan.Zero), Throws.TypeOf<NotSupportedException>().With.Message.Contains("DateTimeOffset.Offset"));
    }

    [Test]
    public void DateTimeOffset_parts_are_the_utc_clock_as_the_value_reads_back()
    {
        // timestamptz keeps the instant, not the offset: 2024-02-29 23:30 at -05:00 reads back as 2024-03-01 04:30 at
        // offset 0, and its parts are those (SQLite's MicroDb format keeps the offset, and gives 23 for Hour).
        var written = new DateTimeOffset(2024, 2, 29, 23, 30, 15, 250, TimeSpan.FromHours(-5));
        var id = _db.Insert(new PgTextRow { Name = "offset", When = new DateTime(2024, 2, 29), At = written });
        var back = _db.Query<PgTextRow>("SELECT * FROM pg_text_fn WHERE \"Name\" = 'offset'").Single();
        Assert.That(back.At, Is.EqualTo(written));
        Assert.That(back.At.Offset, Is.EqualTo(TimeSpan.Zero));
        var table = _db.Table<PgTextRow>().Where(x => x.Name == "offset");
        Assert.That(table.Count(x => x.At.Year == 2024 && x.At.Month == 3 && x.At.Day == 1 && x.At.Hour == 4 && x.At.Minute == 30 && x.At.Second == 15 && x.At.Millisecond == 250), Is.EqualTo(1), id.ToString());
        Assert.That(table.Count(x => x.At.DayOfYear == 61 && x.At.DayOfWeek == DayOfWeek.Friday), Is.EqualTo(1));
        Assert.That(table.Count(x => x.At.Hour == 23 || x.At.Day == 29), Is.Zero);

        // Whatever the session's time zone: the parts are UTC's, not the session's.
        _db.Execute("SET TIME ZONE 'Asia/Kathmandu'");
        Assert.That(table.Count(x => x.At.Hour == 4 && x.At.Minute == 30), Is.EqualTo(1));
    }

    [Test]
    public void Refusals_leave_the_rows_as_they_were()
    {
        var table = _db.Table<PgTextRow>();
        var day = new DateTime(2024, 1, 1);
        Assert.That(() => table.Where(x => x.At.Date == day).ExecuteDelete(), Throws.TypeOf<NotSupportedException>());
        Assert.That(_db.Query<PgTextRow>("SELECT * FROM pg_text_fn ORDER BY \"Id\"").Select(x => x.Id), Is.EqualTo(_rows.Select(x => x.Id)));
    }
}
