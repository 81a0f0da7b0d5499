namespace MicroDb.Mapping;

/// <summary>The runtime's entry to the shared SQL text (src/Shared/CrudSqlText.cs) for a <see cref="TableMapping"/>.</summary>
internal static class SqlBuilder
{
    /// <summary>Quotes an identifier for SQLite, doubling any embedded quote.</summary>
    /// <param name="identifier">A table, column or index name.</param>
    public static string Quote(string identifier) => CrudSqlText.Quote(identifier);

    /// <summary>Builds every CRUD statement for <paramref name="table"/>: the same text the generator emits as constants.</summary>
    /// <param name="table">The mapping.</param>
    public static EntitySql Build(TableMapping table)
    {
        var name = table.TableName;
        var columns = table.Facts;
        return new EntitySql
        {
            CreateTable = CrudSqlText.CreateTable(name, columns, table.WithoutRowId),
            Insert = CrudSqlText.Insert(name, columns),
            InsertOrReplace = CrudSqlText.InsertOrReplace(name, columns),
            Update = CrudSqlText.Update(name, columns),
            Delete = CrudSqlText.Delete(name, columns),
            SelectByKey = CrudSqlText.SelectByKey(name, columns),
            SelectAll = CrudSqlText.SelectAll(name, columns),
        };
    }

    /// <summary>A column's definition as used in CREATE TABLE and ALTER TABLE ADD COLUMN.</summary>
    /// <param name="column">The column.</param>
    public static string ColumnDefinition(ColumnMapping column) => CrudSqlText.ColumnDefinition(column.ToFacts());

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS for an index of <paramref name="tableName"/>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="index">The index.</param>
    public static string CreateIndex(string tableName, IndexMapping index) =>
        CrudSqlText.CreateIndex(index.Name, index.IsUnique, tableName, index.Columns);
}
