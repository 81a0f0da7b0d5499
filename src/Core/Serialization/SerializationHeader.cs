using System.Globalization;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Serialization;

/// <summary>
/// The header <see cref="MicroDbSerializer"/> writes before the entities: magic bytes, format version, the mapping's
/// shape (table name; each column's name, binary kind and nullability) and the entity count. Reading it checks each
/// part and throws a <see cref="MicroDbSerializationException"/> saying which one failed.
/// </summary>
internal static class SerializationHeader
{
    /// <summary>The format version written and the only one read.</summary>
    public const ushort Version = 1;

    /// <summary>SQLite allows at most 32,767 columns; a larger count in a header is corruption.</summary>
    private const int MaxColumns = 32767;

    /// <summary>UTF-8 without a byte-order mark, throwing on invalid text (<see cref="BinaryWriter"/>'s own default).</summary>
    public static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>"MDBS" in ASCII.</summary>
    private static ReadOnlySpan<byte> Magic => "MDBS"u8;

    /// <summary>Writes magic, version and shape (the count is written by the caller).</summary>
    public static void Write(BinaryWriter writer, TableMapping table)
    {
        writer.Write(Magic);
        writer.Write(Version);
        writer.Write(table.TableName);
        var columns = table.Columns;
        writer.Write7BitEncodedInt(columns.Count);
        for (var i = 0; i < columns.Count; i++)
        {
            writer.Write(columns[i].Name);
            writer.Write(WireKind(columns[i].Kind));
            writer.Write(columns[i].IsNullable);
        }
    }

    /// <summary>Reads and checks magic, version and shape, then returns the entity count.</summary>
    /// <exception cref="MicroDbSerializationException">The header is foreign, of another version, for another shape, truncated or corrupt.</exception>
    public static int Read(BinaryReader reader, TableMapping table, Type entityType)
    {
        try
        {
            ReadMagic(reader, entityType);
            var version = reader.ReadUInt16();
            if (version != Version)
            {
                throw new MicroDbSerializationException(
                    $"The stream read as '{entityType.FullName}' is in MicroDb serialization format version {version}; this MicroDb reads version {Version}.",
                    MicroDbSerializationError.UnsupportedVersion,
                    entityType);
            }

            CheckShape(reader, table, entityType);
            var count = reader.ReadInt32();
            if (count < 0)
            {
                throw new MicroDbSerializationException(
                    $"The stream read as '{entityType.FullName}' announces {count} entities; the stream is corrupt.",
                    MicroDbSerializationError.Corrupt,
                    entityType);
            }

            return count;
        }
        catch (EndOfStreamException e)
        {
            throw new MicroDbSerializationException(
                $"The stream read as '{entityType.FullName}' is truncated: it ended inside the MicroDb serialization header.",
                MicroDbSerializationError.Truncated,
                entityType,
                innerException: e);
        }
        catch (Exception e) when (e is FormatException or InvalidDataException or DecoderFallbackException)
        {
            throw new MicroDbSerializationException(
                $"The stream read as '{entityType.FullName}' has a corrupt MicroDb serialization header: {e.Message}",
                MicroDbSerializationError.Corrupt,
                entityType,
                innerException: e);
        }
    }

    private static void ReadMagic(BinaryReader reader, Type entityType)
    {
        Span<byte> bytes = stackalloc byte[4];
        var read = reader.BaseStream.ReadAtLeast(bytes, bytes.Length, throwOnEndOfStream: false);
        if (bytes[..read].SequenceEqual(Magic[..read]))
        {
            if (read < bytes.Length)
            {
                throw new EndOfStreamException($"The stream ended after {read} of the {bytes.Length} magic bytes.");
            }

            return;
        }

        throw new MicroDbSerializationException(
            $"The stream read as '{entityType.FullName}' was not written by MicroDbSerializer: it starts with {Convert.ToHexString(bytes[..read])}, not the magic bytes 'MDBS' ({Convert.ToHexString(Magic)}).",
            MicroDbSerializationError.ForeignStream,
            entityType);
    }

    private static void CheckShape(BinaryReader reader, TableMapping table, Type entityType)
    {
        var tableName = reader.ReadString();
        var count = reader.Read7BitEncodedInt();
        if (count is < 0 or > MaxColumns)
        {
            throw new InvalidDataException($"The header announces {count} columns.");
        }

        var differences = new List<string>();
        if (!string.Equals(tableName, table.TableName, StringComparison.Ordinal))
        {
            differences.Add($"the stream's table is '{tableName}', the type's '{table.TableName}'");
        }

        var columns = table.Columns;
        for (var i = 0; i < count; i++)
        {
            var name = reader.ReadString();
            var kind = reader.ReadString();
            var nullable = reader.ReadBoolean();
            if (i >= columns.Count)
            {
                differences.Add($"column {i} is {Describe(name, kind, nullable)} in the stream and absent from the type");
                continue;
            }

            var column = columns[i];
            var expectedKind = WireKind(column.Kind);
            if (!string.Equals(name, column.Name, StringComparison.Ordinal) || kind != expectedKind || nullable != column.IsNullable)
            {
                differences.Add($"column {i} is {Describe(name, kind, nullable)} in the stream, {Describe(column.Name, expectedKind, column.IsNullable)} in the type");
            }
        }

        for (var i = count; i < columns.Count; i++)
        {
            differences.Add($"column {i} is {Describe(columns[i].Name, WireKind(columns[i].Kind), columns[i].IsNullable)} in the type and absent from the stream");
        }

        if (differences.Count > 0)
        {
            const int Shown = 5;
            var text = string.Join("; ", differences.Take(Shown));
            if (differences.Count > Shown)
            {
                text += string.Create(CultureInfo.InvariantCulture, $"; and {differences.Count - Shown} more");
            }

            throw new MicroDbSerializationException(
                $"The stream was written for another shape than '{entityType.FullName}': {text}.",
                MicroDbSerializationError.ShapeMismatch,
                entityType);
        }
    }

    private static string Describe(string name, string kind, bool nullable) => $"'{name}' {kind}{(nullable ? "?" : string.Empty)}";

    /// <summary>
    /// The kind as the binary format sees it: <c>[StoreAsText]</c> changes SQLite storage, not the serialized bytes
    /// (enums travel as their 64-bit value, dates as ticks), so it does not change the shape either.
    /// </summary>
    private static string WireKind(ColumnKind kind) => kind switch
    {
        ColumnKind.EnumText => nameof(ColumnKind.Enum),
        ColumnKind.DateTimeText => nameof(ColumnKind.DateTime),
        _ => kind.ToString(),
    };
}
