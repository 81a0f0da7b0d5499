// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// What the shared SQL text and model rules need to know of one column, as plain data: the generator fills it from
/// Roslyn symbols, the runtime from a <c>ColumnMapping</c>.
/// </summary>
internal readonly struct ColumnFacts
{
    public ColumnFacts(string columnName, string memberName, ColumnKind kind, string clrTypeName, bool isPrimaryKey, bool isAutoIncrement, bool isNotNull, int? maxLength, string? collation, string? renamedFrom = null, int keyOrder = 0, ForeignKeyFacts? references = null)
    {
        ColumnName = columnName;
        MemberName = memberName;
        Kind = kind;
        ClrTypeName = clrTypeName;
        IsPrimaryKey = isPrimaryKey;
        IsAutoIncrement = isAutoIncrement;
        IsNotNull = isNotNull;
        MaxLength = maxLength;
        Collation = collation;
        RenamedFrom = renamedFrom;
        KeyOrder = keyOrder;
        References = references;
    }

    public string ColumnName { get; }

    public string MemberName { get; }

    public ColumnKind Kind { get; }

    /// <summary>The member type's display name (<c>Int32</c>, <c>Guid?</c>), for messages.</summary>
    public string ClrTypeName { get; }

    public bool IsPrimaryKey { get; }

    public bool IsAutoIncrement { get; }

    public bool IsNotNull { get; }

    public int? MaxLength { get; }

    public string? Collation { get; }

    /// <summary>[RenamedFrom]'s previous column name, or null.</summary>
    public string? RenamedFrom { get; }

    /// <summary>[PrimaryKey(Order = n)]'s order among a composite key's columns (0 when not given).</summary>
    public int KeyOrder { get; }

    /// <summary>[References]'s parent table and column, resolved, or null.</summary>
    public ForeignKeyFacts? References { get; }
}
