using MicroDb.Conformance;
using MicroDb.Conformance.Models;
using MicroDb.Generator.Tests.Infrastructure;
using MicroDb.Generator.Tests.Models;
using MicroDb.Mapping;

namespace MicroDb.Generator.Tests;

/// <summary>The maps generated at build time for Models/ and the shared AllTypes model, run against SQLite with MappingMode.Generated.</summary>
public class GeneratedMapRuntimeTests
{
    private static readonly Type[] ModelTypes =
        [typeof(AllTypes), typeof(Point), typeof(Tag), typeof(Person), typeof(Account), typeof(ExternalThing), typeof(Gadget), typeof(SealedBox), typeof(DerivedThing)];

    private static IEnumerable<Type> Models() => ModelTypes;

    [TestCaseSource(nameof(Models))]
    public void Module_initializer_registers_a_generated_map(Type type)
    {
        var map = EntityMapRegistry.GetGenerated(type);

        Assert.That(map, Is.Not.Null);
        Assert.That(map!.IsGenerated, Is.True);
        Assert.That(map.EntityType, Is.EqualTo(type));
        Assert.That(map.Table.EntityTypeName, Is.EqualTo(type.FullName));
    }

    [TestCaseSource(nameof(Models))]
    public void Generated_sql_equals_SqlBuilder_output(Type type)
    {
        var map = EntityMapRegistry.GetGenerated(type)!;
        var built = SqlBuilder.Build(map.Table);

        Assert.Multiple(() =>
        {
            Assert.That(map.Sql.CreateTable, Is.EqualTo(built.CreateTable));
            Assert.That(map.Sql.Insert, Is.EqualTo(built.Insert));
            Assert.That(map.Sql.InsertOrReplace, Is.EqualTo(built.InsertOrReplace));
            Assert.That(map.Sql.Update, Is.EqualTo(built.Update));
            Assert.That(map.Sql.Delete, Is.EqualTo(built.Delete));
            Assert.That(map.Sql.SelectByKey, Is.EqualTo(built.SelectByKey));
            Assert.That(map.Sql.SelectAll, Is.EqualTo(built.SelectAll));
        });
    }

    [Test]
    public void Table_metadata_follows_the_attributes()
    {
        var table = EntityMapRegistry.GetGenerated<AllTypes>()!.Table;

        Assert.That(table.TableName, Is.EqualTo("AllTypes"));
        Assert.That(table.PrimaryKey!.MemberName, Is.EqualTo("Id"));
        Assert.That(table.AutoIncrementColumn, Is.SameAs(table.PrimaryKey));
        Assert.That(table.FindColumn("Text")!.MaxLength, Is.EqualTo(50));
        Assert.That(table.FindColumn("Text")!.SqlType, Is.EqualTo("varchar(50)"));
        Assert.That(table.FindColumn("DateTimeText")!.Kind, Is.EqualTo(ColumnKind.DateTimeText));
        Assert.That(table.FindColumn("ColorText")!.Kind, Is.EqualTo(ColumnKind.EnumText));
        Assert.That(table.FindColumn("Planet")!.Kind, Is.EqualTo(ColumnKind.EnumText), "[StoreAsText] on the enum type");
        Assert.That(table.FindColumn("Color")!.Kind, Is.EqualTo(ColumnKind.Enum));
        Assert.That(table.FindColumn("NInt32")!.IsNullable, Is.True);
        Assert.That(table.FindColumn("Int64")!.IsNullable, Is.False);
        Assert.That(table.FindColumn("String")!.IsNullable, Is.True);
        Assert.That(table.Indexes.Single().Name, Is.EqualTo("AllTypes_Text"));

        var account = EntityMapRegistry.GetGenerated<Account>()!.Table.FindColumn("Owner")!;
        Assert.That(account.IsNotNull, Is.True);
        Assert.That(account.Collation, Is.EqualTo("NOCASE"));
        Assert.That(EntityMapRegistry.GetGenerated<ExternalThing>()!.Table.TableName, Is.EqualTo("external_things"));
    }

    [Test]
    public void Insert_sets_autoincrement_key_and_Get_reads_every_type_back()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<AllTypes>();
        var original = Sample();

        db.Connection.Insert(original);
        var loaded = db.Connection.Get<AllTypes>(original.Id);

        Assert.That(original.Id, Is.GreaterThan(0));
        AssertSameValues(loaded, original);
    }

    [Test]
    public void Nulls_and_defaults_round_trip()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<AllTypes>();
        var original = new AllTypes();

        db.Connection.Insert(original);
        var loaded = db.Connection.Get<AllTypes>(original.Id);

        AssertSameValues(loaded, original);
        Assert.That(loaded.NColor, Is.Null);
        Assert.That(loaded.NPlanet, Is.Null);
        Assert.That(loaded.NDateTimeText, Is.Null);
    }

    [Test]
    public void Update_and_Delete_use_the_generated_binders()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<AllTypes>();
        var entity = Sample();
        db.Connection.Insert(entity);

        entity.Text = "changed";
        entity.NColor = null;
        entity.Flags = Flags64.None;
        Assert.That(db.Connection.Update(entity), Is.EqualTo(1));
        AssertSameValues(db.Connection.Get<AllTypes>(entity.Id), entity);

        Assert.That(db.Connection.Delete(entity), Is.EqualTo(1));
        Assert.That(db.Connection.Find<AllTypes>(entity.Id), Is.Null);
    }

    [Test]
    public void Enums_are_stored_as_numbers_or_names()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<AllTypes>();
        db.Connection.Insert(Sample());

        Assert.That(db.Connection.ExecuteScalar<long>("SELECT \"Color\" FROM \"AllTypes\""), Is.EqualTo(3));
        Assert.That(db.Connection.ExecuteScalar<string>("SELECT \"ColorText\" FROM \"AllTypes\""), Is.EqualTo("Green"));
        Assert.That(db.Connection.ExecuteScalar<string>("SELECT \"Planet\" FROM \"AllTypes\""), Is.EqualTo("Earth"));
        Assert.That(db.Connection.ExecuteScalar<long>("SELECT \"Flags\" FROM \"AllTypes\""), Is.EqualTo(long.MinValue), "ulong bit pattern");
        Assert.That(db.Connection.ExecuteScalar<string>("SELECT \"DateTimeText\" FROM \"AllTypes\""), Does.StartWith("2030-01-02T03:04:05"));
    }

    [Test]
    public void Query_selecting_some_columns_leaves_the_rest_at_defaults()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<AllTypes>();
        db.Connection.Insert(Sample());

        var row = db.Connection.Query<AllTypes>("SELECT \"Text\", \"Id\" FROM \"AllTypes\"").Single();

        Assert.That(row.Text, Is.EqualTo(Sample().Text));
        Assert.That(row.Id, Is.GreaterThan(0));
        Assert.That(row.Int64, Is.EqualTo(0));
        Assert.That(row.NDecimal, Is.Null);
    }

    [Test]
    public void Positional_record_is_built_through_its_constructor()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<Point>();
        var point = new Point(5, "five", 2.5);

        db.Connection.Insert(point);

        Assert.That(db.Connection.Get<Point>(5), Is.EqualTo(point));
    }

    [Test]
    public void Constructor_only_type_gets_its_key_through_the_backing_field()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<Tag>();
        var tag = new Tag(0, "blue") { Pinned = true };

        db.Connection.Insert(tag);
        var loaded = db.Connection.Get<Tag>(tag.Id);

        Assert.That(tag.Id, Is.EqualTo(1));
        Assert.That(loaded.Name, Is.EqualTo("blue"));
        Assert.That(loaded.Pinned, Is.True);
    }

    [Test]
    public void Init_required_and_non_public_setters_round_trip()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<Person>();
        var person = new Person { Name = "Ada", Email = "ada@example.invalid" };
        person.Visit();
        person.Visit();
        person.Feel(Mood.Grumpy);

        db.Connection.Insert(person);
        var loaded = db.Connection.Get<Person>(person.Id);

        Assert.That(person.Id, Is.EqualTo(1), "init-only key written back");
        Assert.That(loaded.Name, Is.EqualTo("Ada"));
        Assert.That(loaded.Email, Is.EqualTo("ada@example.invalid"));
        Assert.That(loaded.Visits, Is.EqualTo(2), "private setter");
        Assert.That(loaded.Mood, Is.EqualTo(Mood.Grumpy), "protected setter");
    }

    [Test]
    public void Private_setter_key_is_written_back()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<Account>();
        var first = new Account { Owner = "a" };
        var second = new Account { Owner = "b" };

        db.Connection.Insert(first);
        db.Connection.Insert(second);

        Assert.That((first.Id, second.Id), Is.EqualTo((1, 2)));
        Assert.That(db.Connection.Get<Account>(2).Owner, Is.EqualTo("b"));
    }

    [Test]
    public void SetsRequiredMembers_constructor_and_text_key_work()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<Gadget>();
        db.Connection.Insert(new Gadget { Code = "g-1", Level = 3 });

        Assert.That(db.Connection.Get<Gadget>("g-1").Level, Is.EqualTo(3));
    }

    [Test]
    public void Private_parameterless_constructor_is_reached_through_an_unsafe_accessor()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<SealedBox>();
        db.Connection.Insert(SealedBox.Create(9, "nine"));

        var loaded = db.Connection.Get<SealedBox>(9);

        Assert.That((loaded.Id, loaded.Label), Is.EqualTo((9, "nine")));
    }

    [Test]
    public void Base_class_members_come_first()
    {
        var table = EntityMapRegistry.GetGenerated<DerivedThing>()!.Table;

        Assert.That(table.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Value", "Note" }));
        Assert.That(table.PrimaryKey!.IsAutoIncrement, Is.True);
    }

    [Test]
    public void Assembly_level_map_serves_a_type_without_attributes()
    {
        using var db = new TempDatabase();
        db.Connection.CreateTable<ExternalThing>();
        db.Connection.Insert(new ExternalThing { Id = 4, Value = "x" });

        var row = db.Connection.Query<ExternalThing>("SELECT * FROM \"external_things\"").Single();

        Assert.That((row.Id, row.Value), Is.EqualTo((4, "x")));
    }

    [Test]
    public void Keyless_map_refuses_BindKey_with_a_mapping_exception()
    {
        var map = EntityMapRegistry.GetGenerated<ExternalThing>()!;

        // The keyless map throws before touching the statement, so none is needed.
        var error = Assert.Throws<MicroDbMappingException>(() => map.BindKey(null!, 1, new ExternalThing()));
        Assert.That(error!.Message, Does.Contain(typeof(ExternalThing).FullName!).And.Contain("[PrimaryKey]"));
        Assert.Throws<MicroDbMappingException>(() => map.BindUpdate(null!, new ExternalThing()));
    }

    [Test]
    public void BindColumn_and_GetValue_reject_an_unknown_column()
    {
        var map = EntityMapRegistry.GetGenerated<Account>()!;

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => map.GetValue(new Account(), 9));
        Assert.That(error!.ParamName, Is.EqualTo("columnIndex"));
    }

    [Test]
    public void Serialize_matches_BinaryCodec_per_column_and_Deserialize_round_trips()
    {
        var map = EntityMapRegistry.GetGenerated<AllTypes>()!;
        foreach (var entity in new[] { Sample(), AllTypesSamples.Minimums(), new AllTypes() })
        {
            using var stream = new MemoryStream();
            using (var writer = new BinaryWriter(stream, System.Text.Encoding.UTF8, leaveOpen: true))
            {
                map.Serialize(writer, entity);
            }

            Assert.That(stream.ToArray(), Is.EqualTo(ColumnCodec.SerializeByColumns(map, entity)));

            stream.Position = 0;
            using var reader = new BinaryReader(stream);
            AssertSameValues(map.Deserialize(reader), entity);
            Assert.That(stream.Position, Is.EqualTo(stream.Length));
        }
    }

    [TestCaseSource(nameof(Models))]
    public void Serialize_matches_BinaryCodec_per_column_for_every_model(Type type)
    {
        var map = EntityMapRegistry.GetGenerated(type)!;
        var entity = SampleOf(type);
        var serialize = typeof(EntityMap<>).MakeGenericType(type).GetMethod("Serialize")!;
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream, System.Text.Encoding.UTF8, leaveOpen: true))
        {
            serialize.Invoke(map, [writer, entity]);
        }

        Assert.That(stream.ToArray(), Is.EqualTo(ColumnCodec.SerializeByColumns(map, entity)));
    }

    private static object SampleOf(Type type)
    {
        if (type == typeof(AllTypes)) return Sample();
        if (type == typeof(Point)) return new Point(1, "p", 1.5);
        if (type == typeof(Tag)) return new Tag(3, "t") { Pinned = true };
        if (type == typeof(Person)) return new Person { Name = "n", Email = null };
        if (type == typeof(Account)) return new Account { Owner = "o" };
        if (type == typeof(ExternalThing)) return new ExternalThing { Id = 2, Value = "v" };
        if (type == typeof(SealedBox)) return SealedBox.Create(4, "box");
        if (type == typeof(DerivedThing)) return new DerivedThing { Value = 5, Note = "n" };
        return new Gadget { Code = "c", Level = 1 };
    }

    private static AllTypes Sample() => AllTypesSamples.Maximums();

    private static void AssertSameValues<T>(T actual, T expected)
    {
        var map = EntityMapRegistry.GetGenerated<T>()!;
        Assert.Multiple(() =>
        {
            foreach (var column in map.Table.Columns)
            {
                Assert.That(map.GetValue(actual, column.Ordinal), Is.EqualTo(map.GetValue(expected, column.Ordinal)), column.MemberName);
            }
        });
    }
}
