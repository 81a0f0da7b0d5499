namespace MicroDb.Mapping;

/// <summary>Facts about each <see cref="ColumnKind"/> shared by both mapping paths.</summary>
public static class ColumnKinds
{
    /// <summary>The declared SQL type of a column of this kind.</summary>
    /// <param name="kind">The kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text columns, or null.</param>
    public static string SqlType(ColumnKind kind, int? maxLength = null) => kind switch
    {
        ColumnKind.Single or ColumnKind.Double => "REAL",
        ColumnKind.String => maxLength is { } n ? $"varchar({n})" : "TEXT",
        ColumnKind.Decimal or ColumnKind.Guid or ColumnKind.DateTimeText or ColumnKind.DateTimeOffset
            or ColumnKind.DateOnly or ColumnKind.EnumText => "TEXT",
        ColumnKind.Blob => "BLOB",
        _ => "INTEGER",
    };

    /// <summary>True for kinds an auto-incremented key may have (integers stored as INTEGER).</summary>
    /// <param name="kind">The kind.</param>
    public static bool IsInteger(ColumnKind kind) => kind is ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16
        or ColumnKind.UInt16 or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64 or ColumnKind.UInt64;
}
