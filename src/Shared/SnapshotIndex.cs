// Shared source (see src/Shared/README.md).
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>One index in a schema snapshot, after the [Indexed]/[Unique] declarations are grouped by name.</summary>
internal sealed class SnapshotIndex
{
    public SnapshotIndex(string name, bool unique, string[] columns)
    {
        Name = name;
        Unique = unique;
        Columns = columns;
    }

    public string Name { get; }

    public bool Unique { get; }

    /// <summary>The indexed columns, in index order.</summary>
    public string[] Columns { get; }
}
