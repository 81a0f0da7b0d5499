using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>A map written by hand without the typed column contract: MicroDb.Npgsql refuses it before running anything.</summary>
public sealed class MapWithoutTypedColumnsTests
{
    /// <summary>A model whose only map is <see cref="HandWrittenMap"/>.</summary>
    public sealed class HandWritten
    {
        /// <summary>Key.</summary>
        public int Id { get; set; }
    }

    private sealed class HandWrittenMap() : EntityMap<HandWritten>(new TableMapping(typeof(HandWritten).FullName!, "pg_hand_written", Columns("Id Int32 Int32 primaryKey")))
    {
        protected override void WriteRow(ref MicroDb.Native.SqliteColumnWriter writer, HandWritten entity) => writer.Write(0, entity.Id);

        protected override HandWritten ReadRow(ref MicroDb.Native.SqliteColumnReader reader) => new() { Id = reader.Read<int>(0) };

        public override object? GetValue(HandWritten entity, int columnIndex) => entity.Id;
    }

    [Test]
    public void A_map_without_typed_columns_is_refused_naming_the_type_and_nothing_is_created()
    {
        EntityMapRegistry.Register(new HandWrittenMap());
        using var db = new MicroDbNpgsqlConnection(PostgresServer.DataSource, MappingMode.Generated);
        db.Execute("DROP TABLE IF EXISTS pg_hand_written");

        var create = Assert.Throws<MicroDbMappingException>(() => db.CreateTable<HandWritten>());
        Assert.That(create!.Message, Does.Contain(typeof(HandWritten).FullName).And.Contain("ITypedColumns<T>"));
        Assert.Throws<MicroDbMappingException>(() => db.Insert(new HandWritten { Id = 1 }));
        using var exists = new NpgsqlCommand("SELECT to_regclass('pg_hand_written') IS NOT NULL", db.Connection);
        Assert.That(exists.ExecuteScalar(), Is.False, "no table was created");
    }
}
