namespace MicroDb.Benchmarks.Workloads;

/// <summary>The SQL text of study 003's workloads, shared by every provider.</summary>
public static class BlockSql
{
    /// <summary>Look up a block.</summary>
    public const string Select = "SELECT \"Id\" FROM \"Block\" WHERE \"Hash\" = ? AND \"Size\" = ?";

    /// <summary>Add a block (the same text MicroDb generates for Block).</summary>
    public const string Insert = "INSERT INTO \"Block\" (\"Hash\", \"Size\") VALUES (?, ?)";

    /// <summary>Add a block unless it exists.</summary>
    public const string InsertOrIgnore = "INSERT OR IGNORE INTO \"Block\" (\"Hash\", \"Size\") VALUES (?, ?)";

    /// <summary>The blocks of a blockset.</summary>
    public const string Join = "SELECT \"Block\".\"Id\", \"Block\".\"Hash\", \"Block\".\"Size\" FROM \"Block\" JOIN \"BlocksetEntry\" ON \"BlocksetEntry\".\"BlockId\" = \"Block\".\"Id\" WHERE \"BlocksetEntry\".\"BlocksetId\" = ?";

    /// <summary>Start a blockset.</summary>
    public const string NewBlockset = "INSERT INTO \"Blockset\" (\"Length\") VALUES (0)";

    /// <summary>Link a block.</summary>
    public const string AddEntry = "INSERT INTO \"BlocksetEntry\" (\"BlocksetId\", \"BlockId\") VALUES (?, ?)";

    /// <summary>Grow a blockset.</summary>
    public const string GrowBlockset = "UPDATE \"Blockset\" SET \"Length\" = \"Length\" + 1 WHERE \"Id\" = ?";

    /// <summary>The schema: MicroDb's DDL for Block plus the two link tables.</summary>
    public static string Schema => Infrastructure.RawSqlite.Schema(Models.Maps.Generated<Models.Block>())
        + "CREATE TABLE IF NOT EXISTS \"Blockset\" (\"Id\" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, \"Length\" INTEGER NOT NULL);"
        + "CREATE TABLE IF NOT EXISTS \"BlocksetEntry\" (\"BlocksetId\" INTEGER NOT NULL, \"BlockId\" INTEGER NOT NULL);"
        + "CREATE INDEX IF NOT EXISTS \"BlocksetEntry_BlocksetId\" ON \"BlocksetEntry\" (\"BlocksetId\");";

    /// <summary>Rewrites each <c>?</c> as <paramref name="prefix"/> plus its 1-based position (<c>?1</c>, <c>@p1</c>), for providers that bind by name.</summary>
    /// <param name="sql">SQL with positional parameters.</param>
    /// <param name="prefix">"?" or "@p".</param>
    public static string Numbered(string sql, string prefix)
    {
        var sb = new System.Text.StringBuilder(sql.Length + 8);
        var n = 0;
        foreach (var c in sql)
        {
            if (c == '?')
            {
                sb.Append(prefix).Append(++n);
            }
            else
            {
                sb.Append(c);
            }
        }

        return sb.ToString();
    }
}
