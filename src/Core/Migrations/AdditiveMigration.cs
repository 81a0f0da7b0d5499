using MicroDb.Mapping;

namespace MicroDb;

/// <summary>
/// The additive migration's rule, once for every database (SQLite's <c>CreateTable</c>/<c>Migrate&lt;T&gt;</c> and
/// MicroDb.Npgsql's <c>CreateTable</c>): given a table as the database has it, what to change so that it holds the
/// model's columns, without dropping anything. A model column the table lacks (names compared ignoring case) is added,
/// or, with <c>[RenamedFrom]</c> naming a stored column the model no longer has, that column is renamed; every other
/// stored column is kept as it is. The key is never changed: a stored key (columns and order) other than the model's is
/// <see cref="MicroDbMigrationError.PrimaryKeyChanged"/>, before any change. Each database writes the steps in its own SQL.
/// </summary>
internal static class AdditiveMigration
{
    /// <summary>
    /// The steps, in the model's column order: a column with <see cref="Step.RenamedFrom"/> renames that stored column to
    /// it; one without is added.
    /// </summary>
    /// <param name="table">The model's table.</param>
    /// <param name="existing">The stored table's columns (not empty).</param>
    /// <exception cref="MicroDbMigrationException">The stored key differs from the model's (<see cref="MicroDbMigrationError.PrimaryKeyChanged"/>).</exception>
    public static List<Step> Plan(TableMapping table, IReadOnlyList<ColumnInfo> existing)
    {
        CheckPrimaryKeyUnchanged(table, existing);
        var steps = new List<Step>();
        var have = new HashSet<string>(existing.Select(c => c.Name), StringComparer.OrdinalIgnoreCase);
        foreach (var column in table.Columns)
        {
            if (have.Contains(column.Name))
            {
                continue;
            }

            if (column.RenamedFrom is { } oldColumn && have.Contains(oldColumn) && table.FindColumn(oldColumn) is null)
            {
                // [RenamedFrom] on the property: keep the column's data under its new name.
                have.Remove(oldColumn);
                have.Add(column.Name);
                steps.Add(new Step(column, oldColumn));
                continue;
            }

            steps.Add(new Step(column, null));
        }

        return steps;
    }

    /// <summary>
    /// The additive migration never changes a key: an existing table whose primary key (columns and order) differs from
    /// the model's is an error, with the fix (a migration step that changes the key). A table created without any key,
    /// and a model without a key over a keyed table, are left as they are (neither asks for a key change).
    /// </summary>
    private static void CheckPrimaryKeyUnchanged(TableMapping table, IReadOnlyList<ColumnInfo> existing)
    {
        // Checked before any change; a stored key column the model renames ([RenamedFrom]) counts under its new name.
        var stored = existing.Where(c => c.PrimaryKeyOrdinal > 0).OrderBy(c => c.PrimaryKeyOrdinal)
            .Select(c => table.FindColumn(c.Name) is null && table.Columns.FirstOrDefault(m => string.Equals(m.RenamedFrom, c.Name, StringComparison.OrdinalIgnoreCase)) is { } renamed ? renamed.Name : c.Name)
            .ToList();
        var model = table.PrimaryKeyColumns.Select(c => c.Name).ToList();
        if (stored.Count == 0 || model.Count == 0 || stored.SequenceEqual(model, StringComparer.OrdinalIgnoreCase))
        {
            return;
        }

        static string List(List<string> names) => names.Count == 0 ? "none" : "(" + string.Join(", ", names) + ")";
        throw new MicroDbMigrationException(
            $"Table '{table.TableName}' has the primary key {List(stored)}, but '{table.EntityTypeName}' declares {List(model)}; " +
            "CreateTable does not change a key. Change it in a migration step (MigrationContext.ChangePrimaryKey, which rebuilds the table), or change the model back.",
            MicroDbMigrationError.PrimaryKeyChanged)
        {
            Table = table.TableName,
        };
    }

    /// <summary>One change: add <see cref="Column"/>, or rename the stored column <see cref="RenamedFrom"/> to it.</summary>
    /// <param name="Column">The model's column.</param>
    /// <param name="RenamedFrom">The stored column renamed to it, or null to add it.</param>
    internal readonly record struct Step(ColumnMapping Column, string? RenamedFrom);
}
