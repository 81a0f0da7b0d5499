using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>
/// <c>Find&lt;T&gt;(long)</c>, <c>Get&lt;T&gt;(long)</c>, <c>Delete&lt;T&gt;(long)</c>: the unboxed overloads an int or long key
/// binds to; they must mean exactly what sqlite-net's object-key calls mean.
/// </summary>
public sealed class IntegerKeyTests : CompatTest
{
    [Test]
    public void Integer_key_overloads_find_get_and_delete_the_rows_the_object_overloads_do()
    {
        AddItems("a", "b", "c");
        long two = 2;
        object boxedTwo = 2L;
        Assert.Multiple(() =>
        {
            Assert.That(Db.Find<Item>(two)!.Name, Is.EqualTo(Db.Find<Item>(boxedTwo)!.Name).And.EqualTo("b"));
            Assert.That(Db.Get<Item>(3L).Name, Is.EqualTo("c"));
            Assert.That(Db.Find<Item>(99L), Is.Null);
            Assert.That(Db.Delete<Item>(two), Is.EqualTo(1));
            Assert.That(Db.Delete<Item>(two), Is.Zero);
            Assert.That(Db.Find<Item>(boxedTwo), Is.Null);
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(2));
        });
    }

    [Test]
    public void Delete_by_long_key_raises_TableChanged_only_when_a_row_went()
    {
        AddItems("a");
        var events = new List<NotifyTableChangedAction>();
        Db.TableChanged += (_, e) => events.Add(e.Action);

        Db.Delete<Item>(42L);
        Db.Delete<Item>(1L);

        Assert.That(events, Is.EqualTo(new[] { NotifyTableChangedAction.Delete }));
    }

    [Test]
    public void Get_by_long_key_of_a_missing_row_throws_InvalidOperationException_naming_table_and_key()
    {
        Db.CreateTable<Item>();
        var error = Assert.Throws<InvalidOperationException>(() => Db.Get<Item>(7L));
        Assert.That(error!.Message, Does.Contain("items").And.Contain("'7'"));
    }

    [Test]
    public void Integer_key_overloads_on_a_type_without_a_key_throw_NotSupportedException()
    {
        Db.CreateTable<Note>();
        Db.Insert(new Note { Body = "only" });
        Assert.Multiple(() =>
        {
            Assert.That(() => Db.Delete<Note>(1L), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Note"));
            Assert.That(() => Db.Find<Note>(1L), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Note"));
            Assert.That(Db.Table<Note>().Count(), Is.EqualTo(1));
        });
    }

    [Test]
    public void Integer_key_overloads_follow_CreateFlags_conventions()
    {
        // ImplicitPK makes Id the key by convention: not MicroDb's typed key, so the calls take the object path.
        Db.CreateTable<Plain>(CreateFlags.ImplicitPK | CreateFlags.AutoIncPK);
        Db.Insert(new Plain { Title = "a" });
        Db.Insert(new Plain { Title = "b" });
        Assert.Multiple(() =>
        {
            Assert.That(Db.Find<Plain>(2L)!.Title, Is.EqualTo("b"));
            Assert.That(Db.Delete<Plain>(1L), Is.EqualTo(1));
            Assert.That(Db.Table<Plain>().Select(p => p.Title).ToList(), Is.EqualTo(new[] { "b" }));
        });
    }

    [Test]
    public void A_failing_delete_by_long_key_throws_SQLiteException_and_keeps_the_row()
    {
        AddItems("a");
        Db.Execute("CREATE TRIGGER keep BEFORE DELETE ON items BEGIN SELECT RAISE(ABORT, 'kept'); END");
        var error = Assert.Throws<SQLiteException>(() => Db.Delete<Item>(1L));
        Assert.That(error!.Message, Does.Contain("kept"));
        Assert.That(Db.Find<Item>(1L), Is.Not.Null);
    }
}
