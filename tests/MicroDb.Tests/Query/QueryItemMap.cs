using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Tests.Query;

/// <summary>
/// A hand-written map for <see cref="QueryItem"/>, standing in for the generated and reflection maps until the shared
/// conformance suite runs the query tests on both paths. It follows the EntityMap contract: -1 ordinals keep defaults.
/// </summary>
public sealed class QueryItemMap : EntityMap<QueryItem>
{
    private static readonly ColumnMapping[] ColumnList =
    [
        new("Id", "Id", ColumnKind.Int32, false) { IsPrimaryKey = true, IsAutoIncrement = true },
        new("Name", "Name", ColumnKind.String, true),
        new("Age", "Age", ColumnKind.Int32, false),
        new("Score", "Score", ColumnKind.Double, false),
        new("Height", "Height", ColumnKind.Int32, true),
        new("Active", "Active", ColumnKind.Boolean, false),
        new("Hue", "Hue", ColumnKind.Enum, false),
        new("Shade", "Shade", ColumnKind.EnumText, false),
        new("Born", "Born", ColumnKind.DateTime, false),
        new("BornText", "BornText", ColumnKind.DateTimeText, false),
        new("Price", "Price", ColumnKind.Decimal, false),
        new("Token", "Token", ColumnKind.Guid, false),
        new("Initial", "Initial", ColumnKind.Char, false),
        new("Flag", "Flag", ColumnKind.Boolean, true),
        new("Big", "Big", ColumnKind.Int64, false),
    ];

    public QueryItemMap()
        : base(new TableMapping(typeof(QueryItem).FullName!, "query_items", ColumnList))
    {
    }

    public override bool IsGenerated => true;

    public override void BindColumn(SqliteStatement statement, int parameterIndex, QueryItem entity, int columnIndex)
    {
        switch (columnIndex)
        {
            case 0: statement.Bind(parameterIndex, entity.Id); break;
            case 1: statement.Bind(parameterIndex, entity.Name); break;
            case 2: statement.Bind(parameterIndex, entity.Age); break;
            case 3: statement.Bind(parameterIndex, entity.Score); break;
            case 4: statement.Bind(parameterIndex, entity.Height); break;
            case 5: statement.Bind(parameterIndex, entity.Active); break;
            case 6: statement.Bind(parameterIndex, (long)entity.Hue); break;
            case 7: statement.BindEnumAsText(parameterIndex, entity.Shade); break;
            case 8: statement.Bind(parameterIndex, entity.Born); break;
            case 9: statement.BindAsText(parameterIndex, entity.BornText); break;
            case 10: statement.Bind(parameterIndex, entity.Price); break;
            case 11: statement.Bind(parameterIndex, entity.Token); break;
            case 12: statement.Bind(parameterIndex, entity.Initial); break;
            case 13: statement.Bind(parameterIndex, entity.Flag); break;
            case 14: statement.Bind(parameterIndex, entity.Big); break;
            default: throw new ArgumentOutOfRangeException(nameof(columnIndex));
        }
    }

    public override QueryItem Read(SqliteStatement statement, ReadOnlySpan<int> ordinals)
    {
        var e = new QueryItem();
        int o;
        if ((o = ordinals[0]) >= 0) e.Id = statement.GetInt32(o);
        if ((o = ordinals[1]) >= 0) e.Name = statement.GetString(o);
        if ((o = ordinals[2]) >= 0) e.Age = statement.GetInt32(o);
        if ((o = ordinals[3]) >= 0) e.Score = statement.GetDouble(o);
        if ((o = ordinals[4]) >= 0) e.Height = statement.GetNullableInt32(o);
        if ((o = ordinals[5]) >= 0) e.Active = statement.GetBoolean(o);
        if ((o = ordinals[6]) >= 0) e.Hue = (Hue)statement.GetInt64(o);
        if ((o = ordinals[7]) >= 0) e.Shade = statement.GetEnumFromText<Shade>(o);
        if ((o = ordinals[8]) >= 0) e.Born = statement.GetDateTime(o);
        if ((o = ordinals[9]) >= 0) e.BornText = statement.GetDateTimeFromText(o);
        if ((o = ordinals[10]) >= 0) e.Price = statement.GetDecimal(o);
        if ((o = ordinals[11]) >= 0) e.Token = statement.GetGuid(o);
        if ((o = ordinals[12]) >= 0) e.Initial = statement.GetChar(o);
        if ((o = ordinals[13]) >= 0) e.Flag = statement.GetNullableBoolean(o);
        if ((o = ordinals[14]) >= 0) e.Big = statement.GetInt64(o);
        return e;
    }

    public override void SetGeneratedKey(QueryItem entity, long key) => entity.Id = (int)key;

    public override object? GetValue(QueryItem entity, int columnIndex) => columnIndex switch
    {
        0 => entity.Id,
        1 => entity.Name,
        2 => entity.Age,
        3 => entity.Score,
        4 => entity.Height,
        5 => entity.Active,
        6 => entity.Hue,
        7 => entity.Shade,
        8 => entity.Born,
        9 => entity.BornText,
        10 => entity.Price,
        11 => entity.Token,
        12 => entity.Initial,
        13 => entity.Flag,
        14 => entity.Big,
        _ => throw new ArgumentOutOfRangeException(nameof(columnIndex)),
    };

    public override void Serialize(BinaryWriter writer, QueryItem entity)
    {
        BinaryCodec.Write(writer, entity.Id);
        BinaryCodec.Write(writer, entity.Name);
        BinaryCodec.Write(writer, entity.Age);
        BinaryCodec.Write(writer, entity.Score);
        BinaryCodec.Write(writer, entity.Height);
        BinaryCodec.Write(writer, entity.Active);
        BinaryCodec.Write(writer, (long)entity.Hue);
        BinaryCodec.Write(writer, entity.Shade.ToString());
        BinaryCodec.Write(writer, entity.Born);
        BinaryCodec.Write(writer, entity.BornText);
        BinaryCodec.Write(writer, entity.Price);
        BinaryCodec.Write(writer, entity.Token);
        BinaryCodec.Write(writer, entity.Initial);
        BinaryCodec.Write(writer, entity.Flag);
        BinaryCodec.Write(writer, entity.Big);
    }

    public override QueryItem Deserialize(BinaryReader reader) => new()
    {
        Id = BinaryCodec.ReadInt32(reader),
        Name = BinaryCodec.ReadString(reader),
        Age = BinaryCodec.ReadInt32(reader),
        Score = BinaryCodec.ReadDouble(reader),
        Height = BinaryCodec.ReadNullableInt32(reader),
        Active = BinaryCodec.ReadBoolean(reader),
        Hue = (Hue)BinaryCodec.ReadInt64(reader),
        Shade = Enum.Parse<Shade>(BinaryCodec.ReadString(reader)!),
        Born = BinaryCodec.ReadDateTime(reader),
        BornText = BinaryCodec.ReadDateTime(reader),
        Price = BinaryCodec.ReadDecimal(reader),
        Token = BinaryCodec.ReadGuid(reader),
        Initial = BinaryCodec.ReadChar(reader),
        Flag = BinaryCodec.ReadNullableBoolean(reader),
        Big = BinaryCodec.ReadInt64(reader),
    };
}
