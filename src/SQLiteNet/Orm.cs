using MicroDb.Mapping;

namespace SQLite;

/// <summary>
/// sqlite-net's schema rules, in one place: the declared type of each column, the column declaration, and the text
/// of CREATE TABLE, CREATE INDEX and ALTER TABLE exactly as sqlite-net 1.11 writes them (docs/sqlite-net-storage.md,
/// "Schema"), so an existing app's <c>sqlite_master</c> stays byte-for-byte the same. Built from MicroDb's column
/// metadata (the storage kind), never by reflecting over the model.
/// </summary>
public static class Orm
{
    /// <summary>The property name <see cref="CreateFlags.ImplicitPK"/> makes the key.</summary>
    public const string ImplicitPkName = "Id";

    /// <summary>The name suffix <see cref="CreateFlags.ImplicitIndex"/> indexes.</summary>
    public const string ImplicitIndexSuffix = "Id";

    /// <summary>sqlite-net's nominal string length (it declares plain <c>varchar</c> without <c>[MaxLength]</c>).</summary>
    public const int DefaultMaxStringLength = 140;

    /// <summary>The column declaration in CREATE TABLE and ALTER TABLE: name, type and constraints, each followed by a space.</summary>
    /// <param name="p">The column.</param>
    /// <param name="storeDateTimeAsTicks">Whether <see cref="DateTime"/> is stored as ticks.</param>
    /// <param name="storeTimeSpanAsTicks">Whether <see cref="TimeSpan"/> is stored as ticks.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="NotSupportedException">sqlite-net has no column type for the property's type.</exception>
    public static string SqlDecl(TableMapping.Column p, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks)
    {
        ArgumentNullException.ThrowIfNull(p);
        var decl = "\"" + p.Name + "\" " + SqlType(p, storeDateTimeAsTicks, storeTimeSpanAsTicks) + " ";
        if (p.IsPK)
        {
            decl += "primary key ";
        }

        if (p.IsAutoInc)
        {
            decl += "autoincrement ";
        }

        if (!p.IsNullable)
        {
            decl += "not null ";
        }

        if (!string.IsNullOrEmpty(p.Collation))
        {
            decl += "collate " + p.Collation + " ";
        }

        return decl;
    }

    /// <summary>The declared type sqlite-net gives the column (lowercase, as it writes it).</summary>
    /// <param name="p">The column.</param>
    /// <param name="storeDateTimeAsTicks">Whether <see cref="DateTime"/> is stored as ticks.</param>
    /// <param name="storeTimeSpanAsTicks">Whether <see cref="TimeSpan"/> is stored as ticks.</param>
    /// <returns>The declared type.</returns>
    /// <exception cref="NotSupportedException">sqlite-net has no column type for the property's type.</exception>
    public static string SqlType(TableMapping.Column p, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks)
    {
        ArgumentNullException.ThrowIfNull(p);
        // One table for both: MicroDb's CREATE TABLE under sqlite-net's storage format reads it too (src/Shared).
        return ColumnKindRules.SqliteNetDeclaredType(p.Source.Kind, p.MaxStringLength, storeDateTimeAsTicks, storeTimeSpanAsTicks, p.StoreAsText)
            ?? throw new NotSupportedException($"Don't know about {p.ColumnType} (property '{p.PropertyName}' of '{p.PropertyInfo?.DeclaringType?.FullName}'): sqlite-net has no column type for it.");
    }

    /// <summary>CREATE TABLE as sqlite-net writes it: one declaration per line.</summary>
    internal static string CreateTableSql(TableMapping map, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks)
    {
        var declarations = map.Columns.Select(c => SqlDecl(c, storeDateTimeAsTicks, storeTimeSpanAsTicks));
        return "create table if not exists \"" + map.TableName + "\" (\n" + string.Join(",\n", declarations) + ")"
            + (map.WithoutRowId ? " without rowid" : "");
    }

    /// <summary>The ALTER TABLE that adds a column (sqlite-net adds no default, so a not-null column fails on a table with rows).</summary>
    internal static string AddColumnSql(TableMapping map, TableMapping.Column column, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks) =>
        "alter table \"" + map.TableName + "\" add column " + SqlDecl(column, storeDateTimeAsTicks, storeTimeSpanAsTicks);

    /// <summary>CREATE INDEX as sqlite-net writes it (two spaces in <c>create  index</c> when not unique).</summary>
    internal static string CreateIndexSql(string indexName, string tableName, IEnumerable<string> columnNames, bool unique) =>
        "create " + (unique ? "unique" : "") + " index if not exists \"" + indexName + "\" on \"" + tableName + "\"(\""
        + string.Join("\", \"", columnNames) + "\")";

    /// <summary>The default name of an index: <c>{table}_{column}</c>.</summary>
    internal static string DefaultIndexName(string tableName, string columnName) => tableName + "_" + columnName;

    /// <summary>
    /// The indexes a mapping declares, grouped by name as sqlite-net groups them: each with its table, uniqueness and
    /// columns ordered by <see cref="IndexedAttribute.Order"/>.
    /// </summary>
    /// <exception cref="InvalidOperationException">Columns of one index disagree on uniqueness.</exception>
    internal static List<(string Name, bool Unique, string[] Columns)> Indexes(TableMapping map)
    {
        var groups = new Dictionary<string, (bool Unique, List<(int Order, string Column)> Columns)>(StringComparer.Ordinal);
        var order = new List<string>();
        foreach (var column in map.Columns)
        {
            foreach (var index in column.Indices)
            {
                var name = index.Name ?? DefaultIndexName(map.TableName, column.Name);
                if (!groups.TryGetValue(name, out var group))
                {
                    group = (index.Unique, []);
                    groups.Add(name, group);
                    order.Add(name);
                }
                else if (group.Unique != index.Unique)
                {
                    throw new InvalidOperationException($"All the columns in index '{name}' of table '{map.TableName}' must agree on Unique; column '{column.Name}' does not.");
                }

                group.Columns.Add((index.Order, column.Name));
            }
        }

        return order.Select(n => (n, groups[n].Unique, groups[n].Columns.OrderBy(c => c.Order).Select(c => c.Column).ToArray())).ToList();
    }
}
