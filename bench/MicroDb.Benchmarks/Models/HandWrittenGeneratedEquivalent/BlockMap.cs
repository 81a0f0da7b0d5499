using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Benchmarks.Models.HandWrittenGeneratedEquivalent;

/// <summary>
/// HandWrittenGeneratedEquivalent: the code the MicroDb generator is meant to emit for <see cref="Block"/>.
/// TODO(generator): delete this file and use the real generated map once src/Generator lands on main.
/// </summary>
public sealed class BlockMap : EntityMap<Block>
{
    private BlockMap()
        : base(new TableMapping(typeof(Block).FullName!, "Block",
        [
            new ColumnMapping("Id", "Id", ColumnKind.Int64, false) { IsPrimaryKey = true, IsAutoIncrement = true, ClrTypeName = "long" },
            new ColumnMapping("Hash", "Hash", ColumnKind.String, true) { IsNotNull = true, ClrTypeName = "string" },
            new ColumnMapping("Size", "Size", ColumnKind.Int64, false) { ClrTypeName = "long" },
        ],
        [new IndexDeclaration("Hash", "Block_HashSize", 1, true), new IndexDeclaration("Size", "Block_HashSize", 2, true)]))
    {
    }

    /// <summary>The single instance, registered by <see cref="GeneratedMaps.Register"/>.</summary>
    public static BlockMap Instance { get; } = new();

    /// <inheritdoc />
    public override bool IsGenerated => true;

    /// <inheritdoc />
    public override void BindColumn(SqliteStatement statement, int parameterIndex, Block entity, int columnIndex)
    {
        switch (columnIndex)
        {
            case 0: statement.Bind(parameterIndex, entity.Id); break;
            case 1: statement.Bind(parameterIndex, entity.Hash); break;
            case 2: statement.Bind(parameterIndex, entity.Size); break;
            default: throw new ArgumentOutOfRangeException(nameof(columnIndex));
        }
    }

    /// <inheritdoc />
    public override void BindInsert(SqliteStatement statement, Block entity)
    {
        statement.Bind(1, entity.Hash);
        statement.Bind(2, entity.Size);
    }

    /// <inheritdoc />
    public override void BindAll(SqliteStatement statement, Block entity)
    {
        statement.Bind(1, entity.Id);
        statement.Bind(2, entity.Hash);
        statement.Bind(3, entity.Size);
    }

    /// <inheritdoc />
    public override void BindUpdate(SqliteStatement statement, Block entity)
    {
        statement.Bind(1, entity.Hash);
        statement.Bind(2, entity.Size);
        statement.Bind(3, entity.Id);
    }

    /// <inheritdoc />
    public override void BindKey(SqliteStatement statement, int parameterIndex, Block entity) => statement.Bind(parameterIndex, entity.Id);

    /// <inheritdoc />
    public override Block Read(SqliteStatement statement, ReadOnlySpan<int> ordinals)
    {
        var e = new Block();
        int o;
        if ((o = ordinals[0]) >= 0) e.Id = statement.GetInt64(o);
        if ((o = ordinals[1]) >= 0) e.Hash = statement.GetString(o) ?? "";
        if ((o = ordinals[2]) >= 0) e.Size = statement.GetInt64(o);
        return e;
    }

    /// <inheritdoc />
    public override void SetGeneratedKey(Block entity, long key) => entity.Id = key;

    /// <inheritdoc />
    public override object? GetValue(Block entity, int columnIndex) => columnIndex switch
    {
        0 => entity.Id,
        1 => entity.Hash,
        2 => entity.Size,
        _ => throw new ArgumentOutOfRangeException(nameof(columnIndex)),
    };

    /// <inheritdoc />
    public override void Serialize(BinaryWriter writer, Block entity)
    {
        BinaryCodec.Write(writer, entity.Id);
        BinaryCodec.Write(writer, entity.Hash);
        BinaryCodec.Write(writer, entity.Size);
    }

    /// <inheritdoc />
    public override Block Deserialize(BinaryReader reader) => new()
    {
        Id = BinaryCodec.ReadInt64(reader),
        Hash = BinaryCodec.ReadString(reader) ?? "",
        Size = BinaryCodec.ReadInt64(reader),
    };
}
