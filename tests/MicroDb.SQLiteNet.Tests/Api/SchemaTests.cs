using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>CreateTable, migration, indexes, GetTableInfo and mappings.</summary>
public sealed class SchemaTests : CompatTest
{
    private List<string> IndexNames(string table) =>
        Db.QueryScalars<string>("select name from sqlite_master where type = 'index' and tbl_name = ? and sql is not null order by name", table);

    [Test]
    public void CreateTable_creates_then_reports_Migrated()
    {
        Assert.Multiple(() =>
        {
            Assert.That(Db.CreateTable<Item>(), Is.EqualTo(CreateTableResult.Created));
            Assert.That(Db.CreateTable(typeof(Item)), Is.EqualTo(CreateTableResult.Migrated));
            Assert.That(IndexNames("items"), Is.EqualTo(new[] { "IX_items_group", "items_Code" }));
        });
    }

    [Test]
    public void CreateTables_reports_each_type()
    {
        var result = Db.CreateTables<Item, Tag>();
        var again = Db.CreateTables(CreateFlags.None, typeof(Item), typeof(Tag), typeof(Note));
        Assert.Multiple(() =>
        {
            Assert.That(result.Results[typeof(Item)], Is.EqualTo(CreateTableResult.Created));
            Assert.That(result.Results[typeof(Tag)], Is.EqualTo(CreateTableResult.Created));
            Assert.That(again.Results[typeof(Tag)], Is.EqualTo(CreateTableResult.Migrated));
            Assert.That(again.Results[typeof(Note)], Is.EqualTo(CreateTableResult.Created));
        });
    }

    [Test]
    public void CreateTable_adds_a_missing_column_to_an_existing_table()
    {
        Db.Execute("create table items (Id integer primary key autoincrement not null, Name varchar not null)");
        Db.Execute("insert into items (Name) values ('old')");
        Assert.That(Db.CreateTable<Item>(), Is.EqualTo(CreateTableResult.Migrated));
        var old = Db.Get<Item>(1);
        Assert.Multiple(() =>
        {
            Assert.That(Db.GetTableInfo("items").Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Code", "Quantity", "Category", "added_at" }));
            Assert.That(old.Name, Is.EqualTo("old"));
            Assert.That(old.Quantity, Is.EqualTo(0), "NULL in a new column reads as the default");
            Assert.That(old.Added, Is.EqualTo(DateTime.MinValue));
        });
    }

    [Test]
    public void CreateTable_with_full_text_search_throws_NotSupportedException()
    {
        var error = Assert.Throws<NotSupportedException>(() => Db.CreateTable<Item>(CreateFlags.FullTextSearch4));
        Assert.That(error!.Message, Does.Contain("FullTextSearch"));
    }

    [Test]
    public void CreateTable_of_a_type_without_columns_throws()
    {
        // sqlite-net throws Exception("Cannot create a table without columns ..."); MicroDb's mapping rule says the same, typed.
        var error = Assert.Throws<NotSupportedException>(() => Db.CreateTable<Empty>());
        Assert.That(error!.Message, Does.Contain("no mapped members").And.Contain(nameof(Empty)));
    }

    [Test]
    public void CreateTable_of_an_unsupported_property_type_throws_NotSupportedException_naming_it()
    {
        var error = Assert.Throws<NotSupportedException>(() => Db.CreateTable<WithChar>());
        Assert.That(error!.Message, Does.Contain("Initial"));
    }

    [Test]
    public void CreateIndex_overloads_use_sqlite_nets_names()
    {
        Db.CreateTable<Tag>();
        Db.CreateIndex("tags", "Uses");
        Db.CreateIndex("tags", ["Uses", "Name"], unique: true);
        Db.CreateIndex("by_uses", "tags", "Uses");
        Db.CreateIndex("by_both", "tags", ["Name", "Uses"]);
        Db.CreateIndex<Tag>(t => t.Uses);
        var unique = Db.ExecuteScalar<string>("select sql from sqlite_master where name = 'tags_Uses_Name'");
        Assert.Multiple(() =>
        {
            Assert.That(IndexNames("tags"), Is.EqualTo(new[] { "by_both", "by_uses", "tags_Uses", "tags_Uses_Name" }));
            Assert.That(unique, Is.EqualTo("CREATE UNIQUE INDEX \"tags_Uses_Name\" on \"tags\"(\"Uses\", \"Name\")"), "SQLite rewrites the statement's prefix");
        });
    }

    [Test]
    public void CreateIndex_of_an_expression_that_is_not_a_property_throws_ArgumentException()
    {
        Db.CreateTable<Tag>();
        Assert.Throws<ArgumentException>(() => Db.CreateIndex<Tag>(t => t.Uses + 1));
    }

    [Test]
    public void DropTable_removes_the_table()
    {
        Db.CreateTable<Item>();
        Assert.Multiple(() =>
        {
            Assert.That(Db.DropTable<Item>(), Is.EqualTo(0));
            Assert.That(Db.GetTableInfo("items"), Is.Empty);
            Assert.DoesNotThrow(() => Db.DropTable(Db.GetMapping<Item>()));
        });
    }

    [Test]
    public void GetTableInfo_reports_names_and_not_null()
    {
        Db.CreateTable<Item>();
        var info = Db.GetTableInfo("items");
        Assert.Multiple(() =>
        {
            Assert.That(info.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Code", "Quantity", "Category", "added_at" }));
            Assert.That(info.Select(c => c.notnull), Is.EqualTo(new[] { 1, 1, 0, 0, 0, 0 }));
            Assert.That(info[1].ToString(), Is.EqualTo("Name"));
        });
    }

    [Test]
    public void GetMapping_describes_the_table_like_sqlite_net()
    {
        var map = Db.GetMapping<Item>();
        var name = map.FindColumnWithPropertyName(nameof(Item.Name))!;
        var added = map.FindColumn("ADDED_AT")!;
        var category = map.FindColumn("Category")!;
        Assert.Multiple(() =>
        {
            Assert.That(map.TableName, Is.EqualTo("items"));
            Assert.That(map.MappedType, Is.EqualTo(typeof(Item)));
            Assert.That(map.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name", "Code", "Quantity", "Category", "added_at" }));
            Assert.That(map.PK!.Name, Is.EqualTo("Id"));
            Assert.That(map.PK.IsPK && map.PK.IsAutoInc && map.HasAutoIncPK, Is.True);
            Assert.That(map.InsertColumns.Select(c => c.Name), Does.Not.Contain("Id"));
            Assert.That(map.InsertOrReplaceColumns, Has.Length.EqualTo(6));
            Assert.That(map.GetByPrimaryKeySql, Is.EqualTo("select * from \"items\" where \"Id\" = ?"));
            Assert.That(name.IsNullable, Is.False);
            Assert.That(name.MaxStringLength, Is.EqualTo(30));
            Assert.That(name.ColumnType, Is.EqualTo(typeof(string)));
            Assert.That(added.PropertyName, Is.EqualTo(nameof(Item.Added)));
            Assert.That(added.PropertyInfo.Name, Is.EqualTo(nameof(Item.Added)));
            Assert.That(category.Collation, Is.EqualTo("NOCASE"));
            Assert.That(category.Indices.Select(i => (i.Name, i.Order, i.Unique)), Is.EqualTo(new[] { ("IX_items_group", 1, false) }), "the declared Order, as sqlite-net reports it");
            Assert.That(map.FindColumn("Code")!.Indices.Single().Unique, Is.True);
            Assert.That(map.FindColumn("Scratch"), Is.Null);
            Assert.That(Db.TableMappings, Does.Contain(map));
        });
    }

    [Test]
    public void Column_GetValue_and_SetValue_read_and_write_the_property()
    {
        var map = Db.GetMapping<Item>();
        var item = NewItem("a");
        map.FindColumn("Name")!.SetValue(item, "b");
        map.SetAutoIncPK(item, 7);
        Assert.Multiple(() =>
        {
            Assert.That(map.FindColumn("Name")!.GetValue(item), Is.EqualTo("b"));
            Assert.That(item.Id, Is.EqualTo(7));
        });
    }

    [Test]
    public void TableMapping_can_be_built_from_a_type()
    {
        var map = new TableMapping(typeof(Tag));
        Assert.Multiple(() =>
        {
            Assert.That(map.TableName, Is.EqualTo("tags"));
            Assert.That(map.PK!.Name, Is.EqualTo("Name"));
            Assert.That(map.HasAutoIncPK, Is.False);
            Assert.That(map.GetByPrimaryKeySql, Is.EqualTo("select * from \"tags\" where \"Name\" = ?"));
        });
    }

    [Test]
    public void Orm_declares_types_as_sqlite_net_does()
    {
        var map = Db.GetMapping<Item>();
        Assert.Multiple(() =>
        {
            Assert.That(Orm.SqlDecl(map.PK!, true, true), Is.EqualTo("\"Id\" integer primary key autoincrement not null "));
            Assert.That(Orm.SqlDecl(map.FindColumn("Name")!, true, true), Is.EqualTo("\"Name\" varchar(30) not null "));
            Assert.That(Orm.SqlType(map.FindColumn("added_at")!, true, true), Is.EqualTo("bigint"));
            Assert.That(Orm.SqlType(map.FindColumn("added_at")!, false, true), Is.EqualTo("datetime"));
            Assert.That(Orm.SqlDecl(map.FindColumn("Category")!, true, true), Is.EqualTo("\"Category\" varchar collate NOCASE "));
        });
    }

    /// <summary>No mappable property (sqlite-net maps only properties with a public getter and setter).</summary>
    [Table("empty")]
    public class Empty
    {
        public string Value => "read only";
    }

    /// <summary>A char property, which sqlite-net cannot store.</summary>
    public class WithChar
    {
        [PrimaryKey]
        public int Id { get; set; }

        public char Initial { get; set; }
    }
}
