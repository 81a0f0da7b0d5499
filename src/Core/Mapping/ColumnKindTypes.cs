namespace MicroDb.Mapping;

/// <summary>The .NET type a column kind holds: one table for the migrations' conversions and the compatibility package's
/// <c>TableMapping.Column.ColumnType</c> (when trimming removed the member).</summary>
internal static class ColumnKindTypes
{
    /// <summary>
    /// The type of a member of <paramref name="kind"/>: <see cref="Enum"/> for both enum kinds (the enum type itself is
    /// the member's), <see cref="object"/> for a kind with no one type.
    /// </summary>
    public static Type MemberType(ColumnKind kind) => kind switch
    {
        ColumnKind.Boolean => typeof(bool),
        ColumnKind.Byte => typeof(byte),
        ColumnKind.SByte => typeof(sbyte),
        ColumnKind.Int16 => typeof(short),
        ColumnKind.UInt16 => typeof(ushort),
        ColumnKind.Int32 => typeof(int),
        ColumnKind.UInt32 => typeof(uint),
        ColumnKind.Int64 => typeof(long),
        ColumnKind.UInt64 => typeof(ulong),
        ColumnKind.Single => typeof(float),
        ColumnKind.Double => typeof(double),
        ColumnKind.Decimal => typeof(decimal),
        ColumnKind.Char => typeof(char),
        ColumnKind.String => typeof(string),
        ColumnKind.Blob => typeof(byte[]),
        ColumnKind.Uri => typeof(Uri),
        ColumnKind.StringBuilder => typeof(System.Text.StringBuilder),
        ColumnKind.Guid => typeof(Guid),
        ColumnKind.DateTime or ColumnKind.DateTimeText => typeof(DateTime),
        ColumnKind.DateTimeOffset => typeof(DateTimeOffset),
        ColumnKind.TimeSpan => typeof(TimeSpan),
#if NET
        ColumnKind.DateOnly => typeof(DateOnly),
        ColumnKind.TimeOnly => typeof(TimeOnly),
#endif
        ColumnKind.Enum or ColumnKind.EnumText => typeof(Enum),
        _ => typeof(object),
    };
}
