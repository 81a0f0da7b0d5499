namespace MicroDb.Npgsql.Tests;

/// <summary>The string and date function tests' rows: text with mixed case, spaces, non-ASCII letters and nulls; dates at month and year boundaries.</summary>
[Table("pg_text_fn")]
public class PgTextRow
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Name { get; set; }
    public DateTime When { get; set; }
    public DateTime? MaybeWhen { get; set; }
    public DateOnly Day { get; set; }
    public TimeOnly Time { get; set; }
    public DateTimeOffset At { get; set; }
}
