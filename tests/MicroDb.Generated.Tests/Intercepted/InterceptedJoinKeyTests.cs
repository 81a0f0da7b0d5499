using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// Join keys of DateTime, DateTimeOffset, decimal, double and enum members (by number and by name, nullable or not) are
/// intercepted (issue 22) with the run time's ON condition for the connection's storage format (the site picks the text):
/// rows equal to the run-time path's (the interception check compares every run) and to LINQ-to-Objects' join over the
/// stored rows, with null keys, duplicate keys, keys without a match and equal values stored differently (DateTime kinds,
/// decimal scales, NaN read as 0). A key the run time refuses under a format takes the run-time path and its error.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("reflection", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "sqlite-net")]
[TestFixture("generated", "sqlite-net-text")]
[TestFixture("reflection", "sqlite-net-text")]
public class InterceptedJoinKeyTests : InterceptedTestBase
{
    private static readonly DateTime Day = new(2024, 2, 28, 23, 30, 15, DateTimeKind.Utc);
    private List<TypedKeyLeft> _left = null!;
    private List<TypedKeyRight> _right = null!;

    public InterceptedJoinKeyTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override StorageFormat Storage => _format switch
    {
        "microdb" => StorageFormat.MicroDb,
        "sqlite-net" => StorageFormat.SqliteNet(),
        _ => StorageFormat.SqliteNet(storeDateTimeAsTicks: false),
    };

    protected override void Seed()
    {
        _db.CreateTable<TypedKeyLeft>();
        _db.CreateTable<TypedKeyRight>();
        var unspecified = DateTime.SpecifyKind(Day, DateTimeKind.Unspecified);
        var offset = new DateTimeOffset(2024, 2, 28, 10, 0, 0, TimeSpan.FromHours(2));
        _db.InsertAll(new[]
        {
            new TypedKeyLeft { At = Day, MaybeAt = Day, AtText = Day, Moment = offset, Amount = 1.0m, MaybeAmount = 1.0m, Ratio = 0.5, MaybeRatio = 0.5, Level = KeyLevel.Low, MaybeLevel = KeyLevel.Low, LevelName = KeyLevel.Low },
            new TypedKeyLeft { At = Day, MaybeAt = null, AtText = Day.AddDays(1), Moment = offset.AddHours(1), Amount = -2.5m, MaybeAmount = null, Ratio = double.NaN, MaybeRatio = null, Level = KeyLevel.Mid, MaybeLevel = null, LevelName = KeyLevel.Mid },
            new TypedKeyLeft { At = Day.AddDays(1), MaybeAt = Day.AddDays(1), AtText = Day, Moment = offset, Amount = 7m, MaybeAmount = 7m, Ratio = 1e-3, MaybeRatio = 2, Level = KeyLevel.High, MaybeLevel = KeyLevel.High, LevelName = KeyLevel.High },
            new TypedKeyLeft { At = Day.AddDays(5), MaybeAt = null, AtText = Day.AddDays(5), Moment = offset.AddDays(5), Amount = 123.456m, MaybeAmount = 0m, Ratio = 99, MaybeRatio = 99, Level = KeyLevel.Low, MaybeLevel = null, LevelName = KeyLevel.Low },
        });
        _db.InsertAll(new[]
        {
            // The same instants in other kinds and offsets, the same decimals at other scales, 0 where the left has NaN.
            new TypedKeyRight { At = unspecified, MaybeAt = unspecified, AtText = unspecified, Moment = offset.ToOffset(TimeSpan.Zero), Amount = 1.00m, MaybeAmount = 1.000m, Ratio = 0.5, MaybeRatio = 0.5, Level = KeyLevel.Low, MaybeLevel = KeyLevel.Low, LevelName = KeyLevel.Low },
            new TypedKeyRight { At = Day.AddDays(1).ToLocalTime(), MaybeAt = null, AtText = Day.AddDays(1), Moment = offset.AddHours(1), Amount = -2.50m, MaybeAmount = null, Ratio = 0, MaybeRatio = null, Level = KeyLevel.Mid, MaybeLevel = null, LevelName = KeyLevel.Mid },
            new TypedKeyRight { At = Day, MaybeAt = Day, AtText = Day, Moment = offset, Amount = 7.000m, MaybeAmount = 7m, Ratio = 1e-3, MaybeRatio = 1e-3, Level = KeyLevel.Low, MaybeLevel = KeyLevel.Low, LevelName = KeyLevel.High },
            new TypedKeyRight { At = Day.AddDays(9), MaybeAt = Day.AddDays(9), AtText = Day.AddDays(9), Moment = offset.AddDays(9), Amount = 8m, MaybeAmount = 8m, Ratio = 98, MaybeRatio = 98, Level = KeyLevel.Mid, MaybeLevel = KeyLevel.Mid, LevelName = KeyLevel.Mid },
        });
        _left = _db.Table<TypedKeyLeft>().ToList();
        _right = _db.Table<TypedKeyRight>().ToList();
    }

    private void AssertIntercepted(int runs, long checkedBefore)
    {
        Assert.That(Intercepted, Is.EqualTo(runs), Seen);
        Assert.That(InterceptionCheck.Runs - checkedBefore, Is.EqualTo(runs), "The check compared each intercepted run with the run-time path.");
    }

    [Test]
    public void DateTime_keys_match_whatever_the_kind_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var ticks = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.At, b => b.At, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var maybe = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.MaybeAt, b => b.MaybeAt, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var text = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.AtText, b => b.AtText, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var left = _db.Table<TypedKeyLeft>().LeftJoin(_db.Table<TypedKeyRight>(), a => a.MaybeAt, b => b.MaybeAt, (a, b) => new { L = a.Id, R = b == null ? 0 : b.Id }).ToList();

        AssertIntercepted(4, before);
        Assert.That(ticks, Is.EquivalentTo(_left.Join(_right, a => a.At, b => b.At, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(ticks, Has.Count.EqualTo(5), "duplicate keys pair up; the Unspecified and Local rows match the Utc ones");
        Assert.That(maybe, Is.EquivalentTo(_left.Join(_right, a => a.MaybeAt, b => b.MaybeAt, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(maybe.Select(x => x.L), Does.Not.Contain(2).And.Not.Contain(4), "a null key matches nothing, not even a null key");
        Assert.That(text, Is.EquivalentTo(_left.Join(_right, a => a.AtText, b => b.AtText, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(text, Has.Count.EqualTo(5));
        Assert.That(left, Is.EquivalentTo(_left.LeftJoin(_right, a => a.MaybeAt, b => b.MaybeAt, (a, b) => new { L = a.Id, R = b == null ? 0 : b.Id })));
        Assert.That(left, Has.Count.EqualTo(5), "the rows without a key or a match kept once");
    }

    [Test]
    public void Decimal_keys_match_equal_values_at_any_scale()
    {
        var before = InterceptionCheck.Runs;

        var amounts = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.Amount, b => b.Amount, (a, b) => new { L = a.Id, R = b.Id, a.Amount }).ToList();
        var maybe = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.MaybeAmount, b => b.MaybeAmount, (a, b) => new { L = a.Id, R = b.Id }).Count();
        var missing = _db.Table<TypedKeyLeft>().LeftJoin(_db.Table<TypedKeyRight>(), a => a.MaybeAmount, b => b.MaybeAmount, (a, b) => new { L = a.Id, R = b == null ? 0 : b.Id }).ToList();

        AssertIntercepted(3, before);
        Assert.That(amounts, Is.EquivalentTo(_left.Join(_right, a => a.Amount, b => b.Amount, (a, b) => new { L = a.Id, R = b.Id, a.Amount })));
        Assert.That(amounts.Select(x => x.L), Is.EquivalentTo(new[] { 1, 2, 3 }), "1.0 = 1.00, -2.5 = -2.50, 7 = 7.000; 123.456 has no match");
        Assert.That(maybe, Is.EqualTo(_left.Join(_right, a => a.MaybeAmount, b => b.MaybeAmount, (a, b) => a.Id).Count()).And.EqualTo(2));
        Assert.That(missing, Is.EquivalentTo(_left.LeftJoin(_right, a => a.MaybeAmount, b => b.MaybeAmount, (a, b) => new { L = a.Id, R = b == null ? 0 : b.Id })));
    }

    [Test]
    public void Double_keys_match_as_linq_does_with_nan_read_back_as_zero()
    {
        var before = InterceptionCheck.Runs;

        var ratios = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.Ratio, b => b.Ratio, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var maybe = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.MaybeRatio, b => b.MaybeRatio, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var mixed = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.MaybeRatio, b => (double?)b.Ratio, (a, b) => new { L = a.Id, R = b.Id }).ToList();

        AssertIntercepted(3, before);
        Assert.That(ratios, Is.EquivalentTo(_left.Join(_right, a => a.Ratio, b => b.Ratio, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(ratios.Select(x => x.L), Is.EquivalentTo(new[] { 1, 2, 3 }), "the NaN written reads back as 0 and matches the 0");
        Assert.That(maybe, Is.EquivalentTo(_left.Join(_right, a => a.MaybeRatio, b => b.MaybeRatio, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(mixed, Is.EquivalentTo(_left.Join(_right, a => a.MaybeRatio, b => (double?)b.Ratio, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(mixed, Has.Count.EqualTo(1));
    }

    [Test]
    public void Enum_keys_match_by_number_and_by_name()
    {
        var before = InterceptionCheck.Runs;

        var number = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.Level, b => b.Level, (a, b) => new { L = a.Id, R = b.Id, b.Level }).ToList();
        var maybe = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.MaybeLevel, b => b.MaybeLevel, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var name = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.LevelName, b => b.LevelName, (a, b) => new { L = a.Id, R = b.Id, a.LevelName }).ToList();

        AssertIntercepted(3, before);
        Assert.That(number, Is.EquivalentTo(_left.Join(_right, a => a.Level, b => b.Level, (a, b) => new { L = a.Id, R = b.Id, b.Level })));
        Assert.That(number, Has.Count.EqualTo(6));
        Assert.That(maybe, Is.EquivalentTo(_left.Join(_right, a => a.MaybeLevel, b => b.MaybeLevel, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(name, Is.EquivalentTo(_left.Join(_right, a => a.LevelName, b => b.LevelName, (a, b) => new { L = a.Id, R = b.Id, a.LevelName })));
        Assert.That(name, Has.Count.EqualTo(5));
    }

    [Test]
    public void A_composite_key_of_typed_parts_matches_as_linq_does()
    {
        var before = InterceptionCheck.Runs;

        var joined = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => new { a.At, a.Amount, a.MaybeLevel }, b => new { b.At, b.Amount, b.MaybeLevel }, (a, b) => new { L = a.Id, R = b.Id }).ToList();
        var any = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => new { a.MaybeAt, a.MaybeRatio }, b => new { b.MaybeAt, b.MaybeRatio }, (a, b) => a.Id).Any();

        AssertIntercepted(2, before);
        Assert.That(joined, Is.EquivalentTo(_left.Join(_right, a => new { a.At, a.Amount, a.MaybeLevel }, b => new { b.At, b.Amount, b.MaybeLevel }, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(joined, Has.Count.EqualTo(1));
        Assert.That(any, Is.EqualTo(_left.Join(_right, a => new { a.MaybeAt, a.MaybeRatio }, b => new { b.MaybeAt, b.MaybeRatio }, (a, b) => a.Id).Any()).And.True);
    }

    [Test]
    public void A_DateTimeOffset_key_is_intercepted_under_sqlite_net_and_refused_under_microdb_by_the_run_time()
    {
        if (_format == "microdb")
        {
            // The site has no SQL for MicroDb's format: the run-time path runs and throws its error.
            Assert.That(() => _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.Moment, b => b.Moment, (a, b) => new { L = a.Id, R = b.Id }).ToList(), Throws.TypeOf<NotSupportedException>().With.Message.Contains("DateTimeOffset is stored as ISO-8601 text"));
            Assert.That(Intercepted, Is.Zero, Seen);
            return;
        }

        var before = InterceptionCheck.Runs;
        var rows = _db.Table<TypedKeyLeft>().Join(_db.Table<TypedKeyRight>(), a => a.Moment, b => b.Moment, (a, b) => new { L = a.Id, R = b.Id }).ToList();

        AssertIntercepted(1, before);
        Assert.That(rows, Is.EquivalentTo(_left.Join(_right, a => a.Moment, b => b.Moment, (a, b) => new { L = a.Id, R = b.Id })));
        Assert.That(rows, Has.Count.EqualTo(5), "equal instants at other offsets match");
    }

    [Test]
    public void A_DateTime_key_under_a_zoned_sqlite_net_text_format_takes_the_run_time_path()
    {
        var seen = new List<ExecutedStatement>();
        using var zoned = InterceptedFixture.Open(_mapping, StorageFormat.SqliteNet(storeDateTimeAsTicks: false, dateTimeStringFormat: "o"), seen.Add);
        zoned.CreateTable<TypedKeyLeft>();
        zoned.CreateTable<TypedKeyRight>();
        zoned.Insert(new TypedKeyLeft { At = Day });
        zoned.Insert(new TypedKeyRight { At = Day });
        seen.Clear();

        Assert.That(() => zoned.Table<TypedKeyLeft>().Join(zoned.Table<TypedKeyRight>(), a => a.At, b => b.At, (a, b) => a.Id).Count(),
            Throws.TypeOf<NotSupportedException>().With.Message.Contains("which writes a zone"));
        Assert.That(seen.Count(s => s.Source == StatementSource.Intercepted), Is.Zero);
    }
}
