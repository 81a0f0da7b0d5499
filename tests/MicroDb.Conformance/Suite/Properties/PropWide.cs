namespace MicroDb.Conformance.Properties;

/// <summary>A ulong enum with values on both sides of long.MaxValue (stored with the top bit set), used as a key by the property tests.</summary>
public enum PropWide : ulong
{
    /// <summary>Small.</summary>
    Low = 1,

    /// <summary>The largest value with the top bit clear.</summary>
    Middle = long.MaxValue,

    /// <summary>Just above long.MaxValue.</summary>
    High = (ulong)long.MaxValue + 2,

    /// <summary>The largest.</summary>
    Top = ulong.MaxValue,
}
