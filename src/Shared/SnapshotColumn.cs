// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>One column in a schema snapshot: what CREATE TABLE declares for it.</summary>
internal sealed class SnapshotColumn
{
    public SnapshotColumn(string name, string type, bool notNull, bool primaryKey)
    {
        Name = name;
        Type = type;
        NotNull = notNull;
        PrimaryKey = primaryKey;
    }

    public string Name { get; }

    /// <summary>The declared SQL type under MicroDb's storage format (<c>INTEGER</c>, <c>varchar(50)</c> ...).</summary>
    public string Type { get; }

    /// <summary>Declared NOT NULL ([NotNull], or the primary key).</summary>
    public bool NotNull { get; }

    public bool PrimaryKey { get; }
}
