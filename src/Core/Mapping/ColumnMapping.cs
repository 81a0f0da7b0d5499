namespace MicroDb.Mapping;

/// <summary>One mapped column: its name, the member it comes from, its storage and its constraints.</summary>
public sealed class ColumnMapping
{
    /// <summary>Describes a column.</summary>
    /// <param name="name">The column name.</param>
    /// <param name="memberName">The property or field name.</param>
    /// <param name="kind">How the value is stored.</param>
    /// <param name="isNullable">True when the member can hold null (a reference type or <see cref="Nullable{T}"/>).</param>
    public ColumnMapping(string name, string memberName, ColumnKind kind, bool isNullable)
    {
        Name = name;
        MemberName = memberName;
        Kind = kind;
        IsNullable = isNullable;
    }

    /// <summary>The column name.</summary>
    public string Name { get; }

    /// <summary>The property or field the column maps.</summary>
    public string MemberName { get; }

    /// <summary>How the member's value is stored.</summary>
    public ColumnKind Kind { get; }

    /// <summary>True when the member's CLR type can hold null.</summary>
    public bool IsNullable { get; }

    /// <summary>Marked <c>[PrimaryKey]</c>.</summary>
    public bool IsPrimaryKey { get; init; }

    /// <summary><c>[PrimaryKey(Order = n)]</c>: the column's place in a composite primary key (0 when not given).</summary>
    public int KeyOrder { get; init; }

    /// <summary>The resolved <c>[References]</c> foreign key (parent table and column, actions), or null.</summary>
    internal ForeignKeyFacts? References { get; init; }

    /// <summary>Marked <c>[AutoIncrement]</c>.</summary>
    public bool IsAutoIncrement { get; init; }

    /// <summary>Marked <c>[NotNull]</c>; the column is declared NOT NULL (primary keys are too).</summary>
    public bool IsNotNull { get; init; }

    /// <summary>The <c>[MaxLength]</c>, if any.</summary>
    public int? MaxLength { get; init; }

    /// <summary>The <c>[Collation]</c>, if any.</summary>
    public string? Collation { get; init; }

    /// <summary>The column's previous name from <c>[RenamedFrom]</c>, if any: the additive migration renames that column instead of adding this one.</summary>
    public string? RenamedFrom { get; init; }

    /// <summary>The CLR type's display name, for messages and <c>GetMapping</c>.</summary>
    public string? ClrTypeName { get; init; }

    /// <summary>The column's position in <see cref="TableMapping.Columns"/>.</summary>
    public int Ordinal { get; internal set; }

    /// <summary>The declared SQL type.</summary>
    public string SqlType => ColumnKindRules.SqlType(Kind, MaxLength);

    /// <summary>True for columns stored as text where another form would be usual (enum names, ISO dates).</summary>
    public bool StoreAsText => ColumnKindRules.IsStoredAsText(Kind);

    /// <summary>The column as the shared SQL text and model rules see it.</summary>
    internal ColumnFacts ToFacts() =>
        new(Name, MemberName, Kind, ClrTypeName ?? Kind.ToString(), IsPrimaryKey, IsAutoIncrement, IsNotNull, MaxLength, Collation, RenamedFrom, KeyOrder, References);

    /// <inheritdoc />
    public override string ToString() => $"{Name} {SqlType} ({MemberName})";
}
