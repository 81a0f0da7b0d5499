// Shared source (see src/Shared/README.md): the generator emits these strings as constants and the runtime builds
// them for reflection maps, so both paths run the same SQL by construction.
using System.Collections.Generic;
using System;
using System.Text;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>The SQL text of a mapped table. Identifiers are always quoted; values are always <c>?</c> parameters.</summary>
internal static class CrudSqlText
{
    /// <summary>Quotes an identifier for SQLite, doubling any embedded quote.</summary>
    /// <param name="identifier">A table, column or index name.</param>
    public static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"") + "\"";

    /// <summary>CREATE TABLE IF NOT EXISTS with every column's definition.</summary>
    public static string CreateTable(string table, IReadOnlyList<ColumnFacts> columns, bool withoutRowId) =>
        CreateTable(table, columns, withoutRowId, null);

    /// <summary>CREATE TABLE IF NOT EXISTS, each column declared with <paramref name="sqlType"/> (null: the kind's own type).</summary>
    public static string CreateTable(string table, IReadOnlyList<ColumnFacts> columns, bool withoutRowId, Func<ColumnFacts, string>? sqlType)
    {
        var sb = new StringBuilder();
        sb.Append("CREATE TABLE IF NOT EXISTS ").Append(Quote(table)).Append(" (");
        var keys = KeyColumns(columns);
        for (var i = 0; i < columns.Count; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            sb.Append(ColumnDefinition(columns[i], sqlType, inlineKey: keys.Count == 1));
        }

        AppendKeyConstraint(sb, keys);
        sb.Append(')');
        if (withoutRowId)
        {
            sb.Append(" WITHOUT ROWID");
        }

        return sb.ToString();
    }

    /// <summary>A column's definition as used in CREATE TABLE and ALTER TABLE ADD COLUMN.</summary>
    public static string ColumnDefinition(ColumnFacts column) => ColumnDefinition(column, null);

    /// <summary>A column's definition declared with <paramref name="sqlType"/> (null: the kind's own type).</summary>
    public static string ColumnDefinition(ColumnFacts column, Func<ColumnFacts, string>? sqlType) => ColumnDefinition(column, sqlType, inlineKey: true);

    /// <summary>
    /// A column's definition; <paramref name="inlineKey"/> false leaves out PRIMARY KEY (a column of a composite key,
    /// declared by the table's <c>PRIMARY KEY (...)</c> constraint instead) but keeps its NOT NULL.
    /// </summary>
    public static string ColumnDefinition(ColumnFacts column, Func<ColumnFacts, string>? sqlType, bool inlineKey)
    {
        var sb = new StringBuilder();
        sb.Append(Quote(column.ColumnName)).Append(' ').Append(sqlType is null ? ColumnKindRules.SqlType(column.Kind, column.MaxLength) : sqlType(column));
        if (column.IsPrimaryKey && inlineKey)
        {
            sb.Append(" PRIMARY KEY");
            if (column.IsAutoIncrement)
            {
                sb.Append(" AUTOINCREMENT");
            }
        }

        if (column.IsPrimaryKey || column.IsNotNull)
        {
            sb.Append(" NOT NULL");
        }

        if (column.Collation is { Length: > 0 } collation)
        {
            sb.Append(" COLLATE ").Append(collation);
        }

        if (column.References is { } foreignKey)
        {
            sb.Append(' ').Append(foreignKey.Clause());
        }

        return sb.ToString();
    }

    /// <summary>INSERT of every column but an auto-incremented key (DEFAULT VALUES when none is left).</summary>
    public static string Insert(string table, IReadOnlyList<ColumnFacts> columns)
    {
        var inserted = new List<ColumnFacts>();
        foreach (var column in columns)
        {
            if (!column.IsAutoIncrement)
            {
                inserted.Add(column);
            }
        }

        return inserted.Count == 0
            ? "INSERT INTO " + Quote(table) + " DEFAULT VALUES"
            : "INSERT INTO " + Quote(table) + " (" + ColumnList(inserted) + ") VALUES (" + Parameters(inserted.Count) + ")";
    }

    /// <summary>INSERT OR REPLACE of every column, the key included.</summary>
    public static string InsertOrReplace(string table, IReadOnlyList<ColumnFacts> columns) =>
        "INSERT OR REPLACE INTO " + Quote(table) + " (" + ColumnList(columns) + ") VALUES (" + Parameters(columns.Count) + ")";

    /// <summary>
    /// Upsert: INSERT of every column (parameters in column order, the key included; an auto-incremented key as
    /// <c>NULLIF(?, 0)</c>, so a key of 0 makes a new row) <c>ON CONFLICT (target) DO UPDATE SET</c> each column that is
    /// neither the key nor in the target to <c>excluded.</c>'s value, <c>RETURNING</c> the key when there is one. Nothing is
    /// deleted, unlike INSERT OR REPLACE. With no column left to set, the target's columns are set to themselves so the
    /// conflicting row is still returned.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="columns">Every column, in table order.</param>
    /// <param name="conflictColumns">The conflict target's column names: the key's, or a unique index's.</param>
    public static string Upsert(string table, IReadOnlyList<ColumnFacts> columns, IReadOnlyList<string> conflictColumns) =>
        Upsert(table, columns, conflictColumns, static (_, column) => column.IsAutoIncrement ? "NULLIF(?, 0)" : "?");

    /// <summary>
    /// The upsert text with each column's value written by <paramref name="value"/> (its 0-based position and the column):
    /// SQLite's <c>?</c> above, PostgreSQL's <c>$n</c> (<c>PostgresDialect.Upsert</c>). The rest of the text is the same.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="columns">Every column, in table order.</param>
    /// <param name="conflictColumns">The conflict target's column names.</param>
    /// <param name="value">The text of a column's value in VALUES.</param>
    public static string Upsert(string table, IReadOnlyList<ColumnFacts> columns, IReadOnlyList<string> conflictColumns, Func<int, ColumnFacts, string> value)
    {
        var values = new StringBuilder();
        var set = new StringBuilder();
        for (var i = 0; i < columns.Count; i++)
        {
            var column = columns[i];
            values.Append(values.Length == 0 ? string.Empty : ", ").Append(value(i, column));
            if (!column.IsPrimaryKey && !Contains(conflictColumns, column.ColumnName))
            {
                set.Append(set.Length == 0 ? string.Empty : ", ").Append(Quote(column.ColumnName)).Append(" = excluded.").Append(Quote(column.ColumnName));
            }
        }

        var target = new StringBuilder();
        foreach (var name in conflictColumns)
        {
            target.Append(target.Length == 0 ? string.Empty : ", ").Append(Quote(name));
        }

        if (set.Length == 0)
        {
            // Nothing else to set: a no-op update keeps the conflicting row in RETURNING (DO NOTHING would not return it).
            foreach (var name in conflictColumns)
            {
                set.Append(set.Length == 0 ? string.Empty : ", ").Append(Quote(name)).Append(" = excluded.").Append(Quote(name));
            }
        }

        var sql = "INSERT INTO " + Quote(table) + " (" + ColumnList(columns) + ") VALUES (" + values + ") ON CONFLICT (" + target + ") DO UPDATE SET " + set;
        return PrimaryKey(columns) is { } key ? sql + " RETURNING " + Quote(key.ColumnName) : sql;
    }

    /// <summary>Upsert on the primary key (<see cref="Upsert(string, IReadOnlyList{ColumnFacts}, IReadOnlyList{string})"/>); null without a key.</summary>
    /// <param name="table">The table.</param>
    /// <param name="columns">Every column, in table order.</param>
    public static string? UpsertByKey(string table, IReadOnlyList<ColumnFacts> columns)
    {
        // A composite key's conflict target is all its columns, in key order.
        var keys = new List<string>();
        foreach (var key in KeyColumns(columns))
        {
            keys.Add(key.ColumnName);
        }

        return keys.Count == 0 ? null : Upsert(table, columns, keys);
    }

    /// <summary>UPDATE of every non-key column by key; null without a key or without a non-key column.</summary>
    public static string? Update(string table, IReadOnlyList<ColumnFacts> columns)
    {
        var key = PrimaryKey(columns);
        var sb = new StringBuilder();
        foreach (var column in columns)
        {
            if (!column.IsPrimaryKey)
            {
                sb.Append(sb.Length == 0 ? string.Empty : ", ").Append(Quote(column.ColumnName)).Append(" = ?");
            }
        }

        return key is null || sb.Length == 0
            ? null
            : "UPDATE " + Quote(table) + " SET " + sb + " WHERE " + KeyCondition(columns);
    }

    /// <summary>DELETE by key; null without a key.</summary>
    public static string? Delete(string table, IReadOnlyList<ColumnFacts> columns) =>
        PrimaryKey(columns) is not null ? "DELETE FROM " + Quote(table) + " WHERE " + KeyCondition(columns) : null;

    /// <summary>SELECT of every column by key; null without a key.</summary>
    public static string? SelectByKey(string table, IReadOnlyList<ColumnFacts> columns) =>
        PrimaryKey(columns) is not null ? SelectAll(table, columns) + " WHERE " + KeyCondition(columns) : null;

    /// <summary>
    /// The primary key's columns in key order: one for a single key; for a composite key ordered by
    /// <see cref="ColumnFacts.KeyOrder"/>, then by position (the model rules refuse equal orders). Empty without a key.
    /// Statements bind key values in this order.
    /// </summary>
    public static List<ColumnFacts> KeyColumns(IReadOnlyList<ColumnFacts> columns)
    {
        var keys = new List<(ColumnFacts Column, int Position)>();
        for (var i = 0; i < columns.Count; i++)
        {
            if (columns[i].IsPrimaryKey)
            {
                keys.Add((columns[i], i));
            }
        }

        keys.Sort((a, b) => a.Column.KeyOrder != b.Column.KeyOrder ? a.Column.KeyOrder.CompareTo(b.Column.KeyOrder) : a.Position.CompareTo(b.Position));
        var result = new List<ColumnFacts>(keys.Count);
        foreach (var key in keys)
        {
            result.Add(key.Column);
        }

        return result;
    }

    /// <summary>A composite key's table constraint, <c>, PRIMARY KEY ("a", "b")</c>; nothing for a single key or none.</summary>
    public static void AppendKeyConstraint(StringBuilder sb, IReadOnlyList<ColumnFacts> keys)
    {
        if (keys.Count < 2)
        {
            return;
        }

        sb.Append(", PRIMARY KEY (");
        for (var i = 0; i < keys.Count; i++)
        {
            sb.Append(i == 0 ? string.Empty : ", ").Append(Quote(keys[i].ColumnName));
        }

        sb.Append(')');
    }

    /// <summary>The key's WHERE condition, <c>"a" = ? AND "b" = ?</c>, in key order.</summary>
    private static string KeyCondition(IReadOnlyList<ColumnFacts> columns)
    {
        var sb = new StringBuilder();
        foreach (var key in KeyColumns(columns))
        {
            sb.Append(sb.Length == 0 ? string.Empty : " AND ").Append(Quote(key.ColumnName)).Append(" = ?");
        }

        return sb.ToString();
    }

    /// <summary>SELECT of every column, in column order.</summary>
    public static string SelectAll(string table, IReadOnlyList<ColumnFacts> columns) =>
        "SELECT " + ColumnList(columns) + " FROM " + Quote(table);

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS.</summary>
    public static string CreateIndex(string indexName, bool unique, string table, IEnumerable<string> columnNames)
    {
        var sb = new StringBuilder();
        foreach (var name in columnNames)
        {
            sb.Append(sb.Length == 0 ? string.Empty : ", ").Append(Quote(name));
        }

        return "CREATE " + (unique ? "UNIQUE " : string.Empty) + "INDEX IF NOT EXISTS " + Quote(indexName) + " ON " + Quote(table) + " (" + sb + ")";
    }

    private static ColumnFacts? PrimaryKey(IReadOnlyList<ColumnFacts> columns)
    {
        foreach (var column in columns)
        {
            if (column.IsPrimaryKey)
            {
                return column;
            }
        }

        return null;
    }

    private static bool Contains(IReadOnlyList<string> names, string name)
    {
        foreach (var candidate in names)
        {
            if (string.Equals(candidate, name, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    private static string ColumnList(IReadOnlyList<ColumnFacts> columns)
    {
        var sb = new StringBuilder();
        for (var i = 0; i < columns.Count; i++)
        {
            sb.Append(i == 0 ? string.Empty : ", ").Append(Quote(columns[i].ColumnName));
        }

        return sb.ToString();
    }

    private static string Parameters(int count)
    {
        var sb = new StringBuilder();
        for (var i = 0; i < count; i++)
        {
            sb.Append(i == 0 ? "?" : ", ?");
        }

        return sb.ToString();
    }
}
