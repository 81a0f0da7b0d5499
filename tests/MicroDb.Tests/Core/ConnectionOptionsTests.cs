using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;
using MicroDb.Conformance.Models;

namespace MicroDb.Tests.Core;

public sealed class ConnectionOptionsTests
{
    private string _path = "";

    [SetUp]
    public void SetUp()
    {
        var directory = Path.Combine(Path.GetTempPath(), "microdb-tests", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(directory);
        _path = Path.Combine(directory, "options.db");
    }

    [Test]
    public void Default_preset_is_wal_normal_with_foreign_keys()
    {
        using var db = new MicroDbConnection(_path);

        Assert.That(db.ExecuteScalar<string>("PRAGMA journal_mode"), Is.EqualTo("wal"));
        Assert.That(db.ExecuteScalar<int>("PRAGMA synchronous"), Is.EqualTo(1));
        Assert.That(db.ExecuteScalar<int>("PRAGMA foreign_keys"), Is.EqualTo(1));
        Assert.That(db.ExecuteScalar<int>("PRAGMA busy_timeout"), Is.EqualTo(5000));
    }

    [Test]
    public void Durable_preset_syncs_fully()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path) { Preset = MicroDbPreset.Durable });

        Assert.That(db.ExecuteScalar<string>("PRAGMA journal_mode"), Is.EqualTo("wal"));
        Assert.That(db.ExecuteScalar<int>("PRAGMA synchronous"), Is.EqualTo(2));
    }

    [Test]
    public void Untuned_preset_keeps_sqlite_defaults()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path) { Preset = MicroDbPreset.Untuned });

        Assert.That(db.ExecuteScalar<string>("PRAGMA journal_mode"), Is.EqualTo("delete"));
        Assert.That(db.ExecuteScalar<int>("PRAGMA synchronous"), Is.EqualTo(2));
        Assert.That(db.ExecuteScalar<int>("PRAGMA foreign_keys"), Is.Zero);
    }

    [Test]
    public void Explicit_pragmas_are_applied()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path)
        {
            CacheSize = -8000,
            MmapSize = 1 << 20,
            TempStore = TempStore.Memory,
            Synchronous = SynchronousMode.Off,
            JournalMode = JournalMode.Truncate,
            BusyTimeout = TimeSpan.FromMilliseconds(1234),
        });

        Assert.That(db.ExecuteScalar<int>("PRAGMA cache_size"), Is.EqualTo(-8000));
        Assert.That(db.ExecuteScalar<long>("PRAGMA mmap_size"), Is.EqualTo(1 << 20));
        Assert.That(db.ExecuteScalar<int>("PRAGMA temp_store"), Is.EqualTo(2));
        Assert.That(db.ExecuteScalar<int>("PRAGMA synchronous"), Is.Zero);
        Assert.That(db.ExecuteScalar<string>("PRAGMA journal_mode"), Is.EqualTo("truncate"));
        Assert.That(db.ExecuteScalar<int>("PRAGMA busy_timeout"), Is.EqualTo(1234));
    }

    [Test]
    public void Generated_mode_without_a_generated_map_names_the_type()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path) { Mapping = MappingMode.Generated });

        var error = Assert.Throws<MicroDbMappingException>(() => db.CreateTable<Person>());

        Assert.That(error!.Message, Does.Contain(typeof(Person).FullName!).And.Contain("generated"));
    }

    [Test]
    public void Fail_fast_option_refuses_reflection_fallback_and_names_the_type()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path) { ThrowOnReflectionFallback = true }.UseReflection());

        var error = Assert.Throws<MicroDbMappingException>(() => db.CreateTable<Person>());

        Assert.That(error!.Message, Does.Contain(typeof(Person).FullName!).And.Contain("ThrowOnReflectionFallback"));
    }

    [Test]
    public void Auto_mode_falls_back_to_reflection_when_enabled()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path).UseReflection());

        db.CreateTable<Person>();

        Assert.That(db.GetMap<Person>().IsGenerated, Is.False);
    }

    [Test]
    public void GetMap_returns_one_map_per_connection_and_each_connection_keeps_its_own_rule()
    {
        // The resolved map is remembered per connection (one array slot per type): a second connection with another
        // member rule must get its own map, and a refused type must stay refused rather than reuse the other's map.
        using var sqliteNetRule = new MicroDbConnection(new MicroDbOptions(_path).UseReflection(sqliteNetMemberRule: true));
        using var microDbRule = new MicroDbConnection(new MicroDbOptions(_path).UseReflection());

        var first = sqliteNetRule.GetMap<WithComputedProperty>();

        Assert.That(sqliteNetRule.GetMap<WithComputedProperty>(), Is.SameAs(first));
        Assert.That(first.Table.Columns.Select(c => c.Name), Is.EqualTo(new[] { "Id", "Name" }));
        Assert.Throws<MicroDbMappingException>(() => microDbRule.GetMap<WithComputedProperty>());
        Assert.Throws<MicroDbMappingException>(() => microDbRule.GetMap<WithComputedProperty>());
        Assert.That(sqliteNetRule.GetMap<WithComputedProperty>(), Is.SameAs(first));
    }

    [Test]
    public void Auto_mode_picks_up_a_generated_map_registered_after_a_reflection_fallback()
    {
        // Under the JIT a model's generated map registers when its assembly's module initializer runs, which can be
        // after a connection's first call fell back to reflection: the connection must not keep the fallback.
        using var db = new MicroDbConnection(new MicroDbOptions(_path).UseReflection());
        var fallback = db.GetMap<LateRegistered>();
        Assert.That(fallback.IsGenerated, Is.False);

        EntityMapRegistry.Register(new StandInGeneratedMap<LateRegistered>(fallback));

        Assert.That(db.GetMap<LateRegistered>().IsGenerated, Is.True);
        db.CreateTable<LateRegistered>();
        db.Insert(new LateRegistered { Name = "Ada" });
        Assert.That(db.Find<LateRegistered>(1)!.Name, Is.EqualTo("Ada"));
    }

    [Test]
    public void Reflection_map_reads_through_a_private_parameterless_constructor()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(_path) { Mapping = MappingMode.Reflection }.UseReflection());
        db.CreateTable<WithPrivateConstructor>();
        db.Insert(new WithPrivateConstructor("Ada"));
        var before = WithPrivateConstructor.PrivateCalls;

        var read = db.Find<WithPrivateConstructor>(1);
        var all = db.Query<WithPrivateConstructor>("SELECT * FROM WithPrivateConstructor");

        Assert.That(read!.Name, Is.EqualTo("Ada"));
        Assert.That(all.Single().Name, Is.EqualTo("Ada"));
        Assert.That(WithPrivateConstructor.PrivateCalls - before, Is.EqualTo(2));
    }

    [Test]
    public void Auto_mode_without_any_provider_explains_what_to_do()
    {
        using var db = new MicroDbConnection(_path);
        var previous = EntityMapRegistry.DefaultReflectionProvider;
        EntityMapRegistry.DefaultReflectionProvider = null;
        try
        {
            var error = Assert.Throws<MicroDbMappingException>(() => db.CreateTable<Person>());
            Assert.That(error!.Message, Does.Contain("UseReflection"));
        }
        finally
        {
            EntityMapRegistry.DefaultReflectionProvider = previous;
        }
    }

    [Test]
    public void Memory_database_works()
    {
        using var db = new MicroDbConnection(new MicroDbOptions(":memory:").UseReflection());
        db.CreateTable<Person>();
        db.Insert(new Person { Name = "m" });

        Assert.That(db.Get<Person>(1).Name, Is.EqualTo("m"));
    }

    [Test]
    public void Sqlite_version_is_reported()
    {
        Assert.That(MicroDbConnection.SqliteVersion, Does.Match(@"^3\.\d+\.\d+$"));
    }

    /// <summary>A model without MicroDb attributes whose get-only property only sqlite-net's member rule skips.</summary>
    public sealed class WithComputedProperty
    {
        public int Id { get; set; }

        public string? Name { get; set; }

        public int NameLength => Name?.Length ?? 0;
    }

    /// <summary>A model the reflection path must create through its private parameterless constructor.</summary>
    [Table("WithPrivateConstructor")]
    public sealed class WithPrivateConstructor
    {
        public WithPrivateConstructor(string name) => Name = name;

        private WithPrivateConstructor() => Interlocked.Increment(ref _privateCalls);

        public static int PrivateCalls => Volatile.Read(ref _privateCalls);

        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        public string? Name { get; set; }

        private static int _privateCalls;
    }

    /// <summary>A model whose "generated" map the test registers after first use.</summary>
    [Table("LateRegistered")]
    public sealed class LateRegistered
    {
        [PrimaryKey, AutoIncrement]
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    /// <summary>Stands in for a generated map: another map's behaviour, reporting itself as generated.</summary>
    private sealed class StandInGeneratedMap<T>(EntityMap<T> inner) : EntityMap<T>(inner.Table, inner.Sql)
    {
        public override bool IsGenerated => true;

        protected override void WriteRow(ref MicroDb.Native.SqliteColumnWriter writer, T entity) => ((ITypedColumns<T>)inner).WriteColumns(entity, ref writer);

        protected override T ReadRow(ref MicroDb.Native.SqliteColumnReader reader) => ((ITypedColumns<T>)inner).ReadColumns(ref reader);

        public override void SetGeneratedKey(T entity, long key) => inner.SetGeneratedKey(entity, key);

        public override object? GetValue(T entity, int columnIndex) => inner.GetValue(entity, columnIndex);

        public override bool CanSerialize => inner.CanSerialize;

        public override void Serialize(BinaryWriter writer, T entity) => inner.Serialize(writer, entity);

        public override T Deserialize(BinaryReader reader) => inner.Deserialize(reader);
    }
}
