using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// A member accessed through typed open-instance delegates over its getter and setter, so binding and reading
/// do not box. <typeparamref name="TCodec"/> fixes the storage format.
/// </summary>
internal sealed class ValueAccessor<TEntity, TValue, TCodec> : MemberAccessor<TEntity>
    where TCodec : struct, IValueCodec<TValue>
{
    private readonly Func<TEntity, TValue> _get;
    private readonly Action<TEntity, TValue>? _set;

    public ValueAccessor(Func<TEntity, TValue> get, Action<TEntity, TValue>? set)
    {
        _get = get;
        _set = set;
    }

    public override bool CanWrite => _set is not null;

    public override object? DefaultBoxed => default(TValue);

    public override void WriteTo(TEntity entity, int columnIndex, ref SqliteColumnWriter writer) => default(TCodec).WriteTo(ref writer, columnIndex, _get(entity));

    public override void ReadFrom(TEntity entity, int columnIndex, ref SqliteColumnReader reader) => _set!(entity, default(TCodec).ReadFrom(ref reader, columnIndex));

    public override void Write(BinaryWriter writer, TEntity entity) => default(TCodec).Write(writer, _get(entity));

    public override void ReadBinary(BinaryReader reader, TEntity entity) => _set!(entity, default(TCodec).ReadBinary(reader));

    public override object? ReadBinaryBoxed(BinaryReader reader) => default(TCodec).ReadBinary(reader);

    public override object? GetBoxed(TEntity entity) => _get(entity);

    public override void SetBoxed(TEntity entity, object? value) => _set!(entity, (TValue)value!);

    public override void WriteTo<TWriter>(TEntity entity, int columnIndex, ref TWriter writer) => writer.Write(columnIndex, _get(entity));

    public override void ReadFrom<TReader>(TEntity entity, int columnIndex, ref TReader reader) => _set!(entity, reader.Read<TValue>(columnIndex));

    public override object? ReadBoxedFrom<TReader>(int columnIndex, ref TReader reader) => reader.Read<TValue>(columnIndex);

    // Static dispatch through the codec: no box, no Convert.ChangeType, nothing allocated per inserted row.
    public override void SetKey(TEntity entity, long key) => _set!(entity, default(TCodec).FromRowId(key));
}
