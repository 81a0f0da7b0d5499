using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Migrations;
using MicroDb.Native;

namespace MicroDb;

/// <summary>
/// What a migration step works with: the connection (inside the step's transaction), raw SQL, and typed schema
/// helpers. The helpers use <c>ALTER TABLE</c> where SQLite can (rename a table or column, drop a plain column) and
/// SQLite's twelve-step table rebuild otherwise, keeping rows (and rowids), indexes, triggers and views.
/// A helper asked for a table, column or index that does not exist throws <see cref="MicroDbMigrationException"/>
/// (<see cref="MicroDbMigrationError.InvalidStep"/>); the step is rolled back.
/// </summary>
public sealed class MigrationContext
{
    internal MigrationContext(MicroDbConnection connection, string stepName)
    {
        Connection = connection;
        StepName = stepName;
    }

    /// <summary>The connection, inside the step's transaction: CRUD, queries and <c>CreateTable</c> all work; do not commit or roll back.</summary>
    public MicroDbConnection Connection { get; }

    /// <summary>The running step's name.</summary>
    public string StepName { get; }

    /// <summary>Runs SQL (with positional <c>?</c> arguments) and returns the number of rows changed.</summary>
    /// <param name="sql">The SQL.</param>
    /// <param name="args">The arguments.</param>
    public int Execute(string sql, params object?[] args) => Connection.Execute(sql, args);

    /// <summary>Creates <typeparamref name="T"/>'s table and indexes, or adds what an existing table lacks (renaming <c>[RenamedFrom]</c> columns).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public MigrationReport CreateTable<T>() => Connection.Migrate<T>();

    /// <summary>Renames a table (<c>ALTER TABLE ... RENAME TO</c>; indexes, triggers, views and foreign keys follow).</summary>
    /// <param name="table">The current name.</param>
    /// <param name="newName">The new name.</param>
    public void RenameTable(string table, string newName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(newName);
        RequireTable(table);
        if (TableExists(newName) && !string.Equals(table, newName, StringComparison.OrdinalIgnoreCase))
        {
            throw Invalid($"cannot rename table '{table}' to '{newName}': a table with that name exists", table, null);
        }

        Execute($"ALTER TABLE {SqlBuilder.Quote(table)} RENAME TO {SqlBuilder.Quote(newName)}");
    }

    /// <summary>Renames a column (<c>ALTER TABLE ... RENAME COLUMN</c>; indexes, triggers and views follow).</summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The current column name.</param>
    /// <param name="newName">The new column name.</param>
    public void RenameColumn(string table, string column, string newName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        ArgumentException.ThrowIfNullOrWhiteSpace(newName);
        RequireColumn(table, column);
        if (!string.Equals(column, newName, StringComparison.OrdinalIgnoreCase) && ColumnNames(table).Contains(newName, StringComparer.OrdinalIgnoreCase))
        {
            throw Invalid($"cannot rename column '{column}' of table '{table}' to '{newName}': the table has a column with that name", table, column);
        }

        Execute($"ALTER TABLE {SqlBuilder.Quote(table)} RENAME COLUMN {SqlBuilder.Quote(column)} TO {SqlBuilder.Quote(newName)}");
    }

    /// <summary>
    /// Drops a column and its data. A plain column goes with <c>ALTER TABLE ... DROP COLUMN</c>; a column that is
    /// indexed, part of the primary key, UNIQUE or a foreign key is dropped by a table rebuild, which also drops the
    /// indexes on it. A table constraint (<c>PRIMARY KEY (a, b)</c>, <c>CHECK</c>, ...) naming the column is refused.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    public void DropColumn(string table, string column)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        var rebuild = TableRebuild.Load(this, table);
        var target = rebuild.Find(column);
        var name = target.Definition.Name;
        if (rebuild.Constraints.FirstOrDefault(c => SqlTokens.Mentions(c.Tokens, name)) is { } constraint)
        {
            throw Invalid($"cannot drop column '{name}' of table '{rebuild.Table}': the table constraint '{constraint.Text}' uses it", rebuild.Table, name);
        }

        if (rebuild.Columns.Count == 1)
        {
            throw Invalid($"cannot drop column '{name}': it is the only column of table '{rebuild.Table}'", rebuild.Table, name);
        }

        var indexed = Connection.ExecuteScalar<long>(
            "SELECT count(*) FROM pragma_index_list(?) AS l JOIN pragma_index_info(l.name) AS i WHERE i.name = ? COLLATE NOCASE", rebuild.Table, name) > 0;
        var referenced = target.Definition.Clauses.Any(c => c.Kind is "PRIMARY" or "UNIQUE" or "REFERENCES");
        if (!indexed && !referenced)
        {
            Execute($"ALTER TABLE {SqlBuilder.Quote(rebuild.Table)} DROP COLUMN {SqlBuilder.Quote(name)}");
            return;
        }

        rebuild.Columns.Remove(target);
        rebuild.Run(keepIndex: (_, columns) => !columns.Contains(name, StringComparer.OrdinalIgnoreCase));
    }

    /// <summary>
    /// Changes a column's declared type to the one <paramref name="kind"/> is stored as (under the connection's
    /// storage format), converting every value by SQLite's type affinity and checking it reads back as
    /// <paramref name="kind"/>. A value that cannot be converted (text <c>'abc'</c> into an integer column, 300 into a
    /// byte) throws <see cref="MicroDbMigrationError.ConversionFailed"/> naming the row and column; nothing changes.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="kind">The column's new kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text kinds (declared as <c>varchar(n)</c>), or null.</param>
    public void ChangeColumnType(string table, string column, ColumnKind kind, int? maxLength = null) =>
        Redeclare(table, column, kind, maxLength, recodeFrom: null);

    /// <summary>
    /// Converts a column from one kind to another by a table rebuild: every value is read as <paramref name="from"/>
    /// (the kind the model had), converted as a .NET value (numbers checked for range and fractions, text parsed
    /// invariantly, <c>DateTime</c>/<c>DateTimeOffset</c>/<c>DateOnly</c> and <c>TimeSpan</c>/<c>TimeOnly</c> between
    /// each other, anything to text) and stored as <paramref name="to"/> stores it under the connection's storage format,
    /// re-declaring the column. A value that does not convert throws <see cref="MicroDbMigrationError.ConversionFailed"/>
    /// naming the row and column; nothing changes.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="from">The kind the values are stored as now.</param>
    /// <param name="to">The column's new kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text kinds, or null.</param>
    public void ConvertColumn(string table, string column, ColumnKind from, ColumnKind to, int? maxLength = null) =>
        Redeclare(table, column, to, maxLength, recodeFrom: from);

    /// <summary>Re-declares <paramref name="column"/> as <paramref name="kind"/> by a rebuild that checks (or, with <paramref name="recodeFrom"/>, re-encodes) every value.</summary>
    private void Redeclare(string table, string column, ColumnKind kind, int? maxLength, ColumnKind? recodeFrom)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        if (maxLength is <= 0)
        {
            throw new ArgumentOutOfRangeException(nameof(maxLength), maxLength, "A maximum length must be positive.");
        }

        var rebuild = TableRebuild.Load(this, table);
        var target = rebuild.Find(column);
        // Declared as a non-nullable member's column: under sqlite-net's format a nullable [StoreAsText] enum is declared
        // integer (sqlite-net's quirk, kept for the tables it creates), which a re-declared column has no reason to copy.
        var mapping = new ColumnMapping(target.Definition.Name, target.Definition.Name, kind, isNullable: false) { MaxLength = maxLength };
        target.Definition.Type = SqlTokens.Tokenize(SqlBuilder.SqlType(mapping, Connection.Storage));
        target.Changed = true;
        rebuild.Run(convert: (target.Definition.Name, kind), recodeFrom: recodeFrom);
    }

    /// <summary>
    /// Makes a column NOT NULL, or lets it hold NULL, by a table rebuild. Making it NOT NULL while a row holds NULL
    /// there throws <see cref="MicroDbMigrationError.ConversionFailed"/> naming the row; fill the column first.
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="notNull">True for NOT NULL.</param>
    public void SetColumnNotNull(string table, string column, bool notNull)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        var rebuild = TableRebuild.Load(this, table);
        var target = rebuild.Find(column);
        if (notNull)
        {
            var quoted = SqlBuilder.Quote(target.Definition.Name);
            var row = Connection.QueryScalars<string>($"SELECT {rebuild.RowExpression(rebuild.Table)} FROM {SqlBuilder.Quote(rebuild.Table)} WHERE {quoted} IS NULL LIMIT 1");
            if (row.Count > 0)
            {
                throw Conversion($"row {row[0]} of table '{rebuild.Table}' holds NULL in column '{target.Definition.Name}', which is to become NOT NULL", rebuild.Table, target.Definition.Name, row[0]);
            }
        }

        target.Definition.Remove("NOT");
        target.Definition.Remove("NULL");
        if (notNull)
        {
            target.Definition.Clauses.Add(new ColumnDefinition.Clause("NOT", "NOT NULL"));
        }

        target.Changed = true;
        rebuild.Run();
    }

    /// <summary>
    /// Sets (or, with null, removes) a column's DEFAULT by a table rebuild. The value is written as the connection's
    /// storage format stores it (a <see cref="DateTime"/> as MicroDb's or sqlite-net's encoding, a bool as 0/1).
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="value">The default value, or null for no default.</param>
    public void SetColumnDefault(string table, string column, object? value)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        var literal = value is null ? null : Literal(ValueEncoding.ToStorage(value, false, Connection.Storage));
        var rebuild = TableRebuild.Load(this, table);
        var target = rebuild.Find(column);
        target.Definition.Remove("DEFAULT");
        if (literal is not null)
        {
            target.Definition.Clauses.Add(new ColumnDefinition.Clause("DEFAULT", "DEFAULT " + literal));
        }

        target.Changed = true;
        rebuild.Run();
    }

    /// <summary>Sets (or, with null, removes) a column's COLLATE by a table rebuild; indexes on the column are rebuilt with it.</summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="collation">The collation (<c>NOCASE</c>, <c>RTRIM</c>, <c>BINARY</c> or one the app registered), or null.</param>
    public void SetColumnCollation(string table, string column, string? collation)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentException.ThrowIfNullOrWhiteSpace(column);
        if (collation is not null && (collation.Length == 0 || !collation.All(c => char.IsLetterOrDigit(c) || c == '_')))
        {
            throw new ArgumentException($"'{collation}' is not a collation name (letters, digits and '_').", nameof(collation));
        }

        var rebuild = TableRebuild.Load(this, table);
        var target = rebuild.Find(column);
        target.Definition.Remove("COLLATE");
        if (collation is not null)
        {
            target.Definition.Clauses.Add(new ColumnDefinition.Clause("COLLATE", "COLLATE " + collation));
        }

        target.Changed = true;
        rebuild.Run();
    }

    /// <summary>Creates an index (<c>CREATE [UNIQUE] INDEX</c>); an existing index of that name is an error.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="table">The table.</param>
    /// <param name="columns">The indexed columns, in order.</param>
    /// <param name="unique">True for a UNIQUE index (a duplicate value fails the step).</param>
    public void CreateIndex(string indexName, string table, IReadOnlyList<string> columns, bool unique = false)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(indexName);
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentNullException.ThrowIfNull(columns);
        if (columns.Count == 0)
        {
            throw new ArgumentException("An index needs at least one column.", nameof(columns));
        }

        foreach (var column in columns)
        {
            RequireColumn(table, column);
        }

        if (IndexExists(indexName))
        {
            throw Invalid($"index '{indexName}' already exists", table, null);
        }

        Execute($"CREATE {(unique ? "UNIQUE " : "")}INDEX {SqlBuilder.Quote(indexName)} ON {SqlBuilder.Quote(table)} ({string.Join(", ", columns.Select(SqlBuilder.Quote))})");
    }

    /// <summary>Drops an index created by <c>CREATE INDEX</c> (not one a UNIQUE or PRIMARY KEY constraint made).</summary>
    /// <param name="indexName">The index name.</param>
    public void DropIndex(string indexName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(indexName);
        if (!IndexExists(indexName))
        {
            throw Invalid($"index '{indexName}' does not exist", null, null);
        }

        Execute($"DROP INDEX {SqlBuilder.Quote(indexName)}");
    }

    /// <summary>
    /// Makes <paramref name="columns"/> the table's primary key (none: no key) by a table rebuild. Rows that are not
    /// unique under the new key fail the step. A rowid table keeps its rowids unless the new key is one INTEGER
    /// column (which becomes the rowid).
    /// </summary>
    /// <param name="table">The table.</param>
    /// <param name="columns">The key columns, in order.</param>
    public void ChangePrimaryKey(string table, params string[] columns)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(table);
        ArgumentNullException.ThrowIfNull(columns);
        var rebuild = TableRebuild.Load(this, table);
        var names = columns.Select(c => rebuild.Find(c).Definition.Name).ToArray();
        foreach (var column in rebuild.Columns.Where(c => c.Definition.IsPrimaryKey))
        {
            column.Definition.Remove("PRIMARY");
            column.Changed = true;
        }

        rebuild.Constraints.RemoveAll(c => c.Kind == "PRIMARY");
        if (names.Length > 0)
        {
            var text = "PRIMARY KEY (" + string.Join(", ", names.Select(SqlBuilder.Quote)) + ")";
            rebuild.Constraints.Insert(0, new TableRebuild.Constraint(text, SqlTokens.Tokenize(text)));
        }

        rebuild.Run();
    }

    internal MicroDbMigrationException Invalid(string what, string? table, string? column) =>
        new($"Migration step '{StepName}' was rolled back: {what}.", MicroDbMigrationError.InvalidStep, StepName) { Table = table, Column = column };

    internal MicroDbMigrationException Conversion(string what, string table, string column, string row) =>
        new($"Migration step '{StepName}' was rolled back: {what}.", MicroDbMigrationError.ConversionFailed, StepName) { Table = table, Column = column, Row = row };

    private bool TableExists(string table) =>
        Connection.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE", table) > 0;

    private bool IndexExists(string index) =>
        Connection.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name = ? COLLATE NOCASE", index) > 0;

    private List<string> ColumnNames(string table) => Connection.QueryScalars<string>("SELECT name FROM pragma_table_xinfo(?)", table);

    private void RequireTable(string table)
    {
        if (!TableExists(table))
        {
            throw Invalid($"table '{table}' does not exist", table, null);
        }
    }

    private void RequireColumn(string table, string column)
    {
        RequireTable(table);
        if (!ColumnNames(table).Contains(column, StringComparer.OrdinalIgnoreCase))
        {
            throw Invalid($"table '{table}' has no column '{column}'", table, column);
        }
    }

    private static string Literal(object? stored) => stored switch
    {
        null => "NULL",
        string text => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'",
        byte[] bytes => "x'" + Convert.ToHexString(bytes) + "'",
        bool b => b ? "1" : "0",
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        float f => ((double)f).ToString("R", CultureInfo.InvariantCulture),
        IFormattable number => number.ToString(null, CultureInfo.InvariantCulture),
        _ => "'" + stored.ToString()!.Replace("'", "''", StringComparison.Ordinal) + "'",
    };
}
