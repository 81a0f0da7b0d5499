extern alias microdb;

using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>Ad-hoc SQL, commands and TableQuery&lt;T&gt;.</summary>
public sealed class QueryTests : CompatTest
{
    [Test]
    public void Query_maps_rows_to_objects_by_column_name()
    {
        AddItems("a", "b", "c");
        var rows = Db.Query<Item>("select * from items where Quantity >= ? order by Name desc", 2);
        Assert.Multiple(() =>
        {
            Assert.That(rows.Select(r => r.Name), Is.EqualTo(new[] { "c", "b" }));
            Assert.That(rows[0].Added, Is.EqualTo(new DateTime(2024, 1, 2, 3, 4, 5)));
            Assert.That(rows[0].Scratch, Is.EqualTo(""), "[Ignore] properties are not read");
        });
    }

    [Test]
    public void Query_with_a_mapping_returns_objects_of_the_mapped_type()
    {
        AddItems("a", "b");
        var rows = Db.Query(Db.GetMapping<Item>(), "select * from items order by Id");
        Assert.Multiple(() =>
        {
            Assert.That(rows, Has.All.InstanceOf<Item>());
            Assert.That(rows.Cast<Item>().Select(i => i.Name), Is.EqualTo(new[] { "a", "b" }));
            Assert.That(((Item)Db.FindWithQuery(Db.GetMapping<Item>(), "select * from items where Name = ?", "b")).Id, Is.EqualTo(2));
            Assert.That(Db.FindWithQuery(Db.GetMapping<Item>(), "select * from items where Name = ?", "zzz"), Is.Null);
            Assert.That(Db.DeferredQuery(Db.GetMapping<Item>(), "select * from items").Count(), Is.EqualTo(2));
        });
    }

    [Test]
    public void DeferredQuery_reads_rows_as_they_are_enumerated()
    {
        AddItems("a", "b", "c");
        var names = new List<string>();
        foreach (var item in Db.DeferredQuery<Item>("select * from items order by Id"))
        {
            names.Add(item.Name);
            if (names.Count == 2)
            {
                break;
            }
        }

        Assert.That(names, Is.EqualTo(new[] { "a", "b" }));
        Assert.That(Db.Execute("update items set Quantity = 0"), Is.EqualTo(3), "the statement was released");
    }

    [Test]
    public void FindWithQuery_returns_the_first_row_or_null()
    {
        AddItems("a", "b");
        Assert.Multiple(() =>
        {
            Assert.That(Db.FindWithQuery<Item>("select * from items order by Id desc")?.Name, Is.EqualTo("b"));
            Assert.That(Db.FindWithQuery<Item>("select * from items where Id = ?", 99), Is.Null);
        });
    }

    [Test]
    public void Execute_returns_rows_changed_and_ExecuteScalar_the_first_value()
    {
        AddItems("a", "b", "c");
        Assert.Multiple(() =>
        {
            Assert.That(Db.Execute("update items set Quantity = Quantity + 1 where Quantity > ?", 1), Is.EqualTo(2));
            Assert.That(Db.ExecuteScalar<int>("select count(*) from items"), Is.EqualTo(3));
            Assert.That(Db.ExecuteScalar<string>("select Name from items where Id = ?", 2), Is.EqualTo("b"));
            Assert.That(Db.QueryScalars<int>("select Quantity from items order by Id"), Is.EqualTo(new[] { 1, 3, 4 }));
        });
    }

    [Test]
    public void Bad_sql_throws_SQLiteException_with_sqlite_message()
    {
        var error = Assert.Throws<SQLiteException>(() => Db.Execute("selec 1"));
        Assert.Multiple(() =>
        {
            Assert.That(error!.Result, Is.EqualTo(SQLite3.Result.Error));
            Assert.That(error.Message, Is.EqualTo("near \"selec\": syntax error"));
            Assert.That(error.InnerException, Is.InstanceOf<microdb::MicroDb.MicroDbException>());
        });
    }

    [Test]
    public void CreateCommand_binds_positional_and_named_values()
    {
        AddItems("a", "b", "c");
        var positional = Db.CreateCommand("select * from items where Quantity > ? and Quantity < ?", 1, 3);
        var named = Db.CreateCommand("select Name from items where Quantity = @q", new Dictionary<string, object> { ["@q"] = 3 });
        var update = new SQLiteCommand(Db) { CommandText = "update items set Name = ? where Id = ?" };
        update.Bind("z");
        update.Bind(1);
        Assert.Multiple(() =>
        {
            Assert.That(positional.ExecuteQuery<Item>().Select(i => i.Name), Is.EqualTo(new[] { "b" }));
            Assert.That(named.ExecuteScalar<string>(), Is.EqualTo("c"));
            Assert.That(update.ExecuteNonQuery(), Is.EqualTo(1));
            Assert.That(Db.Get<Item>(1).Name, Is.EqualTo("z"));
            Assert.That(positional.ToString(), Does.StartWith("select * from items"));
        });
    }

    [Test]
    public void Command_mixing_named_and_positional_values_throws_NotSupportedException()
    {
        AddItems("a");
        var command = Db.CreateCommand("select Name from items where Id = ? and Name = @n", 1);
        command.Bind("@n", "a");
        var error = Assert.Throws<NotSupportedException>(() => command.ExecuteScalar<string>());
        Assert.That(error!.Message, Does.Contain("by position").And.Contain("by name"));
    }

    [Test]
    public void Table_composes_where_order_skip_and_take()
    {
        AddItems("d", "a", "c", "b", "e");
        var query = Db.Table<Item>().Where(i => i.Quantity > 1).OrderBy(i => i.Category).ThenByDescending(i => i.Name);
        Assert.Multiple(() =>
        {
            Assert.That(query.ToList().Select(i => i.Name), Is.EqualTo(new[] { "e", "c", "b", "a" }));
            Assert.That(query.Skip(1).Take(2).ToArray().Select(i => i.Name), Is.EqualTo(new[] { "c", "b" }));
            Assert.That(query.ElementAt(3).Name, Is.EqualTo("a"));
            Assert.That(query.Count(), Is.EqualTo(4));
            Assert.That(Db.Table<Item>().Count(i => i.Name == "a"), Is.EqualTo(1));
            Assert.That(query.First().Name, Is.EqualTo("e"));
            Assert.That(query.First(i => i.Name == "b").Quantity, Is.EqualTo(4));
            Assert.That(query.FirstOrDefault(i => i.Name == "zzz"), Is.Null);
            Assert.That(Db.Table<Item>().OrderByDescending(i => i.Id).FirstOrDefault()?.Name, Is.EqualTo("e"));
            Assert.That(Db.Table<Item>().Table.TableName, Is.EqualTo("items"));
            Assert.That(Db.Table<Item>().Connection, Is.SameAs(Db));
        });
    }

    [Test]
    public void Table_enumerates_with_foreach_and_LINQ_to_objects()
    {
        AddItems("a", "b", "c");
        var names = new List<string>();
        foreach (var item in Db.Table<Item>().Where(i => i.Name != "b"))
        {
            names.Add(item.Name);
        }

        Assert.Multiple(() =>
        {
            Assert.That(names, Is.EquivalentTo(new[] { "a", "c" }));
            Assert.That(Db.Table<Item>().Select(i => i.Name.ToUpperInvariant()).OrderBy(n => n), Is.EqualTo(new[] { "A", "B", "C" }));
        });
    }

    [Test]
    public void Table_First_of_nothing_throws_InvalidOperationException()
    {
        Db.CreateTable<Item>();
        Assert.Throws<InvalidOperationException>(() => Db.Table<Item>().First());
        Assert.Throws<InvalidOperationException>(() => Db.Table<Item>().ElementAt(0));
    }

    [Test]
    public void TableQuery_Delete_needs_a_condition_and_no_limit()
    {
        AddItems("a", "b", "c");
        Assert.Multiple(() =>
        {
            Assert.That(Assert.Throws<InvalidOperationException>(() => Db.Table<Item>().Delete())!.Message, Is.EqualTo("No condition specified"));
            Assert.That(Assert.Throws<InvalidOperationException>(() => Db.Table<Item>().Take(1).Delete(i => i.Id > 0))!.Message, Is.EqualTo("Cannot delete with limits or offsets"));
            Assert.That(Db.Table<Item>().Delete(i => i.Name == "a"), Is.EqualTo(1));
            Assert.That(Db.Table<Item>().Where(i => i.Name == "b").Delete(), Is.EqualTo(1));
            Assert.That(Db.Table<Item>().Count(), Is.EqualTo(1));
        });
    }

    [Test]
    public void Untranslatable_predicate_throws_NotSupportedException_naming_it()
    {
        AddItems("a");
        var error = Assert.Throws<NotSupportedException>(() => Db.Table<Item>().Where(i => i.Name.GetHashCode() == 1).ToList());
        Assert.That(error!.Message, Does.Contain("GetHashCode"));
    }

    [Test]
    public void Table_Clone_to_another_type_throws_NotSupportedException()
    {
        Db.CreateTable<Item>();
        Assert.Multiple(() =>
        {
            Assert.That(Db.Table<Item>().Clone<Item>(), Is.Not.Null);
            Assert.Throws<NotSupportedException>(() => Db.Table<Item>().Clone<Tag>());
        });
    }
}
