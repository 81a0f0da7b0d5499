namespace MicroDb.Conformance.Models;

[Table("people")]
public class Person
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [NotNull, MaxLength(50), Indexed]
    public string Name { get; set; } = "";

    public int Age { get; set; }

    [Unique]
    public string? Email { get; set; }

    public DateTime Created { get; set; }

    [Ignore]
    public string? Transient { get; set; }
}
