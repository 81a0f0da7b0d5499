using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Runtime.Reflection;

/// <summary>
/// An <see cref="EntityMap{T}"/> built from attributes at run time. Members are reached through typed delegates
/// (enums through <see cref="PropertyInfo"/>); no Reflection.Emit or Expression.Compile, so it also runs without a JIT.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal sealed class ReflectionEntityMap<T> : EntityMap<T>, ITypedColumns<T>
{
    private readonly MemberAccessor<T>[] _members;
    private readonly ConstructorInfo? _constructor;
    private readonly int[] _constructorColumns;
    private readonly MemberAccessor<T>? _key;

    internal ReflectionEntityMap(TableMapping table, MemberAccessor<T>[] members, ConstructorInfo? constructor, int[] constructorColumns)
        : base(table)
    {
        _members = members;
        _constructor = constructor;
        _constructorColumns = constructorColumns;
        _key = table.AutoIncrementColumn is { } auto ? members[auto.Ordinal] : null;
    }

    /// <inheritdoc />
    public override bool IsGenerated => false;

    // SQLite's bind and read go through the contract too, with each member's non-generic SQLite overload (a generic
    // virtual call per member would cost a lookup each under NativeAOT); the bodies are the generic ones below.

    /// <inheritdoc />
    protected override void WriteRow(ref SqliteColumnWriter writer, T entity)
    {
        var members = _members;
        for (var i = 0; i < members.Length; i++)
        {
            if (writer.Binds(i))
            {
                members[i].WriteTo(entity, i, ref writer);
            }
        }
    }

    /// <inheritdoc />
    protected override T ReadRow(ref SqliteColumnReader reader)
    {
        var members = _members;
        if (_constructor is null)
        {
            var entity = CreateWithDefaultConstructor();
            for (var i = 0; i < members.Length; i++)
            {
                if (reader.Contains(i))
                {
                    members[i].ReadFrom(entity, i, ref reader);
                }
            }

            return entity;
        }

        return ReadColumns(ref reader);
    }

    /// <inheritdoc />
    public void WriteColumns<TWriter>(T entity, ref TWriter writer)
        where TWriter : struct, IColumnValueWriter
    {
        var members = _members;
        for (var i = 0; i < members.Length; i++)
        {
            members[i].WriteTo(entity, i, ref writer);
        }
    }

    /// <inheritdoc />
    public T ReadColumns<TReader>(ref TReader reader)
        where TReader : struct, IColumnValueReader
    {
        var members = _members;
        if (_constructor is null)
        {
            var entity = CreateWithDefaultConstructor();
            for (var i = 0; i < members.Length; i++)
            {
                if (reader.Contains(i))
                {
                    members[i].ReadFrom(entity, i, ref reader);
                }
            }

            return entity;
        }

        var args = new object?[_constructorColumns.Length];
        for (var a = 0; a < args.Length; a++)
        {
            var column = _constructorColumns[a];
            args[a] = reader.Contains(column) ? members[column].ReadBoxedFrom(column, ref reader) : members[column].DefaultBoxed;
        }

        var created = (T)_constructor.Invoke(args);
        for (var i = 0; i < members.Length; i++)
        {
            if (reader.Contains(i) && members[i].CanWrite && Array.IndexOf(_constructorColumns, i) < 0)
            {
                members[i].ReadFrom(created, i, ref reader);
            }
        }

        return created;
    }

    // Activator's cached path calls the parameterless constructor (public or not: the builder chose it) two to three
    // times faster than ConstructorInfo.Invoke, which every read and every deserialized object pays.
    [UnconditionalSuppressMessage("Trimming", "IL2087", Justification = "The map is built only through the annotated reflection entry points, which keep the constructors of T (ReflectionMapBuilder.ChooseConstructor).")]
    private static T CreateWithDefaultConstructor() => (T)Activator.CreateInstance(typeof(T), nonPublic: true)!;

    /// <inheritdoc />
    public override void SetGeneratedKey(T entity, long key) => _key?.SetKey(entity, key);

    /// <inheritdoc />
    public override object? GetValue(T entity, int columnIndex) => _members[columnIndex].GetBoxed(entity);

    /// <inheritdoc />
    public override bool CanSerialize => true;

    /// <inheritdoc />
    public override void Serialize(BinaryWriter writer, T entity)
    {
        foreach (var member in _members)
        {
            member.Write(writer, entity);
        }
    }

    /// <inheritdoc />
    public override T Deserialize(BinaryReader reader)
    {
        var members = _members;
        if (_constructor is null)
        {
            var entity = CreateWithDefaultConstructor();
            foreach (var member in members)
            {
                member.ReadBinary(reader, entity);
            }

            return entity;
        }

        // Values arrive in column order; hold them until the constructor can take its share.
        var values = new object?[members.Length];
        for (var i = 0; i < members.Length; i++)
        {
            values[i] = members[i].ReadBinaryBoxed(reader);
        }

        var args = new object?[_constructorColumns.Length];
        for (var a = 0; a < args.Length; a++)
        {
            args[a] = values[_constructorColumns[a]];
        }

        var created = (T)_constructor.Invoke(args);
        for (var i = 0; i < members.Length; i++)
        {
            if (members[i].CanWrite && Array.IndexOf(_constructorColumns, i) < 0)
            {
                members[i].SetBoxed(created, values[i]);
            }
        }

        return created;
    }
}
