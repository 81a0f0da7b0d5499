// Shared source (see src/Shared/README.md): how [Indexed]/[Unique] declarations on members become indexes. MicroDb's
// mapping (TableMapping) and the sqlite-net compatibility package's CREATE INDEX both group with this rule.
using System;
using System.Collections.Generic;
using System.Linq;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>The index naming and grouping rule.</summary>
internal static class IndexRules
{
    /// <summary>The name of an index declared without one: <c>{table}_{column}</c> (sqlite-net's rule too).</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column the attribute is on.</param>
    public static string DefaultName(string tableName, string columnName) => tableName + "_" + columnName;

    /// <summary>The name of an index created by table and column names without one: <c>{table}_{a}_{b}</c> (sqlite-net's rule too).</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns, in index order.</param>
    public static string DefaultName(string tableName, IEnumerable<string> columnNames) => tableName + "_" + string.Join("_", columnNames);

    /// <summary>
    /// Groups declarations (in member order) into indexes by name, in the order each name is first seen, each index's
    /// columns ordered by the declared order (ties keep member order).
    /// </summary>
    /// <param name="tableName">The table, for default names and messages.</param>
    /// <param name="declarations">Column, declared name (null for the default), order and uniqueness, in member order.</param>
    /// <param name="sqliteNet">
    /// sqlite-net's rule: names compare ordinally and every column of one index must agree on uniqueness (else
    /// <see cref="InvalidOperationException"/>, as sqlite-net fails). MicroDb's rule: names compare ignoring case (SQLite's
    /// index names do), and one unique declaration makes the index unique.
    /// </param>
    /// <exception cref="InvalidOperationException">Under sqlite-net's rule, columns of one index disagree on uniqueness.</exception>
    public static List<(string Name, bool Unique, string[] Columns)> Group(
        string tableName, IEnumerable<(string Column, string? Name, int Order, bool Unique)> declarations, bool sqliteNet)
    {
        var groups = new Dictionary<string, (string Name, bool Unique, List<(int Order, string Column)> Columns)>(
            sqliteNet ? StringComparer.Ordinal : StringComparer.OrdinalIgnoreCase);
        var order = new List<string>();
        foreach (var (column, declaredName, position, unique) in declarations)
        {
            var name = declaredName ?? DefaultName(tableName, column);
            if (!groups.TryGetValue(name, out var group))
            {
                group = (name, unique, new List<(int, string)>());
                order.Add(name);
            }
            else if (group.Unique != unique)
            {
                if (sqliteNet)
                {
                    throw new InvalidOperationException($"All the columns in index '{name}' of table '{tableName}' must agree on Unique; column '{column}' does not.");
                }

                group.Unique = true;
            }

            group.Columns.Add((position, column));
            groups[name] = group;
        }

        return order.Select(n => groups[n])
            .Select(g => (g.Name, g.Unique, g.Columns.Select((c, i) => (c.Order, i, c.Column)).OrderBy(c => c.Order).ThenBy(c => c.i).Select(c => c.Column).ToArray()))
            .ToList();
    }
}
