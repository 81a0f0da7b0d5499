// Shared source (see src/Shared/README.md).
using System;
using System.Collections.Generic;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// One model's table in a schema snapshot (microdb.schema.json), keyed by the model's CLR name. A model built from
/// code also carries its <c>[RenamedFrom]</c> declarations, which are compared against but never written.
/// </summary>
internal sealed class SnapshotTable
{
    public SnapshotTable(string model, string table, IReadOnlyList<SnapshotColumn> columns, IReadOnlyList<SnapshotIndex> indexes)
        : this(model, table, columns, indexes, [], new Dictionary<string, string[]>(StringComparer.OrdinalIgnoreCase))
    {
    }

    public SnapshotTable(string model, string table, IReadOnlyList<SnapshotColumn> columns, IReadOnlyList<SnapshotIndex> indexes, string[] tableRenamedFrom, IReadOnlyDictionary<string, string[]> columnsRenamedFrom)
    {
        Model = model;
        Table = table;
        Columns = columns;
        Indexes = indexes;
        TableRenamedFrom = tableRenamedFrom;
        ColumnsRenamedFrom = columnsRenamedFrom;
    }

    /// <summary>The model's full CLR name (<c>Ns.Outer+Type</c>), the key a model is found by.</summary>
    public string Model { get; }

    public string Table { get; }

    /// <summary>The columns, in declaration order.</summary>
    public IReadOnlyList<SnapshotColumn> Columns { get; }

    /// <summary>The indexes, sorted by name.</summary>
    public IReadOnlyList<SnapshotIndex> Indexes { get; }

    /// <summary>The table's former names, from <c>[RenamedFrom]</c> on the class.</summary>
    public string[] TableRenamedFrom { get; }

    /// <summary>Column name to its former names, from <c>[RenamedFrom]</c> on the property.</summary>
    public IReadOnlyDictionary<string, string[]> ColumnsRenamedFrom { get; }
}
