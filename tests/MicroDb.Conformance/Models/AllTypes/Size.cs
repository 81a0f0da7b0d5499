namespace MicroDb.Conformance.Models;

public enum Size : long
{
    Small = -1,
    Huge = long.MaxValue,
}
