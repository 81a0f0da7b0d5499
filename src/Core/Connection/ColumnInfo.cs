namespace MicroDb;

/// <summary>One row of <c>PRAGMA table_info</c>: a column as the database has it.</summary>
public sealed class ColumnInfo
{
    internal ColumnInfo(string name, string type, bool notNull, string? defaultValue, int primaryKeyOrdinal)
    {
        Name = name;
        Type = type;
        NotNull = notNull;
        DefaultValue = defaultValue;
        PrimaryKeyOrdinal = primaryKeyOrdinal;
    }

    /// <summary>The column name.</summary>
    public string Name { get; }

    /// <summary>The declared type.</summary>
    public string Type { get; }

    /// <summary>True for a NOT NULL column.</summary>
    public bool NotNull { get; }

    /// <summary>The default value's SQL text, or null.</summary>
    public string? DefaultValue { get; }

    /// <summary>1-based position in the primary key, or 0 when not part of it.</summary>
    public int PrimaryKeyOrdinal { get; }

    /// <inheritdoc />
    public override string ToString() => $"{Name} {Type}";
}
