namespace MicroDb.Npgsql.Tests;

/// <summary>A row of the view <c>pg_linq_slow</c>, whose reads sleep on the server (the cancellation test).</summary>
[Table("pg_linq_slow")]
public class SlowRow
{
    [PrimaryKey] public int Id { get; set; }
}
