using MicroDb.Generator.Shared;

namespace MicroDb.Generator.Model;

/// <summary>One mapped member, as everything the emitter needs (no Roslyn symbols).</summary>
/// <param name="MemberName">The property name.</param>
/// <param name="ColumnName">The column name.</param>
/// <param name="Kind">How the value is stored.</param>
/// <param name="IsNullable">True for a reference type or <c>Nullable&lt;T&gt;</c>.</param>
/// <param name="IsNullableValueType">True for <c>Nullable&lt;T&gt;</c>.</param>
/// <param name="IsReferenceNotAnnotated">A reference type declared without <c>?</c> (reads need <c>!</c>).</param>
/// <param name="TypeName">The member type, fully qualified, with nullable annotation.</param>
/// <param name="ValueTypeName">For enums, the enum type (without <c>?</c>), fully qualified; otherwise the same as <paramref name="TypeName"/> without <c>?</c>.</param>
/// <param name="DeclaringTypeName">The type that declares the property, fully qualified (for unsafe accessors).</param>
/// <param name="ClrTypeName">The display name recorded in <c>ColumnMapping.ClrTypeName</c>.</param>
/// <param name="Write">How generated code sets the member.</param>
/// <param name="ConstructorParameterIndex">Position in the chosen constructor, or -1.</param>
/// <param name="IsPrimaryKey">[PrimaryKey].</param>
/// <param name="IsAutoIncrement">[AutoIncrement].</param>
/// <param name="IsNotNull">[NotNull].</param>
/// <param name="MaxLength">[MaxLength], or null.</param>
/// <param name="Collation">[Collation], or null.</param>
/// <param name="KeyWriteBack">How SetGeneratedKey writes this member when it is the auto-incremented key.</param>
/// <param name="RenamedFrom">[RenamedFrom]'s previous column name, or null.</param>
/// <param name="References">[References], resolved to the parent's table and column, or null.</param>
/// <param name="KeyOrder">[PrimaryKey(Order = n)]'s order in a composite key (0 when not given).</param>
internal sealed record ColumnModel(
    string MemberName,
    string ColumnName,
    ColumnKind Kind,
    bool IsNullable,
    bool IsNullableValueType,
    bool IsReferenceNotAnnotated,
    string TypeName,
    string ValueTypeName,
    string DeclaringTypeName,
    string ClrTypeName,
    WriteAccess Write,
    int ConstructorParameterIndex,
    bool IsPrimaryKey,
    bool IsAutoIncrement,
    bool IsNotNull,
    int? MaxLength,
    string? Collation,
    KeyWriteBack KeyWriteBack,
    string? RenamedFrom = null,
    int KeyOrder = 0,
    ForeignKeyFacts? References = null);
