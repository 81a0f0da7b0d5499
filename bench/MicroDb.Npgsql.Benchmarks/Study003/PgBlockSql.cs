namespace MicroDb.Npgsql.Benchmarks.Study003;

/// <summary>Study 003's SQL on PostgreSQL (<c>$n</c> parameters; Dapper's copies use <c>@p1</c>...), shared by every provider.</summary>
public static class PgBlockSql
{
    /// <summary>Look up a block.</summary>
    public const string Select = "SELECT \"Id\" FROM \"Block\" WHERE \"Hash\" = $1 AND \"Size\" = $2";

    /// <summary>Add a block, reading its key back.</summary>
    public const string Insert = "INSERT INTO \"Block\" (\"Hash\", \"Size\") VALUES ($1, $2) RETURNING \"Id\"";

    /// <summary>The blocks of a blockset.</summary>
    public const string Join = "SELECT \"Block\".\"Id\", \"Block\".\"Hash\", \"Block\".\"Size\" FROM \"Block\" JOIN \"BlocksetEntry\" ON \"BlocksetEntry\".\"BlockId\" = \"Block\".\"Id\" WHERE \"BlocksetEntry\".\"BlocksetId\" = $1";

    /// <summary>The link table (Block itself is created by MicroDb.Npgsql's CreateTable).</summary>
    public const string EntrySchema = "CREATE TABLE \"BlocksetEntry\" (\"BlocksetId\" bigint NOT NULL, \"BlockId\" bigint NOT NULL); CREATE INDEX \"BlocksetEntry_BlocksetId\" ON \"BlocksetEntry\" (\"BlocksetId\");";

    /// <summary><paramref name="sql"/> with <c>$n</c> rewritten as <c>@pn</c> (Dapper binds by name).</summary>
    /// <param name="sql">SQL with <c>$n</c> parameters.</param>
    /// <returns>The rewritten SQL.</returns>
    public static string Named(string sql) => sql.Replace("$", "@p", StringComparison.Ordinal);
}
