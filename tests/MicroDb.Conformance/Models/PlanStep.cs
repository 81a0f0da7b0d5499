namespace MicroDb.Conformance.Models;

/// <summary>A row of EXPLAIN QUERY PLAN, read with Query&lt;T&gt;.</summary>
[Table]
public class PlanStep
{
    [PrimaryKey, Column("id")]
    public long Id { get; set; }

    [Column("detail")]
    public string Detail { get; set; } = "";
}
