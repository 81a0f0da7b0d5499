using System.Reflection;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// An enum member. Its type is known only at run time and a typed delegate would need a generic instantiation
/// over it (MakeGenericType on a value type, which has no code under AOT), so it goes through PropertyInfo and boxes.
/// </summary>
internal sealed class EnumAccessor<TEntity> : MemberAccessor<TEntity>
{
    private readonly PropertyInfo _property;
    private readonly Type _enumType;
    private readonly bool _nullable;
    private readonly bool _asText;
    private readonly string _columnName;
    private readonly string _tableName;
    private readonly BoxedEnumText? _text;

    public EnumAccessor(PropertyInfo property, Type enumType, bool nullable, bool asText, string columnName, string tableName)
    {
        _text = asText ? new BoxedEnumText(enumType) : null;
        _tableName = tableName;
        _property = property;
        _enumType = enumType;
        _nullable = nullable;
        _asText = asText;
        _columnName = columnName;
        CanWrite = property.SetMethod is not null;
        DefaultBoxed = nullable ? null : Enum.ToObject(enumType, 0);
    }

    public override bool CanWrite { get; }

    public override object? DefaultBoxed { get; }

    public override void Write(BinaryWriter writer, TEntity entity)
    {
        var value = (Enum?)_property.GetValue(entity);
        if (_nullable)
        {
            BinaryCodec.Write(writer, value is null ? null : ValueEncoding.EnumToInt64(value));
        }
        else
        {
            BinaryCodec.Write(writer, ValueEncoding.EnumToInt64(value!));
        }
    }

    public override void ReadBinary(BinaryReader reader, TEntity entity) => _property.SetValue(entity, ReadBinaryBoxed(reader));

    public override object? ReadBinaryBoxed(BinaryReader reader)
    {
        var value = _nullable ? BinaryCodec.ReadNullableInt64(reader) : BinaryCodec.ReadInt64(reader);
        return value is null ? null : Enum.ToObject(_enumType, value.Value);
    }

    // Enums reach a provider as MicroDb stores them: their underlying value in a long, or their name when stored by name
    // (boxed here by PropertyInfo, as the reflection path always did for enums).
    public override void WriteTo<TWriter>(TEntity entity, int columnIndex, ref TWriter writer)
    {
        var value = (Enum?)_property.GetValue(entity);
        if (_asText)
        {
            writer.Write(columnIndex, value is null ? null : _text!.Write(value) ?? throw _text!.WriteError(_columnName, _tableName, value));
        }
        else if (_nullable)
        {
            writer.Write(columnIndex, value is null ? (long?)null : ValueEncoding.EnumToInt64(value));
        }
        else
        {
            writer.Write(columnIndex, ValueEncoding.EnumToInt64(value!));
        }
    }

    public override void WriteTo(TEntity entity, int columnIndex, ref SqliteColumnWriter writer) => WriteTo<SqliteColumnWriter>(entity, columnIndex, ref writer);

    public override void ReadFrom<TReader>(TEntity entity, int columnIndex, ref TReader reader) =>
        _property.SetValue(entity, ReadBoxedFrom(columnIndex, ref reader));

    public override void ReadFrom(TEntity entity, int columnIndex, ref SqliteColumnReader reader) =>
        _property.SetValue(entity, ReadBoxedFrom(columnIndex, ref reader));

    public override object? ReadBoxedFrom<TReader>(int columnIndex, ref TReader reader)
    {
        if (!_asText)
        {
            var number = reader.Read<long?>(columnIndex);
            return number is null ? DefaultBoxed : Enum.ToObject(_enumType, number.Value);
        }

        // NULL reads as the default, as in a column stored as a number; any other text must be one of the names.
        var text = reader.Read<string?>(columnIndex);
        if (text is null)
        {
            return DefaultBoxed;
        }

        if (_text!.TryRead(text, out var parsed))
        {
            return parsed;
        }

        // sqlite-net's format also reads the enum's number as text (its Enum.Parse does): EnumTextRule.TryReadSqliteNetNumber.
        return typeof(TReader) == typeof(SqliteColumnReader) && Unsafe.As<TReader, SqliteColumnReader>(ref reader).SqliteNetFormat
            && _text.TryReadSqliteNetNumber(text, out parsed)
            ? parsed
            : throw _text.ReadError(_columnName, _tableName, text);
    }

    public override object? GetBoxed(TEntity entity) => _property.GetValue(entity);

    public override void SetBoxed(TEntity entity, object? value) => _property.SetValue(entity, value);

    public override void SetKey(TEntity entity, long key) => throw new MicroDbMappingException($"Column '{_columnName}' is an enum and cannot receive an auto-incremented key.");
}
