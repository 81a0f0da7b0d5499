namespace MicroDb.Conformance.Models;

/// <summary>
/// Enums stored by name beside one stored as a number (issue 24's follow-up): a plain enum without a member for 0
/// (<see cref="Color"/>), its nullable form, and a [Flags] enum (<see cref="Hues"/>) and its nullable form.
/// </summary>
[Table("swatches")]
public class Swatch
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [StoreAsText]
    public Color Named { get; set; } = Color.Red;

    [StoreAsText]
    public Color? NamedOrNull { get; set; }

    public Color Number { get; set; } = Color.Red;

    [StoreAsText]
    public Hues Hues { get; set; }

    [StoreAsText]
    public Hues? HuesOrNull { get; set; }
}
