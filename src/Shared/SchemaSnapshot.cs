// Shared source (see src/Shared/README.md): what a schema snapshot (microdb.schema.json) holds, how it is written and
// read, and which differences between a model and its snapshot are covered by a migration. The generator reports the
// uncovered ones as MDB0012; the runtime writes the same JSON from maps (MicroDbSchema.ExportSnapshot).
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

internal static class SchemaSnapshot
{
    /// <summary>The snapshot's file name, in the project directory.</summary>
    public const string FileName = "microdb.schema.json";

    /// <summary>The format version written as <c>"version"</c>; a snapshot of another version is reported, not guessed at.</summary>
    public const int FormatVersion = 1;

    /// <summary>A model's table as a snapshot has it: declared types under MicroDb's storage format, indexes (grouped by <see cref="GroupIndexes"/>) sorted by name.</summary>
    public static SnapshotTable FromModel(
        string model,
        string table,
        IReadOnlyList<ColumnFacts> columns,
        IEnumerable<(string Name, bool Unique, string[] Columns)> indexes,
        string[] tableRenamedFrom,
        IReadOnlyDictionary<string, string[]> columnsRenamedFrom)
    {
        // A composite key records each column's place in PRIMARY KEY (...); a single key needs none (and older snapshots stay as written).
        var keys = CrudSqlText.KeyColumns(columns);
        var snapshotColumns = columns
            .Select(c => new SnapshotColumn(c.ColumnName, ColumnKindRules.SqlType(c.Kind, c.MaxLength), c.IsPrimaryKey || c.IsNotNull, c.IsPrimaryKey, keys.Count > 1 ? keys.IndexOf(c) + 1 : 0))
            .ToList();
        var snapshotIndexes = indexes
            .Select(g => new SnapshotIndex(g.Name, g.Unique, g.Columns))
            .OrderBy(i => i.Name, StringComparer.Ordinal)
            .ToList();
        return new SnapshotTable(model, table, snapshotColumns, snapshotIndexes, tableRenamedFrom, columnsRenamedFrom);
    }

    /// <summary>
    /// Groups [Indexed]/[Unique] declarations into indexes: by name (default <c>{table}_{column}</c>, compared without
    /// case), unique when any declaration is, columns by their order. <c>TableMapping</c> groups with this too; the rule
    /// itself is <see cref="IndexRules.Group"/> (MicroDb's form; the sqlite-net compatibility package uses sqlite-net's).
    /// </summary>
    public static List<(string Name, bool Unique, string[] Columns)> GroupIndexes(string table, IEnumerable<(string Column, string? Name, int Order, bool Unique)> declarations) =>
        IndexRules.Group(table, declarations, sqliteNet: false);

    /// <summary>The snapshot JSON: deterministic (tables by model name, indexes by name), one table per line.</summary>
    public static string ToJson(IEnumerable<SnapshotTable> tables)
    {
        var sb = new StringBuilder();
        sb.Append("{\"version\":").Append(FormatVersion.ToString(CultureInfo.InvariantCulture)).Append(",\"tables\":[");
        var first = true;
        foreach (var table in tables.OrderBy(t => t.Model, StringComparer.Ordinal))
        {
            sb.Append(first ? "\n" : ",\n");
            first = false;
            sb.Append("{\"model\":");
            SnapshotJson.WriteString(sb, table.Model);
            sb.Append(",\"table\":");
            SnapshotJson.WriteString(sb, table.Table);
            sb.Append(",\"columns\":[");
            for (var i = 0; i < table.Columns.Count; i++)
            {
                var column = table.Columns[i];
                sb.Append(i == 0 ? "{\"name\":" : ",{\"name\":");
                SnapshotJson.WriteString(sb, column.Name);
                sb.Append(",\"type\":");
                SnapshotJson.WriteString(sb, column.Type);
                sb.Append(",\"notNull\":").Append(column.NotNull ? "true" : "false");
                sb.Append(",\"pk\":").Append(column.PrimaryKey ? "true" : "false");
                if (column.KeyOrder > 0)
                {
                    sb.Append(",\"keyOrder\":").Append(column.KeyOrder.ToString(CultureInfo.InvariantCulture));
                }

                sb.Append('}');
            }

            sb.Append("],\"indexes\":[");
            for (var i = 0; i < table.Indexes.Count; i++)
            {
                var index = table.Indexes[i];
                sb.Append(i == 0 ? "{\"name\":" : ",{\"name\":");
                SnapshotJson.WriteString(sb, index.Name);
                sb.Append(",\"unique\":").Append(index.Unique ? "true" : "false").Append(",\"columns\":[");
                for (var j = 0; j < index.Columns.Length; j++)
                {
                    if (j > 0)
                    {
                        sb.Append(',');
                    }

                    SnapshotJson.WriteString(sb, index.Columns[j]);
                }

                sb.Append("]}");
            }

            sb.Append("]}");
        }

        sb.Append(first ? "]}\n" : "\n]}\n");
        return sb.ToString();
    }

    /// <summary>Reads a snapshot.</summary>
    /// <exception cref="FormatException">The text is not JSON, not version <see cref="FormatVersion"/>, or a table lacks a field; the message says where.</exception>
    public static List<SnapshotTable> Parse(string json)
    {
        if (SnapshotJson.Parse(json) is not Dictionary<string, object?> root)
        {
            throw new FormatException("the document is not a JSON object");
        }

        if (!root.TryGetValue("version", out var version) || version is not double v || v != FormatVersion)
        {
            throw new FormatException("\"version\" is missing or not " + FormatVersion.ToString(CultureInfo.InvariantCulture) + " (this MicroDb writes and reads version " + FormatVersion.ToString(CultureInfo.InvariantCulture) + ")");
        }

        var tables = new List<SnapshotTable>();
        foreach (var item in List(root, "tables", "the document"))
        {
            var table = item as Dictionary<string, object?> ?? throw new FormatException("an entry of \"tables\" is not an object");
            var model = Text(table, "model", "a table");
            var where = "table of '" + model + "'";
            var columns = List(table, "columns", where)
                .Select(c => c as Dictionary<string, object?> ?? throw new FormatException("a column of the " + where + " is not an object"))
                .Select(c => new SnapshotColumn(Text(c, "name", where), Text(c, "type", where), Flag(c, "notNull", where), Flag(c, "pk", where), Order(c, where)))
                .ToList();
            var indexes = List(table, "indexes", where)
                .Select(i => i as Dictionary<string, object?> ?? throw new FormatException("an index of the " + where + " is not an object"))
                .Select(i => new SnapshotIndex(
                    Text(i, "name", where),
                    Flag(i, "unique", where),
                    List(i, "columns", where).Select(n => n as string ?? throw new FormatException("an index column of the " + where + " is not a string")).ToArray()))
                .ToList();
            tables.Add(new SnapshotTable(model, Text(table, "table", where), columns, indexes));
        }

        return tables;
    }

    /// <summary>
    /// The differences between a model's table in the snapshot and as the code now declares it that no migration covers.
    /// Covered, so not listed: a new nullable column, a new index (the additive CREATE TABLE migration adds both), and a
    /// table or column rename declared with [RenamedFrom] naming the snapshot's name (the renamed column is then
    /// compared as the same column).
    /// </summary>
    public static List<string> Compare(SnapshotTable snapshot, SnapshotTable current)
    {
        var differences = new List<string>();
        if (!string.Equals(snapshot.Table, current.Table, StringComparison.OrdinalIgnoreCase)
            && !current.TableRenamedFrom.Contains(snapshot.Table, StringComparer.OrdinalIgnoreCase))
        {
            differences.Add("table renamed from '" + snapshot.Table + "' to '" + current.Table + "' without [RenamedFrom(\"" + snapshot.Table + "\")] on the class");
        }

        // Snapshot column name -> current column, through a rename where one is declared.
        var currentByName = current.Columns.ToDictionary(c => c.Name, StringComparer.OrdinalIgnoreCase);
        var renamedTo = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);
        foreach (var rename in current.ColumnsRenamedFrom)
        {
            foreach (var old in rename.Value)
            {
                renamedTo[old] = rename.Key;
            }
        }

        var matched = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (var old in snapshot.Columns)
        {
            if (!currentByName.TryGetValue(old.Name, out var now)
                && !(renamedTo.TryGetValue(old.Name, out var newName) && !snapshot.Columns.Any(c => string.Equals(c.Name, newName, StringComparison.OrdinalIgnoreCase)) && currentByName.TryGetValue(newName, out now)))
            {
                differences.Add("column '" + old.Name + "' was removed (the migration never drops a column)");
                continue;
            }

            matched.Add(now!.Name);
            var label = string.Equals(old.Name, now.Name, StringComparison.OrdinalIgnoreCase) ? "column '" + now.Name + "'" : "column '" + now.Name + "' (renamed from '" + old.Name + "')";
            if (!string.Equals(old.Type, now.Type, StringComparison.OrdinalIgnoreCase))
            {
                differences.Add(label + " changed type from " + old.Type + " to " + now.Type);
            }

            if (old.NotNull != now.NotNull)
            {
                differences.Add(label + (now.NotNull ? " became NOT NULL" : " is no longer NOT NULL"));
            }

            if (old.PrimaryKey != now.PrimaryKey)
            {
                differences.Add(label + (now.PrimaryKey ? " became the primary key" : " is no longer the primary key"));
            }
        }

        // A composite key's order (recorded since the snapshot has "keyOrder"): compared when both sides record one
        // and have the same key columns (a column joining or leaving the key is reported above).
        var oldKey = KeyInOrder(snapshot, c => !currentByName.ContainsKey(c) && renamedTo.TryGetValue(c, out var n) ? n : c);
        var newKey = KeyInOrder(current, c => c);
        if (oldKey.Count > 1 && newKey.Count == oldKey.Count
            && oldKey.All(c => newKey.Contains(c, StringComparer.OrdinalIgnoreCase))
            && !oldKey.SequenceEqual(newKey, StringComparer.OrdinalIgnoreCase))
        {
            differences.Add("the primary key's order changed from (" + string.Join(", ", oldKey) + ") to (" + string.Join(", ", newKey) + ") (a key cannot be changed on an existing table)");
        }

        foreach (var added in current.Columns.Where(c => !matched.Contains(c.Name)))
        {
            if (added.PrimaryKey)
            {
                differences.Add("new column '" + added.Name + "' is the primary key (a key cannot be added to an existing table)");
            }
            else if (added.NotNull)
            {
                differences.Add("new column '" + added.Name + "' is NOT NULL (existing rows have no value for it; only a nullable column is added by the migration)");
            }
        }

        // Indexes: compared by name, with the snapshot's column names carried through declared renames. An index whose
        // default name changed only because its table or a column was renamed (declared) is the same index.
        var currentIndexes = current.Indexes.ToDictionary(i => i.Name, StringComparer.OrdinalIgnoreCase);
        var tableRenamed = !string.Equals(snapshot.Table, current.Table, StringComparison.OrdinalIgnoreCase);
        foreach (var old in snapshot.Indexes)
        {
            var oldColumns = old.Columns.Select(c => !currentByName.ContainsKey(c) && renamedTo.TryGetValue(c, out var n) ? n : c).ToArray();
            if (!currentIndexes.TryGetValue(old.Name, out var now))
            {
                var columnRenamed = !oldColumns.SequenceEqual(old.Columns, StringComparer.OrdinalIgnoreCase);
                var sameIndex = current.Indexes.Any(i => i.Unique == old.Unique && i.Columns.SequenceEqual(oldColumns, StringComparer.OrdinalIgnoreCase));
                if (!(sameIndex && (tableRenamed || columnRenamed)))
                {
                    differences.Add("index '" + old.Name + "' was removed (the migration never drops an index)");
                }

                continue;
            }

            if (now.Unique != old.Unique)
            {
                differences.Add("index '" + old.Name + "' " + (now.Unique ? "became UNIQUE" : "is no longer UNIQUE"));
            }

            if (!now.Columns.SequenceEqual(oldColumns, StringComparer.OrdinalIgnoreCase))
            {
                differences.Add("index '" + old.Name + "' changed columns from (" + string.Join(", ", old.Columns) + ") to (" + string.Join(", ", now.Columns) + ")");
            }
        }

        return differences;
    }

    /// <summary>MDB0012's message for a model whose differences are not covered.</summary>
    public static string DriftMessage(SnapshotTable current, IReadOnlyList<string> differences) =>
        "Model '" + current.Model + "' (table '" + current.Table + "') differs from " + FileName + " without a migration covering it: "
        + string.Join("; ", differences)
        + ". Write the migration (or declare the rename with [RenamedFrom]), then update the snapshot with 'dotnet build -t:MicroDbUpdateSchema'";

    /// <summary>MDB0012's message for a snapshot that cannot be read (then no model is checked).</summary>
    public static string UnreadableMessage(string error) =>
        FileName + " cannot be read (" + error + "), so no model was checked against it; regenerate it with 'dotnet build -t:MicroDbUpdateSchema'";

    /// <summary>A table's key columns in key order (names through <paramref name="name"/>); empty unless every key column records its order.</summary>
    private static List<string> KeyInOrder(SnapshotTable table, Func<string, string> name)
    {
        var key = table.Columns.Where(c => c.PrimaryKey).ToList();
        return key.Count > 1 && key.All(c => c.KeyOrder > 0)
            ? key.OrderBy(c => c.KeyOrder).Select(c => name(c.Name)).ToList()
            : [];
    }

    /// <summary>A column's optional <c>"keyOrder"</c> (absent in snapshots written before it was recorded: 0).</summary>
    private static int Order(Dictionary<string, object?> column, string where)
    {
        if (!column.TryGetValue("keyOrder", out var value))
        {
            return 0;
        }

        return value is double d && d >= 1 && d <= int.MaxValue && d == Math.Floor(d)
            ? (int)d
            : throw new FormatException("a column of the " + where + " has a \"keyOrder\" that is not a positive whole number");
    }

    private static List<object?> List(Dictionary<string, object?> owner, string name, string where) =>
        owner.TryGetValue(name, out var value) && value is List<object?> list ? list : throw new FormatException("the " + where + " has no \"" + name + "\" array");

    private static string Text(Dictionary<string, object?> owner, string name, string where) =>
        owner.TryGetValue(name, out var value) && value is string text ? text : throw new FormatException("the " + where + " has no \"" + name + "\" string");

    private static bool Flag(Dictionary<string, object?> owner, string name, string where) =>
        owner.TryGetValue(name, out var value) && value is bool flag ? flag : throw new FormatException("the " + where + " has no \"" + name + "\" true/false");
}
