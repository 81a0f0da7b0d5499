using MicroDb.Mapping;

namespace MicroDb;

/// <summary>
/// The schema snapshot (<c>microdb.schema.json</c>, see docs/schema-snapshot.md) written from maps at run time: the same
/// JSON the build writes with <c>dotnet build -t:MicroDbUpdateSchema</c>, for models mapped by reflection or to compare
/// the two paths.
/// </summary>
public static class MicroDbSchema
{
    /// <summary>The snapshot JSON of the given maps' tables (deterministic: tables sorted by model name).</summary>
    /// <param name="tables">The tables, e.g. <c>connection.GetMapping&lt;T&gt;()</c> for each model.</param>
    /// <returns>The JSON text, ending with a newline.</returns>
    public static string ExportSnapshot(IEnumerable<TableMapping> tables)
    {
        ArgumentNullException.ThrowIfNull(tables);
        return SchemaSnapshot.ToJson(tables.Select(ToSnapshot));
    }

    /// <summary>The snapshot JSON of the given model types' tables, as mapped by <paramref name="connection"/>.</summary>
    /// <param name="connection">The connection whose maps (generated or reflection, per its options) describe the types.</param>
    /// <param name="types">The model types.</param>
    /// <returns>The JSON text, ending with a newline.</returns>
    public static string ExportSnapshot(MicroDbConnection connection, params Type[] types)
    {
        ArgumentNullException.ThrowIfNull(connection);
        ArgumentNullException.ThrowIfNull(types);
        return ExportSnapshot(types.Select(t => connection.GetMap(t).Table));
    }

    private static SnapshotTable ToSnapshot(TableMapping table)
    {
        ArgumentNullException.ThrowIfNull(table, nameof(table));
        return SchemaSnapshot.FromModel(
            table.EntityTypeName,
            table.TableName,
            table.Columns.Select(c => c.ToFacts()).ToArray(),
            table.Indexes.Select(i => (i.Name, i.IsUnique, i.Columns.ToArray())),
            [],
            new Dictionary<string, string[]>());
    }
}
