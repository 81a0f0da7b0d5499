namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A table whose rows the intercepted projections over conversions, shifts, ulong and nullable bools compute over.</summary>
[Table("select_more_row")]
public sealed class SelectMoreRow
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A name that may be null.</summary>
    public string? Name { get; set; }

    /// <summary>A count (int.MinValue in one row).</summary>
    public int Qty { get; set; }

    /// <summary>A divisor (-1 in one row).</summary>
    public int Divisor { get; set; }

    /// <summary>A floating-point weight (beyond int's range in one row).</summary>
    public double Weight { get; set; }

    /// <summary>A single-precision ratio.</summary>
    public float Ratio { get; set; }

    /// <summary>An exact price.</summary>
    public decimal Price { get; set; }

    /// <summary>A weight that may be null.</summary>
    public double? Maybe { get; set; }

    /// <summary>An unsigned value (above long.MaxValue in one row).</summary>
    public ulong Big { get; set; }

    /// <summary>A flag that may be null.</summary>
    public bool? Flag { get; set; }

    /// <summary>Another flag that may be null.</summary>
    public bool? Other { get; set; }
}
