using System.Text;

namespace MicroDb.Mapping;

/// <summary>Builds the SQL text for a table mapping. Identifiers are always quoted; values are always parameters.</summary>
public static class SqlBuilder
{
    /// <summary>Quotes an identifier for SQLite, doubling any embedded quote.</summary>
    /// <param name="identifier">A table, column or index name.</param>
    public static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    /// <summary>Builds every CRUD statement for <paramref name="table"/>.</summary>
    /// <param name="table">The mapping.</param>
    public static EntitySql Build(TableMapping table)
    {
        var name = Quote(table.TableName);
        var key = table.PrimaryKey;
        var all = ColumnList(table.Columns);
        var update = key is null || table.UpdateColumns.Count == 0
            ? null
            : $"UPDATE {name} SET {string.Join(", ", table.UpdateColumns.Select(c => Quote(c.Name) + " = ?"))} WHERE {Quote(key.Name)} = ?";

        return new EntitySql
        {
            CreateTable = CreateTable(table),
            Insert = table.InsertColumns.Count == 0
                ? $"INSERT INTO {name} DEFAULT VALUES"
                : $"INSERT INTO {name} ({ColumnList(table.InsertColumns)}) VALUES ({Parameters(table.InsertColumns.Count)})",
            InsertOrReplace = $"INSERT OR REPLACE INTO {name} ({all}) VALUES ({Parameters(table.Columns.Count)})",
            Update = update,
            Delete = key is null ? null : $"DELETE FROM {name} WHERE {Quote(key.Name)} = ?",
            SelectByKey = key is null ? null : $"SELECT {all} FROM {name} WHERE {Quote(key.Name)} = ?",
            SelectAll = $"SELECT {all} FROM {name}",
        };
    }

    /// <summary>The CREATE TABLE IF NOT EXISTS statement.</summary>
    /// <param name="table">The mapping.</param>
    public static string CreateTable(TableMapping table)
    {
        var sb = new StringBuilder();
        sb.Append("CREATE TABLE IF NOT EXISTS ").Append(Quote(table.TableName)).Append(" (");
        for (var i = 0; i < table.Columns.Count; i++)
        {
            if (i > 0)
            {
                sb.Append(", ");
            }

            sb.Append(ColumnDefinition(table.Columns[i]));
        }

        sb.Append(')');
        if (table.WithoutRowId)
        {
            sb.Append(" WITHOUT ROWID");
        }

        return sb.ToString();
    }

    /// <summary>A column's definition as used in CREATE TABLE and ALTER TABLE ADD COLUMN.</summary>
    /// <param name="column">The column.</param>
    public static string ColumnDefinition(ColumnMapping column)
    {
        var sb = new StringBuilder();
        sb.Append(Quote(column.Name)).Append(' ').Append(column.SqlType);
        if (column.IsPrimaryKey)
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

        return sb.ToString();
    }

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS for an index of <paramref name="tableName"/>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="index">The index.</param>
    public static string CreateIndex(string tableName, IndexMapping index) =>
        $"CREATE {(index.IsUnique ? "UNIQUE " : string.Empty)}INDEX IF NOT EXISTS {Quote(index.Name)} ON {Quote(tableName)} ({string.Join(", ", index.Columns.Select(Quote))})";

    private static string ColumnList(IEnumerable<ColumnMapping> columns) => string.Join(", ", columns.Select(c => Quote(c.Name)));

    private static string Parameters(int count) => string.Join(", ", Enumerable.Repeat("?", count));
}
