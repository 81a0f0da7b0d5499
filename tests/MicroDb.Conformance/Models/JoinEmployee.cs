namespace MicroDb.Conformance.Models;

/// <summary>The self-join tests' table: an employee whose manager is another row of the same table (or none).</summary>
[Table("join_employees")]
public class JoinEmployee
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public int? ManagerId { get; set; }

    public string? Dept { get; set; }

    public int Salary { get; set; }
}
