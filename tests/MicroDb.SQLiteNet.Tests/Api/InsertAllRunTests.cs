using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>
/// InsertAll's run path (objects of one type after the first go through MicroDb's InsertEach loop): the same rows,
/// keys, events and errors as inserting each object with Insert, as sqlite-net does.
/// </summary>
public sealed class InsertAllRunTests : CompatTest
{
    [Test]
    public void InsertAll_of_mixed_types_and_nulls_inserts_each_object_as_its_own_type()
    {
        Db.CreateTable<Item>();
        Db.CreateTable<Tag>();
        var items = new[] { NewItem("a", "1"), NewItem("b", "2"), NewItem("c", "3"), NewItem("d", "4") };
        var tag = new Tag { Name = "t", Uses = 3 };
        object?[] batch = [items[0], items[1], tag, null, items[2], items[3]];

        Assert.That(Db.InsertAll(batch), Is.EqualTo(5));
        Assert.Multiple(() =>
        {
            Assert.That(items.Select(i => i.Id), Is.EqualTo(new[] { 1, 2, 3, 4 }));
            Assert.That(Db.Table<Item>().OrderBy(i => i.Id).ToList().Select(i => i.Name), Is.EqualTo(new[] { "a", "b", "c", "d" }));
            Assert.That(Db.Get<Tag>("t").Uses, Is.EqualTo(3));
        });
    }

    [Test]
    public void InsertAll_raises_TableChanged_after_each_row_with_that_row_stored()
    {
        Db.CreateTable<Item>();
        var seen = new List<int>();
        Db.TableChanged += (_, e) =>
        {
            Assert.That(e.Action, Is.EqualTo(NotifyTableChangedAction.Insert));
            seen.Add(Db.Table<Item>().Count());
        };

        Db.InsertAll(new[] { NewItem("a", "1"), NewItem("b", "2"), NewItem("c", "3") });

        Assert.That(seen, Is.EqualTo(new[] { 1, 2, 3 }));
    }

    [Test]
    public void InsertAll_with_a_null_NotNull_property_later_in_a_run_throws_NotNullConstraintViolationException_and_keeps_nothing()
    {
        Db.CreateTable<Item>();
        var bad = NewItem("c", "3");
        bad.Name = null!;

        var error = Assert.Throws<NotNullConstraintViolationException>(() => Db.InsertAll(new[] { NewItem("a", "1"), NewItem("b", "2"), bad }));

        Assert.Multiple(() =>
        {
            Assert.That(error!.Message, Is.EqualTo("NOT NULL constraint failed: items.Name"));
            Assert.That(error.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Name" }));
            Assert.That(Db.Table<Item>().Count(), Is.Zero);
        });
    }

    [Test]
    public void InsertAll_with_tracing_on_traces_every_row()
    {
        Db.CreateTable<Item>();
        var lines = new List<string>();
        Db.Tracer = lines.Add;
        Db.Trace = true;

        Db.InsertAll(new[] { NewItem("a", "1"), NewItem("b", "2"), NewItem("c", "3") });

        Assert.That(lines.Count(l => l.StartsWith("Executing: insert", StringComparison.OrdinalIgnoreCase)), Is.EqualTo(3));
    }
}
