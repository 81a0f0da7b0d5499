using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>Reads and writes one mapped member of <typeparamref name="TEntity"/> for every operation a map needs.</summary>
/// <typeparam name="TEntity">The entity type.</typeparam>
internal abstract class MemberAccessor<TEntity>
{
    /// <summary>False for a member with no setter (it is filled through the constructor).</summary>
    public abstract bool CanWrite { get; }

    /// <summary>Hands the member's value to SQLite's writer (<see cref="WriteTo{TWriter}"/> for SQLite, without a generic virtual call).</summary>
    public abstract void WriteTo(TEntity entity, int columnIndex, ref SqliteColumnWriter writer);

    /// <summary>Reads the column from SQLite's reader and assigns the member (<see cref="ReadFrom{TReader}"/> for SQLite).</summary>
    public abstract void ReadFrom(TEntity entity, int columnIndex, ref SqliteColumnReader reader);

    public abstract void Write(BinaryWriter writer, TEntity entity);

    public abstract void ReadBinary(BinaryReader reader, TEntity entity);

    public abstract object? ReadBinaryBoxed(BinaryReader reader);

    public abstract object? GetBoxed(TEntity entity);

    public abstract void SetBoxed(TEntity entity, object? value);

    /// <summary>Assigns an auto-incremented key, converting from the row id.</summary>
    public abstract void SetKey(TEntity entity, long key);

    /// <summary>Hands the member's value, typed, to a provider's writer (<see cref="ITypedColumns{T}"/>).</summary>
    public abstract void WriteTo<TWriter>(TEntity entity, int columnIndex, ref TWriter writer)
        where TWriter : struct, IColumnValueWriter;

    /// <summary>Reads the column from a provider's reader and assigns the member.</summary>
    public abstract void ReadFrom<TReader>(TEntity entity, int columnIndex, ref TReader reader)
        where TReader : struct, IColumnValueReader;

    /// <summary>Reads the column from a provider's reader, boxed, for constructor arguments.</summary>
    public abstract object? ReadBoxedFrom<TReader>(int columnIndex, ref TReader reader)
        where TReader : struct, IColumnValueReader;

    /// <summary>The value a member holds when no column supplies it (for constructor arguments).</summary>
    public abstract object? DefaultBoxed { get; }
}
