using System.Collections.Generic;
using System.Linq;
using System.Text;
using MicroDb.Generator.Model;

namespace MicroDb.Generator;

/// <summary>
/// Builds the CRUD SQL at compile time. Must produce exactly what MicroDb.Mapping.SqlBuilder produces for
/// the same mapping (a test compares them), so the generated constants and the reflection path agree.
/// </summary>
internal static class SqlText
{
    public static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"") + "\"";

    public static string SqlType(ColumnModel column) => column.Kind switch
    {
        StorageKind.Single or StorageKind.Double => "REAL",
        StorageKind.String => column.MaxLength is { } n ? "varchar(" + n.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")" : "TEXT",
        StorageKind.Decimal or StorageKind.Guid or StorageKind.DateTimeText or StorageKind.DateTimeOffset
            or StorageKind.DateOnly or StorageKind.EnumText => "TEXT",
        StorageKind.Blob => "BLOB",
        _ => "INTEGER",
    };

    public static string CreateTable(EntityModel model)
    {
        var sb = new StringBuilder();
        sb.Append("CREATE TABLE IF NOT EXISTS ").Append(Quote(model.TableName)).Append(" (");
        sb.Append(string.Join(", ", model.Columns.Select(ColumnDefinition)));
        sb.Append(')');
        if (model.WithoutRowId)
        {
            sb.Append(" WITHOUT ROWID");
        }

        return sb.ToString();
    }

    public static string Insert(EntityModel model)
    {
        var columns = InsertColumns(model);
        return columns.Count == 0
            ? "INSERT INTO " + Quote(model.TableName) + " DEFAULT VALUES"
            : "INSERT INTO " + Quote(model.TableName) + " (" + ColumnList(columns) + ") VALUES (" + Parameters(columns.Count) + ")";
    }

    public static string InsertOrReplace(EntityModel model) =>
        "INSERT OR REPLACE INTO " + Quote(model.TableName) + " (" + ColumnList(model.Columns) + ") VALUES (" + Parameters(model.Columns.Count) + ")";

    public static string? Update(EntityModel model)
    {
        var key = PrimaryKey(model);
        var columns = UpdateColumns(model);
        return key is null || columns.Count == 0
            ? null
            : "UPDATE " + Quote(model.TableName) + " SET " + string.Join(", ", columns.Select(c => Quote(c.ColumnName) + " = ?")) + " WHERE " + Quote(key.ColumnName) + " = ?";
    }

    public static string? Delete(EntityModel model) =>
        PrimaryKey(model) is { } key ? "DELETE FROM " + Quote(model.TableName) + " WHERE " + Quote(key.ColumnName) + " = ?" : null;

    public static string? SelectByKey(EntityModel model) =>
        PrimaryKey(model) is { } key ? SelectAll(model) + " WHERE " + Quote(key.ColumnName) + " = ?" : null;

    public static string SelectAll(EntityModel model) => "SELECT " + ColumnList(model.Columns) + " FROM " + Quote(model.TableName);

    public static ColumnModel? PrimaryKey(EntityModel model) => model.Columns.FirstOrDefault(c => c.IsPrimaryKey);

    public static List<ColumnModel> InsertColumns(EntityModel model) => model.Columns.Where(c => !c.IsAutoIncrement).ToList();

    public static List<ColumnModel> UpdateColumns(EntityModel model) => model.Columns.Where(c => !c.IsPrimaryKey).ToList();

    private static string ColumnDefinition(ColumnModel column)
    {
        var sb = new StringBuilder();
        sb.Append(Quote(column.ColumnName)).Append(' ').Append(SqlType(column));
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

    private static string ColumnList(IEnumerable<ColumnModel> columns) => string.Join(", ", columns.Select(c => Quote(c.ColumnName)));

    private static string Parameters(int count) => string.Join(", ", Enumerable.Repeat("?", count));
}
