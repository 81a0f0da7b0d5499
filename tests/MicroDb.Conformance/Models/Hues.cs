namespace MicroDb.Conformance.Models;

/// <summary>A [Flags] enum with a name for 0 and one for a combination (Cyan), stored by name in <see cref="Swatch"/>.</summary>
[Flags]
public enum Hues
{
    None = 0,
    Red = 1,
    Green = 2,
    Blue = 4,
    Cyan = Green | Blue,
}
