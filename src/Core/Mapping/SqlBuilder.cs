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

    /// <summary>
    /// A column's definition with the declared type <paramref name="format"/> needs: under sqlite-net's format, sqlite-net's
    /// declaration (<see cref="SqliteNetDialect.ColumnDeclaration"/>).
    /// </summary>
    /// <param name="column">The column.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string ColumnDefinition(ColumnMapping column, StorageFormat format) => format.Kind == StorageFormatKind.SqliteNet
        ? SqliteNetDialect.ColumnDeclaration(column.Name, SqliteNetType(column, format), column.IsPrimaryKey, column.IsAutoIncrement, column.IsPrimaryKey || column.IsNotNull, column.Collation) + ForeignKeyClause(column)
        : CrudSqlText.ColumnDefinition(column.ToFacts());

    /// <summary>A [References] column's clause after sqlite-net's declaration (which ends with a space); sqlite-net writes none of its own.</summary>
    private static string ForeignKeyClause(ColumnMapping column) => column.References is { } foreignKey ? foreignKey.Clause() + " " : string.Empty;

    /// <summary>
    /// The CREATE TABLE text for <paramref name="format"/>: the map's own for MicroDb's format; under sqlite-net's, the
    /// text sqlite-net writes (<see cref="SqliteNetDialect"/>, the one the compatibility package writes too).
    /// </summary>
    /// <param name="map">The map.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string CreateTable(IEntityMap map, StorageFormat format)
    {
        if (format.Kind != StorageFormatKind.SqliteNet)
        {
            return map.Sql.CreateTable;
        }

        var table = map.Table;
        if (table.PrimaryKeyColumns.Count < 2)
        {
            return SqliteNetDialect.CreateTable(table.TableName, table.Columns.Select(c => ColumnDefinition(c, format)), table.WithoutRowId);
        }

        // A composite key (MicroDb's [PrimaryKey(Order = n)]; sqlite-net has none): its columns declared without an
        // inline "primary key", then the table's PRIMARY KEY constraint as one more line.
        var constraint = new System.Text.StringBuilder();
        CrudSqlText.AppendKeyConstraint(constraint, table.PrimaryKeyColumns.Select(c => c.ToFacts()).ToArray());
        var declarations = table.Columns
            .Select(c => SqliteNetDialect.ColumnDeclaration(c.Name, SqliteNetType(c, format), false, false, c.IsPrimaryKey || c.IsNotNull, c.Collation) + ForeignKeyClause(c))
            .Append(constraint.ToString(2, constraint.Length - 2));
        return SqliteNetDialect.CreateTable(table.TableName, declarations, table.WithoutRowId);
    }

    /// <summary>The declared SQL type of <paramref name="column"/> under <paramref name="format"/>.</summary>
    /// <param name="column">The column.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string SqlType(ColumnMapping column, StorageFormat format) => format.Kind == StorageFormatKind.SqliteNet
        ? SqliteNetType(column, format)
        : ColumnKindRules.SqlType(column.Kind, column.MaxLength);

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS for an index of <paramref name="tableName"/>.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="index">The index.</param>
    public static string CreateIndex(string tableName, IndexMapping index) =>
        CrudSqlText.CreateIndex(index.Name, index.IsUnique, tableName, index.Columns);

    /// <summary>CREATE [UNIQUE] INDEX IF NOT EXISTS in <paramref name="format"/>'s dialect (sqlite-net's text under its format).</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="index">The index.</param>
    /// <param name="format">The connection's storage format.</param>
    public static string CreateIndex(string tableName, IndexMapping index, StorageFormat format) => format.Kind == StorageFormatKind.SqliteNet
        ? SqliteNetDialect.CreateIndex(index.Name, tableName, index.Columns, index.IsUnique)
        : CreateIndex(tableName, index);

    /// <summary>
    /// The indexes of <paramref name="table"/> as <paramref name="format"/>'s dialect groups them: MicroDb's
    /// (<see cref="TableMapping.Indexes"/>), or sqlite-net's (<see cref="SqliteNetDialect.GroupIndexes"/>: names compared
    /// with case, a uniqueness disagreement refused).
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="format">The connection's storage format.</param>
    /// <exception cref="InvalidOperationException">Under sqlite-net's format, columns of one index disagree on uniqueness.</exception>
    public static IReadOnlyList<IndexMapping> Indexes(TableMapping table, StorageFormat format) => format.Kind == StorageFormatKind.SqliteNet
        // Distinct: a model carrying both sqlite-net-pcl's and the compat package's attribute declares the same index twice.
        ? SqliteNetDialect.GroupIndexes(table.TableName, table.IndexDeclarations.Distinct().Select(d => (d.ColumnName, d.IndexName, d.Order, d.IsUnique)))
            .Select(g => new IndexMapping(g.Name, g.Unique, g.Columns)).ToArray()
        : table.Indexes;

    // sqlite-net declares a nullable [StoreAsText] enum as integer (it looks for the attribute on Nullable<T>).
    private static string SqliteNetType(ColumnMapping column, StorageFormat format) =>
        SqliteNetDialect.DeclaredTypeOrMicroDb(column.Kind, column.MaxLength, format.StoreDateTimeAsTicks, format.StoreTimeSpanAsTicks, enumDeclaredAsText: !column.IsNullable);
}
