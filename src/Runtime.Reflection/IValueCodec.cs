using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// How one CLR type is serialized and takes a row id (binding and reading go through <c>SqliteColumnWriter</c>/<c>SqliteColumnReader</c>, the typed contract). Implemented by empty structs whose members are called on
/// <c>default(TCodec)</c>: specialized per struct, the calls are direct, not virtual (instance members rather than
/// static abstract ones, which the netstandard2.0 build cannot declare).
/// </summary>
/// <typeparam name="TValue">The member type.</typeparam>
internal interface IValueCodec<TValue>
{
    /// <summary>Hands the value to SQLite's writer, from a call site where <typeparamref name="TValue"/> is exact (no shared generic code for reference types).</summary>
    void WriteTo(ref SqliteColumnWriter writer, int columnIndex, TValue value);

    /// <summary>Reads the value from SQLite's reader, exactly typed as <see cref="WriteTo"/>.</summary>
    TValue ReadFrom(ref SqliteColumnReader reader, int columnIndex);

    void Write(BinaryWriter writer, TValue value);

    TValue ReadBinary(BinaryReader reader);

    /// <summary>
    /// Converts a new row id to the key's type, unchecked like the generated <c>SetGeneratedKey</c>. Only integer
    /// codecs convert; the others throw <see cref="RowIds.Refused{TValue}"/>: the model rules allow <c>[AutoIncrement]</c>
    /// on integer keys only.
    /// </summary>
    TValue FromRowId(long rowId);
}

/// <summary>The refusal of a non-integer codec to take an auto-incremented key.</summary>
internal static class RowIds
{
    /// <summary>The error for a <typeparamref name="TValue"/> member given a row id.</summary>
    public static InvalidOperationException Refused<TValue>() => new($"A {typeof(TValue).Name} member cannot receive an auto-incremented key.");
}
