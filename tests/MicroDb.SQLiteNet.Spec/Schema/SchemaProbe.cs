using SQLite;

namespace MicroDb.SQLiteNet.Spec.Schema;

/// <summary>A sqlite-net connection on a temp file that records the SQL it executes.</summary>
public sealed class SchemaProbe : IDisposable
{
    private readonly string _path = Path.Combine(Path.GetTempPath(), "mdbspec-schema-" + Guid.NewGuid().ToString("N") + ".db");

    /// <summary>Opens the probe.</summary>
    public SchemaProbe()
    {
        Db = new SQLiteConnection(_path);
        Db.Tracer = sql => Statements.Add(sql);
        Db.Trace = true;
    }

    /// <summary>The connection.</summary>
    public SQLiteConnection Db { get; private set; }

    /// <summary>Every statement traced so far.</summary>
    public List<string> Statements { get; } = [];

    /// <summary>Traced statements that change the schema (CREATE, ALTER, DROP).</summary>
    public List<string> SchemaStatements() =>
        Statements.Select(StatementText).Where(s => s.StartsWith("create", StringComparison.OrdinalIgnoreCase)
            || s.StartsWith("alter", StringComparison.OrdinalIgnoreCase)
            || s.StartsWith("drop", StringComparison.OrdinalIgnoreCase)).ToList();

    /// <summary>The <c>sql</c> of a table in sqlite_master.</summary>
    public string? TableSql(string table) =>
        Db.ExecuteScalar<string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", table);

    /// <summary>Name and sql of every index on a table, by name.</summary>
    public List<string> Indexes(string table) =>
        Db.QueryScalars<string>("SELECT name || ': ' || ifnull(sql, '(automatic)') FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name", table);

    /// <summary>Each column as <c>name type notnull pk dflt</c>, in table order.</summary>
    public List<string> Columns(string table) =>
        Db.QueryScalars<string>("SELECT name || ' ' || type || ' notnull=' || \"notnull\" || ' pk=' || pk || ' dflt=' || ifnull(dflt_value, 'NULL') FROM pragma_table_info(?) ORDER BY cid", table);

    /// <summary>Reopens the connection (same file), as an app would on its next start.</summary>
    public void Reopen()
    {
        Db.Dispose();
        Db = new SQLiteConnection(_path);
        Db.Tracer = sql => Statements.Add(sql);
        Db.Trace = true;
    }

    // sqlite-net's trace lines carry an "Executing: " prefix; keep the statement byte for byte after it.
    private static string StatementText(string line)
    {
        const string prefix = "Executing: ";
        return line.StartsWith(prefix, StringComparison.Ordinal) ? line[prefix.Length..] : line;
    }

    /// <inheritdoc />
    public void Dispose()
    {
        Db.Dispose();
        File.Delete(_path);
    }
}
