// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>One column in a schema snapshot: what CREATE TABLE declares for it.</summary>
internal sealed class SnapshotColumn
{
    public SnapshotColumn(string name, string type, bool notNull, bool primaryKey, int keyOrder = 0)
    {
        Name = name;
        Type = type;
        NotNull = notNull;
        PrimaryKey = primaryKey;
        KeyOrder = keyOrder;
    }

    public string Name { get; }

    /// <summary>The declared SQL type under MicroDb's storage format (<c>INTEGER</c>, <c>varchar(50)</c> ...).</summary>
    public string Type { get; }

    /// <summary>Declared NOT NULL ([NotNull], or the primary key).</summary>
    public bool NotNull { get; }

    public bool PrimaryKey { get; }

    /// <summary>
    /// The column's position (from 1) in a composite key's <c>PRIMARY KEY (...)</c> constraint (<c>CrudSqlText.KeyColumns</c>'s
    /// order); 0 for a single key, a column outside the key, or a snapshot written before key order was recorded.
    /// </summary>
    public int KeyOrder { get; }
}
