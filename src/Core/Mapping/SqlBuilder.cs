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

    /// <summary>A column's definition with the declared type <paramref name="format"/> needs.</summary>
    /// <param name="column">The column.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string ColumnDefinition(ColumnMapping column, StorageFormat format) =>
        CrudSqlText.ColumnDefinition(column.ToFacts(), DeclaredTypes(format));

    /// <summary>
    /// The CREATE TABLE text for <paramref name="format"/>: the map's own (generated maps hold it as a constant) for
    /// MicroDb's format; under sqlite-net's, built here with the declared types whose affinity keeps its values as written.
    /// </summary>
    /// <param name="map">The map.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string CreateTable(IEntityMap map, StorageFormat format)
    {
        var declared = DeclaredTypes(format);
        return declared is null ? map.Sql.CreateTable : CrudSqlText.CreateTable(map.Table.TableName, map.Table.Facts, map.Table.WithoutRowId, declared);
    }

    /// <summary>The declared SQL type of <paramref name="column"/> under <paramref name="format"/>.</summary>
    /// <param name="column">The column.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string SqlType(ColumnMapping column, StorageFormat format) =>
        DeclaredTypes(format) is { } declared ? declared(column.ToFacts()) : ColumnKindRules.SqlType(column.Kind, column.MaxLength);

    private static Func<ColumnFacts, string>? DeclaredTypes(StorageFormat format) => format.Kind == StorageFormatKind.SqliteNet
        ? c => ColumnKindRules.SqliteNetSqlType(c.Kind, c.MaxLength, format.StoreDateTimeAsTicks, format.StoreTimeSpanAsTicks)
        : null;

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS for an index of <paramref name="tableName"/>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="index">The index.</param>
    public static string CreateIndex(string tableName, IndexMapping index) =>
        CrudSqlText.CreateIndex(index.Name, index.IsUnique, tableName, index.Columns);
}
