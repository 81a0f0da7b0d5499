using MicroDb;

namespace Shapes;

// Positional record: init-only properties set through the primary constructor.
[Table]
public record Point([property: PrimaryKey] int Id, string Label, double X, double Y);

// Get-only properties and one constructor; the auto-incremented key is written back through its backing field.
[Table("tags")]
public class Tag
{
    public Tag(long id, string name, int? weight)
    {
        Id = id;
        Name = name;
        Weight = weight;
    }

    [PrimaryKey, AutoIncrement]
    public long Id { get; }

    public string Name { get; }

    public int? Weight { get; }

    // Settable member alongside constructor parameters: assigned after construction.
    public bool Pinned { get; set; }
}
