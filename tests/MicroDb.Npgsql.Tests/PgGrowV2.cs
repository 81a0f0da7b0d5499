namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A later version of <see cref="PgGrowV1"/>'s table: <c>Old</c> renamed to <c>Score</c>, nullable and NOT NULL columns
/// of several kinds added, an index and a unique index declared.
/// </summary>
[Table("pg_grow")]
public class PgGrowV2
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    [Indexed] public string? Name { get; set; }
    [RenamedFrom("Old")] public int Score { get; set; }
    [Unique] public string? Note { get; set; }
    [NotNull, MaxLength(20)] public string Code { get; set; } = "";
    [NotNull] public long Count { get; set; }
    [NotNull] public bool Flag { get; set; }
    [NotNull] public decimal Amount { get; set; }
    [NotNull] public Guid Tag { get; set; }
    [NotNull] public DateTime Since { get; set; }
    public DateTime? Seen { get; set; }
}
