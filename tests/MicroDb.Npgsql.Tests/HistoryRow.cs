namespace MicroDb.Npgsql.Tests;

/// <summary>A row of the migration history table, read by <c>Query</c> (no table of its own is created).</summary>
[Table("pg_history_row")]
public class HistoryRow
{
    [PrimaryKey] public int Id { get; set; }
    public string? Name { get; set; }
}
