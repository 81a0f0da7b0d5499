using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// A sub-query over Guid and enum members (<c>Select(r =&gt; r.Key).Contains(l.Key)</c>, <c>Any(r =&gt; r.Level == l.Level)</c>),
/// nullable or not, is intercepted with the run time's text (EXISTS of the members' equality; the interception check compares
/// text, values and rows), with LINQ-to-Objects beside.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSubqueryKindTests : InterceptedTestBase
{
    private static readonly Guid[] Keys = [Guid.Parse("6f1c4a2e-0000-4000-8000-000000000001"), Guid.Parse("6f1c4a2e-0000-4000-8000-000000000002"), Guid.Parse("6f1c4a2e-0000-4000-8000-000000000003")];

    private List<GuidKeyLeft> _guidLeft = null!;
    private List<GuidKeyRight> _guidRight = null!;
    private List<TypedKeyLeft> _typedLeft = null!;
    private List<TypedKeyRight> _typedRight = null!;

    public InterceptedSubqueryKindTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<GuidKeyLeft>();
        _db.CreateTable<GuidKeyRight>();
        _db.CreateTable<TypedKeyLeft>();
        _db.CreateTable<TypedKeyRight>();
        _db.InsertAll(new[] { new GuidKeyLeft { Key = Keys[0], Text = "a" }, new GuidKeyLeft { Key = Keys[1], Text = "b" }, new GuidKeyLeft { Key = Keys[2] } });
        _db.InsertAll(new[] { new GuidKeyRight { Key = Keys[1], Text = "b" }, new GuidKeyRight { Key = Keys[2], Text = "x" }, new GuidKeyRight { Key = Keys[2] } });
        _db.InsertAll(new[]
        {
            new TypedKeyLeft { Level = KeyLevel.Low, MaybeLevel = null },
            new TypedKeyLeft { Level = KeyLevel.Mid, MaybeLevel = KeyLevel.High },
            new TypedKeyLeft { Level = KeyLevel.High, MaybeLevel = KeyLevel.Low },
        });
        _db.InsertAll(new[]
        {
            new TypedKeyRight { Level = KeyLevel.Mid, MaybeLevel = null },
            new TypedKeyRight { Level = KeyLevel.Mid, MaybeLevel = KeyLevel.High },
        });
        _guidLeft = _db.Table<GuidKeyLeft>().ToList();
        _guidRight = _db.Table<GuidKeyRight>().ToList();
        _typedLeft = _db.Table<TypedKeyLeft>().ToList();
        _typedRight = _db.Table<TypedKeyRight>().ToList();
    }

    [Test]
    public void Contains_and_a_correlation_over_Guid_members_are_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var known = _db.Table<GuidKeyLeft>().Where(l => _db.Table<GuidKeyRight>().Select(r => r.Key).Contains(l.Key)).ToList();
        var named = _db.Table<GuidKeyLeft>().Count(l => _db.Table<GuidKeyRight>().Any(r => r.Key == l.Key && r.Text == l.Text));
        var unknown = _db.Table<GuidKeyLeft>().Where(l => !_db.Table<GuidKeyRight>().Where(r => r.Text != null).Select(r => (Guid?)r.Key).Contains(l.Key)).ToList();

        Assert.That(Intercepted, Is.EqualTo(3), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "FROM \"guid_key_left\" WHERE EXISTS (SELECT 1 FROM \"guid_key_right\" AS \"s0\" WHERE (\"s0\".\"Key\" = \"guid_key_left\".\"Key\"))"), Seen);
        Assert.That(known.Select(l => l.Id), Is.EqualTo(_guidLeft.Where(l => _guidRight.Select(r => r.Key).Contains(l.Key)).Select(l => l.Id)));
        Assert.That(known.Select(l => l.Id), Is.EqualTo(new[] { 2, 3 }));
        Assert.That(named, Is.EqualTo(_guidLeft.Count(l => _guidRight.Any(r => r.Key == l.Key && r.Text == l.Text))).And.EqualTo(2));
        Assert.That(unknown.Select(l => l.Id), Is.EqualTo(_guidLeft.Where(l => !_guidRight.Where(r => r.Text != null).Select(r => (Guid?)r.Key).Contains(l.Key)).Select(l => l.Id)));
        Assert.That(unknown.Select(l => l.Id), Is.EqualTo(new[] { 1 }));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(3), "The check compared each run with the run-time path.");
    }

    [Test]
    public void Contains_and_a_correlation_over_enum_members_nullable_or_not_are_intercepted_and_match_LINQ()
    {
        var before = InterceptionCheck.Runs;

        var levels = _db.Table<TypedKeyLeft>().Where(l => _db.Table<TypedKeyRight>().Select(r => r.Level).Contains(l.Level)).ToList();
        var maybe = _db.Table<TypedKeyLeft>().Where(l => _db.Table<TypedKeyRight>().Select(r => r.MaybeLevel).Contains(l.MaybeLevel)).ToList();
        var same = _db.Table<TypedKeyLeft>().Count(l => _db.Table<TypedKeyRight>().Any(r => r.MaybeLevel == l.MaybeLevel));
        var deleted = _db.Table<TypedKeyLeft>().Where(l => !_db.Table<TypedKeyRight>().Any(r => l.Level != r.Level)).ExecuteDelete();

        Assert.That(Intercepted, Is.EqualTo(4), Seen);
        Assert.That(_seen.First(s => s.Source == StatementSource.Intercepted).Sql, Does.EndWith(
            "FROM \"typed_key_left\" WHERE EXISTS (SELECT 1 FROM \"typed_key_right\" AS \"s0\" WHERE (\"s0\".\"Level\" = \"typed_key_left\".\"Level\"))"), Seen);
        Assert.That(levels.Select(l => l.Id), Is.EqualTo(_typedLeft.Where(l => _typedRight.Select(r => r.Level).Contains(l.Level)).Select(l => l.Id)));
        Assert.That(levels.Select(l => l.Id), Is.EqualTo(new[] { 2 }));
        Assert.That(maybe.Select(l => l.Id), Is.EqualTo(_typedLeft.Where(l => _typedRight.Select(r => r.MaybeLevel).Contains(l.MaybeLevel)).Select(l => l.Id)));
        Assert.That(maybe.Select(l => l.Id), Is.EqualTo(new[] { 1, 2 }));
        Assert.That(same, Is.EqualTo(_typedLeft.Count(l => _typedRight.Any(r => r.MaybeLevel == l.MaybeLevel))).And.EqualTo(2));
        Assert.That(deleted, Is.EqualTo(_typedLeft.Count(l => !_typedRight.Any(r => l.Level != r.Level))).And.EqualTo(1));
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(4), "The check compared each run with the run-time path.");
        Assert.That(_db.Table<TypedKeyLeft>().Select(l => l.Id).ToList(), Is.EqualTo(new[] { 1, 3 }));
    }
}
