namespace MicroDb.Conformance.Models;

public enum Color
{
    Red = 1,
    Green = 2,
    Blue = 3,
}
