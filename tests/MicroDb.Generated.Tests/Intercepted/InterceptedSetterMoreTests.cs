using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// ExecuteUpdate setters whose <c>?:</c> test compares enum (by number and by name), Guid, bool and nullable integer
/// members with values or null (issue 22). Each runs intercepted (the statement's source says so), the interception check
/// compares its text, values, count and rows with the run-time path's, and the rows equal a LINQ-to-Objects model's, on
/// both mapping paths and under both storage formats.
/// </summary>
[TestFixture("generated", "microdb")]
[TestFixture("generated", "sqlite-net")]
[TestFixture("reflection", "microdb")]
[TestFixture("reflection", "sqlite-net")]
public class InterceptedSetterMoreTests : InterceptedTestBase
{
    private static readonly Guid[] Tags = [new("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"), new("11111111-2222-3333-4444-555555555555")];
    private List<AllTypes> _stored = null!;

    public InterceptedSetterMoreTests(string mapping, string format)
        : base(mapping, format)
    {
    }

    protected override void Seed()
    {
        _db.CreateTable<AllTypes>();
        var rows = new List<AllTypes>();
        for (var i = 0; i < 5; i++)
        {
            var row = AllTypesSamples.Nulls();
            row.Text = "t" + i;
            row.Int32 = i;
            row.Color = i % 2 == 0 ? Color.Red : Color.Green;
            row.ColorText = i < 2 ? Color.Green : Color.Red;
            row.Guid = Tags[i % 2];
            row.NGuid = i == 3 ? null : Tags[(i + 1) % 2];
            row.Bool = i % 3 == 0;
            row.NInt32 = i % 2 == 0 ? i : null;
            rows.Add(row);
        }

        _db.InsertAll(rows);
        _stored = _db.Table<AllTypes>().ToList();
    }

    private ExecutedStatement InterceptedUpdate() =>
        _seen.Single(s => s.Source == StatementSource.Intercepted && s.Sql.StartsWith("UPDATE", StringComparison.Ordinal));

    private List<AllTypes> Rows() => [.. _db.Query<AllTypes>("SELECT * FROM \"AllTypes\"").OrderBy(r => r.Id)];

    [Test]
    public void Conditional_setters_comparing_enums_pick_the_branch_LINQ_picks()
    {
        var before = InterceptionCheck.Runs;
        var color = Color.Green;
        var named = Color.Red;

        var changed = _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.Int64, x => x.Color == color ? 10 : x.Int32)
            .Set(x => x.Int16, x => x.ColorText != named || x.Color > Color.Red ? (short)1 : (short)2));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var want = (old.Color == color ? 10L : old.Int32, old.ColorText != named || old.Color > Color.Red ? (short)1 : (short)2);
            Assert.That((row.Int64, row.Int16), Is.EqualTo(want), "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Does.StartWith("UPDATE \"AllTypes\" SET \"Int64\" = (CASE WHEN (\"Color\" = ?) THEN ? ELSE \"Int32\" END)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void Conditional_setters_comparing_Guids_pick_the_branch_LINQ_picks()
    {
        var before = InterceptionCheck.Runs;
        var tag = Tags[1];

        var changed = _db.Table<AllTypes>().Where(x => x.Int32 >= 0).ExecuteUpdate(s => s
            .Set(x => x.Int64, x => x.Guid == tag ? 1 : 0)
            .Set(x => x.Int32, x => x.NGuid != tag ? x.Int32 + 100 : x.Int32));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            Assert.That((row.Int64, row.Int32), Is.EqualTo((old.Guid == tag ? 1L : 0L, old.NGuid != tag ? old.Int32 + 100 : old.Int32)), "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Does.StartWith("UPDATE \"AllTypes\" SET \"Int64\" = (CASE WHEN (\"Guid\" = ?) THEN ? ELSE ? END)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }

    [Test]
    public void Conditional_setters_testing_nullable_integers_and_bools_pick_the_branch_LINQ_picks()
    {
        var before = InterceptionCheck.Runs;
        var low = 1;

        var changed = _db.Table<AllTypes>().ExecuteUpdate(s => s
            .Set(x => x.Int64, x => x.NInt32 == null ? -1 : x.Int32)
            .Set(x => x.NInt32, x => x.NInt32 != null && x.NInt32 > low && !x.Bool ? x.NInt32 + 1 : x.NInt32));

        Assert.That(changed, Is.EqualTo(_stored.Count));
        foreach (var row in Rows())
        {
            var old = _stored.Single(r => r.Id == row.Id);
            var want = (old.NInt32 == null ? -1L : old.Int32, old.NInt32 != null && old.NInt32 > low && !old.Bool ? old.NInt32 + 1 : old.NInt32);
            Assert.That((row.Int64, row.NInt32), Is.EqualTo(want), "row " + row.Id);
        }

        Assert.That(InterceptedUpdate().Sql, Does.StartWith("UPDATE \"AllTypes\" SET \"Int64\" = (CASE WHEN (\"NInt32\" IS NULL) THEN ? ELSE \"Int32\" END)"), Seen);
        Assert.That(InterceptionCheck.Runs - before, Is.EqualTo(1), "The check compared the update with the run-time path's.");
    }
}
