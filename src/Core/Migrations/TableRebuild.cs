using System.Globalization;
using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb.Migrations;

/// <summary>
/// SQLite's twelve-step table rebuild (lang_altertable, "Making Other Kinds Of Table Schema Changes") inside the
/// migration step's transaction, with foreign keys already off (the runner turns them off outside the transaction and
/// runs foreign_key_check before commit): create the new table, copy every row (keeping rowids), check the converted
/// values, drop the old table, rename the new one, recreate its indexes and triggers, keep the AUTOINCREMENT counter,
/// check that every view still compiles and run integrity_check on the table.
/// </summary>
internal sealed class TableRebuild
{
    private readonly MigrationContext _context;
    private readonly MicroDbConnection _db;

    private TableRebuild(MigrationContext context, string table, string createSql)
    {
        _context = context;
        _db = context.Connection;
        Table = table;
        var (definitions, suffix) = SqlTokens.SplitCreateTable(createSql);
        Suffix = suffix;
        foreach (var definition in definitions)
        {
            var tokens = SqlTokens.Tokenize(definition);
            if (ColumnDefinition.IsTableConstraint(tokens))
            {
                Constraints.Add(new Constraint(definition, tokens));
            }
            else
            {
                Columns.Add(new Column(definition, ColumnDefinition.Parse(tokens)));
            }
        }
    }

    /// <summary>The table's name as the schema has it.</summary>
    public string Table { get; }

    /// <summary>The column definitions in order.</summary>
    public List<Column> Columns { get; } = [];

    /// <summary>The table constraints (PRIMARY KEY (...), UNIQUE (...), CHECK, FOREIGN KEY) in order.</summary>
    public List<Constraint> Constraints { get; } = [];

    /// <summary>The text after the column list (WITHOUT ROWID, STRICT).</summary>
    public string Suffix { get; }

    /// <summary>True for a WITHOUT ROWID table.</summary>
    public bool WithoutRowId => Suffix.Contains("WITHOUT", StringComparison.OrdinalIgnoreCase);

    /// <summary>Reads <paramref name="table"/>'s CREATE TABLE text; a missing table is an <see cref="MicroDbMigrationError.InvalidStep"/>.</summary>
    public static TableRebuild Load(MigrationContext context, string table)
    {
        var found = ReadSchema(context.Connection, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name = ? COLLATE NOCASE", table);
        if (found.Count == 0 || found[0].Sql is null)
        {
            throw context.Invalid($"table '{table}' does not exist", table, null);
        }

        return new TableRebuild(context, found[0].Name, found[0].Sql!);
    }

    /// <summary>The column named <paramref name="name"/> (any case); a missing column is an <see cref="MicroDbMigrationError.InvalidStep"/>.</summary>
    public Column Find(string name) =>
        Columns.FirstOrDefault(c => string.Equals(c.Definition.Name, name, StringComparison.OrdinalIgnoreCase))
        ?? throw _context.Invalid($"table '{Table}' has no column '{name}'", Table, name);

    /// <summary>
    /// Runs the rebuild with the changed definitions.
    /// </summary>
    /// <param name="keepIndex">Which of the table's indexes (by name and column names) to recreate; null keeps all.</param>
    /// <param name="convert">A column whose values must read back as this kind under the connection's storage format, or null.</param>
    /// <param name="recodeFrom">For <paramref name="convert"/>: the kind the values are stored as now, to re-encode each as the new kind; null keeps the stored values.</param>
    public void Run(Func<string, IReadOnlyList<string>, bool>? keepIndex = null, (string Column, ColumnKind Kind)? convert = null, ColumnKind? recodeFrom = null)
    {
        if (_db.ExecuteScalar<long>("PRAGMA foreign_keys") == 1)
        {
            throw _context.Invalid($"rebuilding table '{Table}' needs foreign keys off, and this step was added with enforceForeignKeys: true; move the change to a step without it", Table, null);
        }

        var quoted = SqlBuilder.Quote(Table);
        var indexes = ReadSchema(_db, "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid", Table)
            .Select(i => (i.Name, i.Sql, Columns: _db.QueryScalars<string>("SELECT name FROM pragma_index_info(?)", i.Name).Where(n => n is not null).ToArray()))
            .ToList();
        var triggers = _db.QueryScalars<string>("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = ? AND sql IS NOT NULL ORDER BY rowid", Table);
        var views = _db.QueryScalars<string>("SELECT name FROM sqlite_schema WHERE type = 'view' ORDER BY rowid");
        long? sequence = _db.ExecuteScalar<long>("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'sqlite_sequence'") == 0
            ? null
            : _db.QueryScalars<long>("SELECT seq FROM sqlite_sequence WHERE name = ?", Table).Cast<long?>().FirstOrDefault();

        var temporary = "__microdb_rebuild_" + Table;
        var quotedTemporary = SqlBuilder.Quote(temporary);
        var definitions = Columns.Select(c => c.Changed ? c.Definition.ToSql() : c.Text).Concat(Constraints.Select(c => c.Text));
        _db.Execute($"CREATE TABLE {quotedTemporary} ({string.Join(", ", definitions)}){(Suffix.Length > 0 ? " " + Suffix : "")}");

        // Copy every stored column; a rowid table keeps its rowids unless the new key is the rowid itself.
        var copied = Columns.Where(c => !c.Definition.IsGenerated).Select(c => SqlBuilder.Quote(c.Definition.Name)).ToList();
        var rowidAlias = _db.ExecuteScalar<long>($"SELECT count(*) FROM pragma_table_info(?) WHERE pk > 0", temporary) == 1
            && _db.ExecuteScalar<long>($"SELECT count(*) FROM pragma_table_info(?) WHERE pk = 1 AND upper(type) = 'INTEGER'", temporary) == 1;
        if (!WithoutRowId && !rowidAlias)
        {
            copied.Insert(0, "rowid");
        }

        var list = string.Join(", ", copied);
        _db.Execute($"INSERT INTO {quotedTemporary} ({list}) SELECT {list} FROM {quoted}");
        if (convert is { } c)
        {
            if (recodeFrom is { } from)
            {
                Recode(temporary, c.Column, from, c.Kind);
            }

            CheckValues(temporary, c.Column, c.Kind);
        }

        _db.Execute($"DROP TABLE {quoted}");

        // Legacy rename: the views and triggers that name the table keep naming it, and now find the new one.
        _db.Execute("PRAGMA legacy_alter_table = ON");
        try
        {
            _db.Execute($"ALTER TABLE {quotedTemporary} RENAME TO {quoted}");
        }
        finally
        {
            _db.Execute("PRAGMA legacy_alter_table = OFF");
        }

        foreach (var index in indexes)
        {
            if (keepIndex is null || keepIndex(index.Name, index.Columns))
            {
                RunRecreate(index.Sql!, "index " + index.Name);
            }
        }

        foreach (var trigger in triggers)
        {
            RunRecreate(trigger, "trigger");
        }

        if (sequence is { } seq)
        {
            _db.Execute("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?", seq, Table);
            if (_db.Changes == 0)
            {
                _db.Execute("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", Table, seq);
            }
        }

        foreach (var view in views)
        {
            try
            {
                _db.QueryScalars<long>($"SELECT 1 FROM {SqlBuilder.Quote(view)} LIMIT 0");
            }
            catch (MicroDbException e)
            {
                throw _context.Invalid($"the change to table '{Table}' breaks view '{view}' ({e.Message}); drop or change the view in the same step first", Table, null);
            }
        }

        var check = _db.QueryScalars<string>($"PRAGMA integrity_check({quoted})");
        if (check is not ["ok"])
        {
            throw _context.Invalid($"integrity_check failed on table '{Table}' after the rebuild: {string.Join("; ", check)}", Table, null);
        }
    }

    private void RunRecreate(string sql, string what)
    {
        try
        {
            _db.Execute(sql);
        }
        catch (MicroDbException e)
        {
            throw _context.Invalid($"the {what} of table '{Table}' cannot be recreated after the change ({e.Message}); drop or change it in the same step first", Table, null);
        }
    }

    /// <summary>Reads every non-NULL value of <paramref name="column"/> as <paramref name="kind"/> would be read; the first that cannot be is a <see cref="MicroDbMigrationError.ConversionFailed"/>.</summary>
    private void CheckValues(string table, string column, ColumnKind kind)
    {
        var declared = _db.QueryScalars<string>("SELECT type FROM pragma_table_info(?) WHERE name = ?", table, column).FirstOrDefault() ?? "";
        var expected = ExpectedStorageClass(declared, kind);
        using var statement = _db.Runner.Prepare($"SELECT {RowExpression(table)}, {SqlBuilder.Quote(column)} FROM {SqlBuilder.Quote(table)} WHERE {SqlBuilder.Quote(column)} IS NOT NULL");
        while (statement.Step())
        {
            string? problem = null;
            var storageClass = statement.GetColumnType(1);
            if (expected != 0 && storageClass != expected)
            {
                problem = "it is stored as " + StorageClassName(storageClass) + " after conversion to " + declared;
            }
            else
            {
                try
                {
                    _ = statement.GetValue(1, kind);
                }
                catch (MicroDbException e)
                {
                    problem = e.Message;
                }
            }

            if (problem is not null)
            {
                var row = statement.GetString(0) ?? "NULL";
                var value = _db.ExecuteScalar<string>($"SELECT quote({SqlBuilder.Quote(column)}) FROM {SqlBuilder.Quote(table)} WHERE {RowPredicate(table)}", row);
                throw _context.Conversion(
                    $"row {row} of table '{Table}': the value {value} of column '{column}' cannot be converted to {kind} ({problem})",
                    Table,
                    column,
                    row);
            }
        }
    }

    /// <summary>Reads every non-NULL value of the old table as <paramref name="from"/> and writes it into the new table as <paramref name="to"/> stores it.</summary>
    private void Recode(string temporary, string column, ColumnKind from, ColumnKind to)
    {
        var quotedColumn = SqlBuilder.Quote(column);
        var update = $"UPDATE {SqlBuilder.Quote(temporary)} SET {quotedColumn} = ? WHERE {RowPredicate(temporary)}";
        using var statement = _db.Runner.Prepare($"SELECT {RowExpression(Table)}, {quotedColumn}, quote({quotedColumn}) FROM {SqlBuilder.Quote(Table)} WHERE {quotedColumn} IS NOT NULL");
        while (statement.Step())
        {
            object? stored;
            try
            {
                stored = KindConversion.Store(statement.GetValue(1, from), to, _db.Storage);
            }
            catch (Exception e) when (e is MicroDbException or FormatException or OverflowException or InvalidCastException or ArgumentException)
            {
                var row = statement.GetString(0) ?? "NULL";
                throw _context.Conversion(
                    $"row {row} of table '{Table}': the value {statement.GetString(2)} of column '{column}' cannot be converted from {from} to {to} ({e.Message})",
                    Table,
                    column,
                    row);
            }

            _db.Execute(update, stored, statement.GetString(0));
        }
    }

    /// <summary>SQL that names a row: its rowid, or its key values quoted and comma-separated in a WITHOUT ROWID table.</summary>
    internal string RowExpression(string table) => WithoutRowId
        ? string.Join(" || ', ' || ", KeyColumns(table).Select(k => "quote(" + SqlBuilder.Quote(k) + ")"))
        : "CAST(rowid AS TEXT)";

    private string RowPredicate(string table) => WithoutRowId
        ? "(" + string.Join(" || ', ' || ", KeyColumns(table).Select(k => "quote(" + SqlBuilder.Quote(k) + ")")) + ") = ?"
        : "rowid = CAST(? AS INTEGER)";

    private List<string> KeyColumns(string table) => _db.QueryScalars<string>("SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", table);

    /// <summary>The storage class a value must have after SQLite's affinity conversion into <paramref name="declared"/>, or 0 when any may do.</summary>
    private static int ExpectedStorageClass(string declared, ColumnKind kind)
    {
        var type = declared.ToUpperInvariant();
        if (type.Contains("INT", StringComparison.Ordinal))
        {
            return raw.SQLITE_INTEGER;
        }

        if (type.Contains("CHAR", StringComparison.Ordinal) || type.Contains("CLOB", StringComparison.Ordinal) || type.Contains("TEXT", StringComparison.Ordinal))
        {
            return raw.SQLITE_TEXT;
        }

        if (type.Length == 0 || type.Contains("BLOB", StringComparison.Ordinal))
        {
            return kind == ColumnKind.Blob ? raw.SQLITE_BLOB : 0;
        }

        if (type.Contains("REAL", StringComparison.Ordinal) || type.Contains("FLOA", StringComparison.Ordinal) || type.Contains("DOUB", StringComparison.Ordinal))
        {
            return raw.SQLITE_FLOAT;
        }

        return 0;
    }

    private static string StorageClassName(int storageClass) => storageClass switch
    {
        raw.SQLITE_INTEGER => "INTEGER",
        raw.SQLITE_FLOAT => "REAL",
        raw.SQLITE_TEXT => "TEXT",
        raw.SQLITE_BLOB => "BLOB",
        _ => "NULL",
    };

    /// <summary>One column: its text as written, its parsed definition, and whether the rebuild changes it.</summary>
    internal sealed class Column(string text, ColumnDefinition definition)
    {
        public string Text { get; } = text;

        public ColumnDefinition Definition { get; } = definition;

        public bool Changed { get; set; }
    }

    /// <summary>One table constraint: its text as written and its tokens.</summary>
    internal sealed class Constraint(string text, List<string> tokens)
    {
        public string Text { get; } = text;

        public List<string> Tokens { get; } = tokens;

        /// <summary>The constraint's kind: PRIMARY, UNIQUE, CHECK or FOREIGN (after any CONSTRAINT name).</summary>
        public string Kind => (SqlTokens.Is(Tokens[0], "CONSTRAINT") && Tokens.Count > 2 ? Tokens[2] : Tokens[0]).ToUpperInvariant();
    }

    /// <summary>Rows of sqlite_schema: name and sql (read directly: Core maps no types of its own).</summary>
    private static List<(string Name, string? Sql)> ReadSchema(MicroDbConnection db, string sql, string table)
    {
        var rows = new List<(string, string?)>();
        using var statement = db.Runner.Prepare(sql);
        statement.Bind(1, table);
        while (statement.Step())
        {
            rows.Add((statement.GetString(0)!, statement.GetString(1)));
        }

        return rows;
    }
}
