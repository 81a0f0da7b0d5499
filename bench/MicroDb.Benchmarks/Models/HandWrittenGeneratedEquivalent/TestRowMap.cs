using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Benchmarks.Models.HandWrittenGeneratedEquivalent;

/// <summary>
/// HandWrittenGeneratedEquivalent: the code the MicroDb generator is meant to emit for <see cref="TestRow"/>.
/// TODO(generator): delete this file and use the real generated map once src/Generator lands on main.
/// </summary>
public sealed class TestRowMap : EntityMap<TestRow>
{
    private TestRowMap()
        : base(new TableMapping(typeof(TestRow).FullName!, "Test",
        [
            new ColumnMapping("Id", "Id", ColumnKind.Int64, false) { IsPrimaryKey = true, IsAutoIncrement = true, ClrTypeName = "long" },
            new ColumnMapping("TextData", "TextData", ColumnKind.String, true) { MaxLength = 500, ClrTypeName = "string" },
        ]))
    {
    }

    /// <summary>The single instance, registered by <see cref="GeneratedMaps.Register"/>.</summary>
    public static TestRowMap Instance { get; } = new();

    /// <inheritdoc />
    public override bool IsGenerated => true;

    /// <inheritdoc />
    public override void BindColumn(SqliteStatement statement, int parameterIndex, TestRow entity, int columnIndex)
    {
        switch (columnIndex)
        {
            case 0: statement.Bind(parameterIndex, entity.Id); break;
            case 1: statement.Bind(parameterIndex, entity.TextData); break;
            default: throw new ArgumentOutOfRangeException(nameof(columnIndex));
        }
    }

    /// <inheritdoc />
    public override void BindInsert(SqliteStatement statement, TestRow entity) => statement.Bind(1, entity.TextData);

    /// <inheritdoc />
    public override void BindAll(SqliteStatement statement, TestRow entity)
    {
        statement.Bind(1, entity.Id);
        statement.Bind(2, entity.TextData);
    }

    /// <inheritdoc />
    public override void BindUpdate(SqliteStatement statement, TestRow entity)
    {
        statement.Bind(1, entity.TextData);
        statement.Bind(2, entity.Id);
    }

    /// <inheritdoc />
    public override void BindKey(SqliteStatement statement, int parameterIndex, TestRow entity) => statement.Bind(parameterIndex, entity.Id);

    /// <inheritdoc />
    public override TestRow Read(SqliteStatement statement, ReadOnlySpan<int> ordinals)
    {
        var e = new TestRow();
        int o;
        if ((o = ordinals[0]) >= 0) e.Id = statement.GetInt64(o);
        if ((o = ordinals[1]) >= 0) e.TextData = statement.GetString(o);
        return e;
    }

    /// <inheritdoc />
    public override void SetGeneratedKey(TestRow entity, long key) => entity.Id = key;

    /// <inheritdoc />
    public override object? GetValue(TestRow entity, int columnIndex) => columnIndex switch
    {
        0 => entity.Id,
        1 => entity.TextData,
        _ => throw new ArgumentOutOfRangeException(nameof(columnIndex)),
    };

    /// <inheritdoc />
    public override void Serialize(BinaryWriter writer, TestRow entity)
    {
        BinaryCodec.Write(writer, entity.Id);
        BinaryCodec.Write(writer, entity.TextData);
    }

    /// <inheritdoc />
    public override TestRow Deserialize(BinaryReader reader) => new()
    {
        Id = BinaryCodec.ReadInt64(reader),
        TextData = BinaryCodec.ReadString(reader),
    };
}
