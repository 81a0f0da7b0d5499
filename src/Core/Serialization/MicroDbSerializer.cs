using MicroDb.Mapping;
using MicroDb.Serialization;

namespace MicroDb;

/// <summary>
/// Writes a sequence of mapped entities to a stream and reads it back, through the same maps connections use
/// (generated or reflection-built, which write identical bytes). The stream holds a header (magic bytes <c>MDBS</c>, a
/// format version, the mapping's shape and the entity count) followed by each entity in column order; a stream that is
/// foreign, of another version, for another shape, truncated or corrupt is refused with a
/// <see cref="MicroDbSerializationException"/>. Each call reads or writes only its own bytes, starting at the stream's
/// current position, and leaves the stream open.
/// </summary>
public static class MicroDbSerializer
{
    /// <summary>The format version this MicroDb writes, and the only one it reads.</summary>
    public static int FormatVersion => SerializationHeader.Version;

    /// <summary>
    /// Writes <paramref name="entities"/> with the generated map of <typeparamref name="T"/>, or the reflection map
    /// when it has none and <see cref="EntityMapRegistry.DefaultReflectionProvider"/> is set (as <see cref="MappingMode.Auto"/>).
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A writable stream; writing starts at its position and it is left open.</param>
    /// <param name="entities">The entities; none may be null.</param>
    /// <exception cref="MicroDbMappingException">No map is available for <typeparamref name="T"/>.</exception>
    public static void Serialize<T>(Stream stream, IEnumerable<T> entities) =>
        Serialize(stream, entities, ResolveAuto<T>());

    /// <summary>Writes <paramref name="entities"/> with the map a connection opened with <paramref name="options"/> would use.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A writable stream; writing starts at its position and it is left open.</param>
    /// <param name="entities">The entities; none may be null.</param>
    /// <param name="options">Chooses the map: <see cref="MicroDbOptions.Mapping"/>, <see cref="MicroDbOptions.ReflectionProvider"/> and <see cref="MicroDbOptions.ThrowOnReflectionFallback"/>.</param>
    /// <exception cref="MicroDbMappingException">No map is available for <typeparamref name="T"/> under these options.</exception>
    public static void Serialize<T>(Stream stream, IEnumerable<T> entities, MicroDbOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        Serialize(stream, entities, Resolve<T>(options));
    }

    /// <summary>Writes <paramref name="entities"/> with <paramref name="map"/> (for example a connection's <see cref="MicroDbConnection.GetMap{T}"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A writable stream; writing starts at its position and it is left open.</param>
    /// <param name="entities">
    /// The entities; none may be null. A collection is written as it is enumerated; any other sequence is first
    /// buffered into a list, because the header carries the count. If writing fails part-way, the stream holds a
    /// truncated sequence that <see cref="Deserialize{T}(Stream, EntityMap{T})"/> refuses.
    /// </param>
    /// <param name="map">The map that writes each entity.</param>
    public static void Serialize<T>(Stream stream, IEnumerable<T> entities, EntityMap<T> map)
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(entities);
        ArgumentNullException.ThrowIfNull(map);
        ThrowIfCannotSerialize(map);
        if (!stream.CanWrite)
        {
            throw new ArgumentException("The stream is not writable.", nameof(stream));
        }

        if (!entities.TryGetNonEnumeratedCount(out var count))
        {
            var buffered = entities.ToList();
            entities = buffered;
            count = buffered.Count;
        }

        using var writer = new BinaryWriter(stream, SerializationHeader.Utf8, leaveOpen: true);
        SerializationHeader.Write(writer, map.Table);
        writer.Write(count);
        var written = 0;
        foreach (var entity in entities)
        {
            if (entity is null)
            {
                throw new ArgumentException($"The sequence holds a null '{typeof(T).FullName}' at index {written}.", nameof(entities));
            }

            if (written == count)
            {
                throw new InvalidOperationException($"The sequence of '{typeof(T).FullName}' yielded more than the {count} entities it counted.");
            }

            map.Serialize(writer, entity);
            written++;
        }

        if (written != count)
        {
            throw new InvalidOperationException($"The sequence of '{typeof(T).FullName}' yielded {written} entities, not the {count} it counted.");
        }

        writer.Flush();
    }

    /// <summary>
    /// Reads a sequence written by <see cref="Serialize{T}(Stream, IEnumerable{T})"/> (on either mapping path), with the
    /// generated map of <typeparamref name="T"/>, or the reflection map when it has none and
    /// <see cref="EntityMapRegistry.DefaultReflectionProvider"/> is set.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A readable stream positioned at the header; it is left just after the last entity, and open.</param>
    /// <returns>Every entity of the sequence, in order.</returns>
    /// <exception cref="MicroDbSerializationException">The stream is foreign, of another version, for another shape, truncated or corrupt.</exception>
    /// <exception cref="MicroDbMappingException">No map is available for <typeparamref name="T"/>.</exception>
    public static List<T> Deserialize<T>(Stream stream) =>
        Deserialize(stream, ResolveAuto<T>());

    /// <summary>Reads a sequence with the map a connection opened with <paramref name="options"/> would use.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A readable stream positioned at the header; it is left just after the last entity, and open.</param>
    /// <param name="options">Chooses the map: <see cref="MicroDbOptions.Mapping"/>, <see cref="MicroDbOptions.ReflectionProvider"/> and <see cref="MicroDbOptions.ThrowOnReflectionFallback"/>.</param>
    /// <returns>Every entity of the sequence, in order.</returns>
    /// <exception cref="MicroDbSerializationException">The stream is foreign, of another version, for another shape, truncated or corrupt.</exception>
    /// <exception cref="MicroDbMappingException">No map is available for <typeparamref name="T"/> under these options.</exception>
    public static List<T> Deserialize<T>(Stream stream, MicroDbOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        return Deserialize(stream, Resolve<T>(options));
    }

    /// <summary>Reads a sequence with <paramref name="map"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="stream">A readable stream positioned at the header; it is left just after the last entity, and open.</param>
    /// <param name="map">The map that reads each entity.</param>
    /// <returns>Every entity of the sequence, in order; on any error nothing is returned.</returns>
    /// <exception cref="MicroDbSerializationException">
    /// The stream is foreign, of another version, for another shape (the message names what differs), truncated (the
    /// message says how many entities were read of how many) or corrupt. <see cref="MicroDbSerializationException.Error"/> says which.
    /// </exception>
    public static List<T> Deserialize<T>(Stream stream, EntityMap<T> map)
    {
        ArgumentNullException.ThrowIfNull(stream);
        ArgumentNullException.ThrowIfNull(map);
        ThrowIfCannotSerialize(map);
        if (!stream.CanRead)
        {
            throw new ArgumentException("The stream is not readable.", nameof(stream));
        }

        var type = typeof(T);
        using var reader = new BinaryReader(stream, SerializationHeader.Utf8, leaveOpen: true);
        var count = SerializationHeader.Read(reader, map.Table, type);
        var entities = new List<T>(InitialCapacity(stream, count, map.Table.Columns.Count));
        var read = 0;
        try
        {
            for (; read < count; read++)
            {
                entities.Add(map.Deserialize(reader));
            }
        }
        catch (EndOfStreamException e)
        {
            throw new MicroDbSerializationException(
                $"The stream read as '{type.FullName}' is truncated: it ended after {read} of the {count} entities its header announces; nothing was returned.",
                MicroDbSerializationError.Truncated,
                type,
                read,
                count,
                e);
        }
        catch (Exception e) when (e is InvalidDataException or FormatException or ArgumentException or OverflowException)
        {
            throw new MicroDbSerializationException(
                $"The stream read as '{type.FullName}' is corrupt: entity {read} of {count} cannot be decoded ({e.Message}); nothing was returned.",
                MicroDbSerializationError.Corrupt,
                type,
                read,
                count,
                e);
        }

        return entities;
    }

    /// <summary>
    /// The Auto map: the generated one, unless it was generated without serialization (no code in its assembly uses
    /// this class) and a reflection provider is set, whose map writes the same bytes.
    /// </summary>
    private static EntityMap<T> ResolveAuto<T>()
    {
        var map = EntityMapResolver.Resolve<T>(MappingMode.Auto, null, throwOnReflectionFallback: false);
        return !map.CanSerialize && EntityMapRegistry.DefaultReflectionProvider is { } reflection ? reflection.GetMap<T>() : map;
    }

    /// <summary>Refuses a map without serialization before anything is read or written.</summary>
    private static void ThrowIfCannotSerialize<T>(EntityMap<T> map)
    {
        if (!map.CanSerialize)
        {
            throw map.NoSerialization();
        }
    }

    private static EntityMap<T> Resolve<T>(MicroDbOptions options) =>
        EntityMapResolver.Resolve<T>(options.Mapping, options.ReflectionProvider, options.ThrowOnReflectionFallback);

    /// <summary>
    /// The list's first capacity: the announced count, but no more than the stream can hold (every column takes at
    /// least one byte), so a corrupt count cannot make it allocate gigabytes up front.
    /// </summary>
    private static int InitialCapacity(Stream stream, int count, int columns)
    {
        const int UnseekableLimit = 4096;
        if (!stream.CanSeek)
        {
            return Math.Min(count, UnseekableLimit);
        }

        var remaining = Math.Max(0, stream.Length - stream.Position);
        return (int)Math.Min(count, remaining / Math.Max(1, columns));
    }
}
