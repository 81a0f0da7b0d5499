using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Benchmarks.Models.HandWrittenGeneratedEquivalent;

/// <summary>
/// HandWrittenGeneratedEquivalent: the code the MicroDb generator is meant to emit for <see cref="TextRecord"/>
/// (straight-line typed binds, ordinal reads, <see cref="BinaryCodec"/> serialization, no reflection).
/// TODO(generator): delete this file and use the real generated map once src/Generator lands on main.
/// </summary>
public sealed class TextRecordMap : EntityMap<TextRecord>
{
    private TextRecordMap()
        : base(new TableMapping(typeof(TextRecord).FullName!, "TextRecord",
        [
            new ColumnMapping("Id", "Id", ColumnKind.Int32, false) { IsPrimaryKey = true, ClrTypeName = "int" },
            new ColumnMapping("Title", "Title", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Author", "Author", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Email", "Email", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Street", "Street", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("City", "City", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Country", "Country", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Summary", "Summary", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Notes", "Notes", ColumnKind.String, true) { ClrTypeName = "string" },
            new ColumnMapping("Rating", "Rating", ColumnKind.Int32, false) { ClrTypeName = "int" },
            new ColumnMapping("Price", "Price", ColumnKind.Double, false) { ClrTypeName = "double" },
        ]))
    {
    }

    /// <summary>The single instance, registered by <see cref="GeneratedMaps.Register"/>.</summary>
    public static TextRecordMap Instance { get; } = new();

    /// <inheritdoc />
    public override bool IsGenerated => true;

    /// <inheritdoc />
    public override void BindColumn(SqliteStatement statement, int parameterIndex, TextRecord entity, int columnIndex)
    {
        switch (columnIndex)
        {
            case 0: statement.Bind(parameterIndex, entity.Id); break;
            case 1: statement.Bind(parameterIndex, entity.Title); break;
            case 2: statement.Bind(parameterIndex, entity.Author); break;
            case 3: statement.Bind(parameterIndex, entity.Email); break;
            case 4: statement.Bind(parameterIndex, entity.Street); break;
            case 5: statement.Bind(parameterIndex, entity.City); break;
            case 6: statement.Bind(parameterIndex, entity.Country); break;
            case 7: statement.Bind(parameterIndex, entity.Summary); break;
            case 8: statement.Bind(parameterIndex, entity.Notes); break;
            case 9: statement.Bind(parameterIndex, entity.Rating); break;
            case 10: statement.Bind(parameterIndex, entity.Price); break;
            default: throw new ArgumentOutOfRangeException(nameof(columnIndex));
        }
    }

    /// <inheritdoc />
    public override void BindInsert(SqliteStatement statement, TextRecord entity) => BindAll(statement, entity);

    /// <inheritdoc />
    public override void BindAll(SqliteStatement statement, TextRecord entity)
    {
        statement.Bind(1, entity.Id);
        statement.Bind(2, entity.Title);
        statement.Bind(3, entity.Author);
        statement.Bind(4, entity.Email);
        statement.Bind(5, entity.Street);
        statement.Bind(6, entity.City);
        statement.Bind(7, entity.Country);
        statement.Bind(8, entity.Summary);
        statement.Bind(9, entity.Notes);
        statement.Bind(10, entity.Rating);
        statement.Bind(11, entity.Price);
    }

    /// <inheritdoc />
    public override void BindUpdate(SqliteStatement statement, TextRecord entity)
    {
        statement.Bind(1, entity.Title);
        statement.Bind(2, entity.Author);
        statement.Bind(3, entity.Email);
        statement.Bind(4, entity.Street);
        statement.Bind(5, entity.City);
        statement.Bind(6, entity.Country);
        statement.Bind(7, entity.Summary);
        statement.Bind(8, entity.Notes);
        statement.Bind(9, entity.Rating);
        statement.Bind(10, entity.Price);
        statement.Bind(11, entity.Id);
    }

    /// <inheritdoc />
    public override void BindKey(SqliteStatement statement, int parameterIndex, TextRecord entity) => statement.Bind(parameterIndex, entity.Id);

    /// <inheritdoc />
    public override TextRecord Read(SqliteStatement statement, ReadOnlySpan<int> ordinals)
    {
        var e = new TextRecord();
        int o;
        if ((o = ordinals[0]) >= 0) e.Id = statement.GetInt32(o);
        if ((o = ordinals[1]) >= 0) e.Title = statement.GetString(o);
        if ((o = ordinals[2]) >= 0) e.Author = statement.GetString(o);
        if ((o = ordinals[3]) >= 0) e.Email = statement.GetString(o);
        if ((o = ordinals[4]) >= 0) e.Street = statement.GetString(o);
        if ((o = ordinals[5]) >= 0) e.City = statement.GetString(o);
        if ((o = ordinals[6]) >= 0) e.Country = statement.GetString(o);
        if ((o = ordinals[7]) >= 0) e.Summary = statement.GetString(o);
        if ((o = ordinals[8]) >= 0) e.Notes = statement.GetString(o);
        if ((o = ordinals[9]) >= 0) e.Rating = statement.GetInt32(o);
        if ((o = ordinals[10]) >= 0) e.Price = statement.GetDouble(o);
        return e;
    }

    /// <inheritdoc />
    public override void SetGeneratedKey(TextRecord entity, long key)
    {
        // No [AutoIncrement] key: nothing to write back.
    }

    /// <inheritdoc />
    public override object? GetValue(TextRecord entity, int columnIndex) => columnIndex switch
    {
        0 => entity.Id,
        1 => entity.Title,
        2 => entity.Author,
        3 => entity.Email,
        4 => entity.Street,
        5 => entity.City,
        6 => entity.Country,
        7 => entity.Summary,
        8 => entity.Notes,
        9 => entity.Rating,
        10 => entity.Price,
        _ => throw new ArgumentOutOfRangeException(nameof(columnIndex)),
    };

    /// <inheritdoc />
    public override void Serialize(BinaryWriter writer, TextRecord entity)
    {
        BinaryCodec.Write(writer, entity.Id);
        BinaryCodec.Write(writer, entity.Title);
        BinaryCodec.Write(writer, entity.Author);
        BinaryCodec.Write(writer, entity.Email);
        BinaryCodec.Write(writer, entity.Street);
        BinaryCodec.Write(writer, entity.City);
        BinaryCodec.Write(writer, entity.Country);
        BinaryCodec.Write(writer, entity.Summary);
        BinaryCodec.Write(writer, entity.Notes);
        BinaryCodec.Write(writer, entity.Rating);
        BinaryCodec.Write(writer, entity.Price);
    }

    /// <inheritdoc />
    public override TextRecord Deserialize(BinaryReader reader) => new()
    {
        Id = BinaryCodec.ReadInt32(reader),
        Title = BinaryCodec.ReadString(reader),
        Author = BinaryCodec.ReadString(reader),
        Email = BinaryCodec.ReadString(reader),
        Street = BinaryCodec.ReadString(reader),
        City = BinaryCodec.ReadString(reader),
        Country = BinaryCodec.ReadString(reader),
        Summary = BinaryCodec.ReadString(reader),
        Notes = BinaryCodec.ReadString(reader),
        Rating = BinaryCodec.ReadInt32(reader),
        Price = BinaryCodec.ReadDouble(reader),
    };
}
