namespace MicroDb.Conformance.Models;

/// <summary><see cref="Swatch"/>'s members with every enum stored as a number: the allocation baseline for reading enums by name.</summary>
[Table("swatch_numbers")]
public class SwatchNumbers
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public Color Named { get; set; } = Color.Red;

    public Color? NamedOrNull { get; set; }

    public Color Number { get; set; } = Color.Red;

    public Hues Hues { get; set; }

    public Hues? HuesOrNull { get; set; }
}
