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

    /// <summary>
    /// Converts a new row id to the key's type, unchecked like the generated <c>SetGeneratedKey</c>. Only integer
    /// codecs override it: the model rules allow <c>[AutoIncrement]</c> on integer keys only.
    /// </summary>
    static virtual TValue FromRowId(long rowId) => throw new InvalidOperationException($"A {typeof(TValue).Name} member cannot receive an auto-incremented key.");
}
