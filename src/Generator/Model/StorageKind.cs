namespace MicroDb.Generator.Model;

/// <summary>Mirrors <c>MicroDb.Mapping.ColumnKind</c> member for member (names are emitted as-is).</summary>
internal enum StorageKind
{
    Boolean,
    Byte,
    SByte,
    Int16,
    UInt16,
    Int32,
    UInt32,
    Int64,
    UInt64,
    Single,
    Double,
    Decimal,
    Char,
    String,
    Blob,
    Guid,
    DateTime,
    DateTimeText,
    DateTimeOffset,
    TimeSpan,
    DateOnly,
    TimeOnly,
    Enum,
    EnumText,
}
