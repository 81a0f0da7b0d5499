// Shared source (see src/Shared/README.md): the runtime members generated code calls, named in one place. The emitter
// builds its calls from these; a test in tests/MicroDb.Generator.Tests resolves every name against the compiled
// MicroDb assembly, so renaming a runtime member fails our tests rather than a user's build.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>Names of the <c>SqliteStatement</c> and <c>BinaryCodec</c> members that generated maps call, per kind.</summary>
internal static class GeneratedCodeNames
{
    public const string StatementType = "MicroDb.Native.SqliteStatement";
    public const string CodecType = "MicroDb.Mapping.BinaryCodec";
    public const string IsNull = "IsNull";
    public const string BindNull = "BindNull";

    // The provider-neutral typed contract (ITypedColumns<T>, issue 24): every generated map implements it, with one
    // IColumnValueWriter.Write / IColumnValueReader.Read call per column. A value crosses as the member's own type,
    // except enums: stored as numbers, as their 64-bit underlying value (as BinaryCodec writes them); stored by name, as
    // their name (a string), so every provider stores what SQLite stores.
    public const string TypedColumnsType = "MicroDb.Mapping.ITypedColumns`1";
    public const string ColumnWriterType = "MicroDb.Mapping.IColumnValueWriter";
    public const string ColumnReaderType = "MicroDb.Mapping.IColumnValueReader";
    public const string WriteColumns = "WriteColumns";
    public const string ReadColumns = "ReadColumns";
    public const string WriteValue = "Write";
    public const string ReadValue = "Read";
    public const string HasColumn = "Contains";

    // SQLite's bind and read through the contract (issue 24): EntityMap<T>'s two hooks, which a generated map forwards to
    // WriteColumns/ReadColumns with SQLite's writer and reader (MicroDb.Native).
    public const string WriteRow = "WriteRow";
    public const string ReadRow = "ReadRow";
    public const string SqliteWriter = "SqliteColumnWriter";
    public const string SqliteReader = "SqliteColumnReader";

    /// <summary>
    /// The type a column's value crosses the typed contract as, when it is not the member's type: <c>long</c> (or
    /// <c>long?</c>) for enums stored as numbers; null for every other kind (the member's type; an enum stored by name,
    /// <see cref="ColumnKind.EnumText"/>, crosses as its name, a <c>string</c>: <see cref="EnumNameMethod"/>).
    /// </summary>
    public static string? TypedValueType(ColumnKind kind, bool nullableValueType) =>
        kind is ColumnKind.Enum ? (nullableValueType ? "long?" : "long") : null;

    /// <summary>The <c>EntityMap&lt;T&gt;</c> helper that turns an enum stored by name into the string that crosses the typed contract (value, column index).</summary>
    public static string EnumNameMethod(bool nullableValueType) => nullableValueType ? "NullableEnumName" : "EnumName";

    /// <summary>The <c>EntityMap&lt;T&gt;</c> helper that reads an enum stored by name from a typed reader (<c>ref reader</c>, column index): on SQLite in the stored UTF-8 bytes.</summary>
    public static string EnumReadMethod(bool nullableValueType) => nullableValueType ? "ReadNullableEnum" : "ReadEnum";

    /// <summary>The <c>SqliteStatement</c> method that reads a column of this kind (enums read their INTEGER as Int64).</summary>
    public static string ReadMethod(ColumnKind kind, bool nullableValueType) => kind switch
    {
        ColumnKind.Enum => nullableValueType ? "GetNullableInt64" : "GetInt64",
        ColumnKind.EnumText => nullableValueType ? "GetNullableEnumFromText" : "GetEnumFromText",
        ColumnKind.DateTimeText => nullableValueType ? "GetNullableDateTimeFromText" : "GetDateTimeFromText",
        _ => "Get" + (nullableValueType ? "Nullable" : string.Empty) + kind,
    };

    /// <summary>
    /// The <c>SqliteStatement</c> method that binds a value of this kind (enums bind their value as Int64): one named per
    /// kind (<c>BindInt32</c>, <c>BindNullableInt32</c> ...), so the compiler resolves a single method instead of choosing
    /// among <c>Bind</c>'s overloads, which was most of the build cost of generated maps.
    /// </summary>
    public static string BindMethod(ColumnKind kind, bool nullableValueType) => kind switch
    {
        ColumnKind.DateTimeText => "BindAsText",
        ColumnKind.EnumText => "BindEnumAsText",
        ColumnKind.Enum => nullableValueType ? "BindNullableInt64" : "BindInt64",
        _ => "Bind" + (nullableValueType ? "Nullable" : string.Empty) + kind,
    };

    /// <summary>The <c>BinaryCodec</c> method that reads a member of this kind (enums travel as Int64).</summary>
    public static string CodecReadMethod(ColumnKind kind, bool nullableValueType) => kind switch
    {
        ColumnKind.Enum or ColumnKind.EnumText => nullableValueType ? "ReadNullableInt64" : "ReadInt64",
        ColumnKind.DateTimeText => nullableValueType ? "ReadNullableDateTime" : "ReadDateTime",
        _ => "Read" + (nullableValueType ? "Nullable" : string.Empty) + kind,
    };

    /// <summary>
    /// The <c>BinaryCodec</c> method that writes a member of this kind (enums travel as Int64): one named per kind
    /// (<c>WriteInt32</c>, <c>WriteNullableInt32</c> ...), for the same build-cost reason as <see cref="BindMethod"/>.
    /// </summary>
    public static string CodecWriteMethod(ColumnKind kind, bool nullableValueType) => kind switch
    {
        ColumnKind.Enum or ColumnKind.EnumText => nullableValueType ? "WriteNullableInt64" : "WriteInt64",
        ColumnKind.DateTimeText => nullableValueType ? "WriteNullableDateTime" : "WriteDateTime",
        _ => "Write" + (nullableValueType ? "Nullable" : string.Empty) + kind,
    };
}
