namespace MicroDb.Conformance.Models;

/// <summary>A ulong enum, for bit-pattern storage of values above long.MaxValue.</summary>
public enum Flags64 : ulong
{
    None = 0,
    Top = 1UL << 63,
}
