// Shared source: compiled into MicroDb (public, MicroDb.Mapping) and into the source generator (internal), so the
// kinds the generator emits are the runtime's by construction. See src/Shared/README.md.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>The CLR type of a mapped member and, with it, how its value is stored.</summary>
#if MICRODB_GENERATOR
internal
#else
public
#endif
enum ColumnKind
{
    /// <summary><see cref="bool"/>, stored as INTEGER 0/1.</summary>
    Boolean,
    /// <summary><see cref="byte"/>, INTEGER.</summary>
    Byte,
    /// <summary><see cref="sbyte"/>, INTEGER.</summary>
    SByte,
    /// <summary><see cref="short"/>, INTEGER.</summary>
    Int16,
    /// <summary><see cref="ushort"/>, INTEGER.</summary>
    UInt16,
    /// <summary><see cref="int"/>, INTEGER.</summary>
    Int32,
    /// <summary><see cref="uint"/>, INTEGER.</summary>
    UInt32,
    /// <summary><see cref="long"/>, INTEGER.</summary>
    Int64,
    /// <summary><see cref="ulong"/>, INTEGER by bit pattern.</summary>
    UInt64,
    /// <summary><see cref="float"/>, REAL.</summary>
    Single,
    /// <summary><see cref="double"/>, REAL.</summary>
    Double,
    /// <summary><see cref="decimal"/>, TEXT (exact).</summary>
    Decimal,
    /// <summary><see cref="char"/>, INTEGER code unit.</summary>
    Char,
    /// <summary><see cref="string"/>, TEXT.</summary>
    String,
    /// <summary><see cref="byte"/> array, BLOB.</summary>
    Blob,
    /// <summary><see cref="System.Guid"/>, TEXT.</summary>
    Guid,
    /// <summary><see cref="System.DateTime"/>, INTEGER ticks with kind.</summary>
    DateTime,
    /// <summary><see cref="System.DateTime"/> marked <c>[StoreAsText]</c>, ISO-8601 TEXT.</summary>
    DateTimeText,
    /// <summary><see cref="System.DateTimeOffset"/>, ISO-8601 TEXT with offset.</summary>
    DateTimeOffset,
    /// <summary><see cref="System.TimeSpan"/>, INTEGER ticks.</summary>
    TimeSpan,
    /// <summary><c>System.DateOnly</c>, TEXT yyyy-MM-dd.</summary>
    DateOnly,
    /// <summary><c>System.TimeOnly</c>, INTEGER ticks.</summary>
    TimeOnly,
    /// <summary>An enum, INTEGER of its underlying value.</summary>
    Enum,
    /// <summary>An enum marked <c>[StoreAsText]</c>, TEXT of its name.</summary>
    EnumText,
    /// <summary><see cref="System.Uri"/>, TEXT (absolute or relative).</summary>
    Uri,
    /// <summary><see cref="System.Text.StringBuilder"/>, TEXT of its contents.</summary>
    StringBuilder,
}
