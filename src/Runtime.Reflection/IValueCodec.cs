using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>How one CLR type is bound, read and serialized; static so calls are direct, not virtual.</summary>
/// <typeparam name="TValue">The member type.</typeparam>
internal interface IValueCodec<TValue>
{
    static abstract void Bind(SqliteStatement statement, int index, TValue value);

    static abstract TValue Read(SqliteStatement statement, int ordinal);

    static abstract void Write(BinaryWriter writer, TValue value);

    static abstract TValue ReadBinary(BinaryReader reader);
}
