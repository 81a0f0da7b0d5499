namespace MicroDb.Npgsql.Tests;

/// <summary>A key and an amount: the rows of the prepared ad-hoc SQL and transaction retry tests.</summary>
[Table("pg_ledger")]
public class Ledger
{
    [PrimaryKey] public int Id { get; set; }
    [MaxLength(40)] public string? Name { get; set; }
    public long Amount { get; set; }
}
