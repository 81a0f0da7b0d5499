// Shared source (see src/Shared/README.md): the generator and the runtime classify member types and declare columns
// with this one table.
using System.Globalization;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>Which CLR types MicroDb stores, as which <see cref="ColumnKind"/>, under which declared SQL type.</summary>
internal static class ColumnKindRules
{
    /// <summary>
    /// The kind of a member whose type (after unwrapping <c>Nullable&lt;T&gt;</c>) has <paramref name="fullName"/>, as
    /// <c>Type.FullName</c> spells it (<c>System.Int32</c>, <c>System.Byte[]</c>); null when MicroDb cannot store it.
    /// Enums are classified by the caller (<see cref="EnumKind"/>), since only it can tell a type is one.
    /// </summary>
    /// <param name="fullName">The type's full name.</param>
    /// <param name="storeAsText">The member is marked <c>[StoreAsText]</c>.</param>
    public static ColumnKind? FromTypeName(string fullName, bool storeAsText) => fullName switch
    {
        "System.Boolean" => ColumnKind.Boolean,
        "System.Byte" => ColumnKind.Byte,
        "System.SByte" => ColumnKind.SByte,
        "System.Int16" => ColumnKind.Int16,
        "System.UInt16" => ColumnKind.UInt16,
        "System.Int32" => ColumnKind.Int32,
        "System.UInt32" => ColumnKind.UInt32,
        "System.Int64" => ColumnKind.Int64,
        "System.UInt64" => ColumnKind.UInt64,
        "System.Single" => ColumnKind.Single,
        "System.Double" => ColumnKind.Double,
        "System.Decimal" => ColumnKind.Decimal,
        "System.Char" => ColumnKind.Char,
        "System.String" => ColumnKind.String,
        "System.Byte[]" => ColumnKind.Blob,
        "System.Guid" => ColumnKind.Guid,
        "System.DateTime" => storeAsText ? ColumnKind.DateTimeText : ColumnKind.DateTime,
        "System.DateTimeOffset" => ColumnKind.DateTimeOffset,
        "System.TimeSpan" => ColumnKind.TimeSpan,
        "System.DateOnly" => ColumnKind.DateOnly,
        "System.TimeOnly" => ColumnKind.TimeOnly,
        "System.Uri" => ColumnKind.Uri,
        "System.Text.StringBuilder" => ColumnKind.StringBuilder,
        _ => null,
    };

    /// <summary>The kind of an enum member: its name as TEXT when the member or the enum type is <c>[StoreAsText]</c>.</summary>
    /// <param name="storeAsText">The member or the enum type is marked <c>[StoreAsText]</c>.</param>
    public static ColumnKind EnumKind(bool storeAsText) => storeAsText ? ColumnKind.EnumText : ColumnKind.Enum;

    /// <summary>The declared SQL type of a column of this kind.</summary>
    /// <param name="kind">The kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text columns, or null.</param>
    public static string SqlType(ColumnKind kind, int? maxLength = null) => kind switch
    {
        ColumnKind.Single or ColumnKind.Double => "REAL",
        ColumnKind.String or ColumnKind.Uri or ColumnKind.StringBuilder => maxLength is { } n ? "varchar(" + n.ToString(CultureInfo.InvariantCulture) + ")" : "TEXT",
        ColumnKind.Decimal or ColumnKind.Guid or ColumnKind.DateTimeText or ColumnKind.DateTimeOffset
            or ColumnKind.DateOnly or ColumnKind.EnumText => "TEXT",
        ColumnKind.Blob => "BLOB",
        _ => "INTEGER",
    };

    /// <summary>True for kinds an auto-incremented key may have (integers stored as INTEGER).</summary>
    /// <param name="kind">The kind.</param>
    public static bool IsInteger(ColumnKind kind) => kind is ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16
        or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64 or ColumnKind.UInt64;

    /// <summary>True for kinds stored as text where another form would be usual (enum names, ISO dates).</summary>
    /// <param name="kind">The kind.</param>
    public static bool IsStoredAsText(ColumnKind kind) => kind is ColumnKind.EnumText or ColumnKind.DateTimeText;
}
