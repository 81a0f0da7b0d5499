namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A table whose rows the intercepted computed-projection tests compute over.</summary>
[Table("computed_gadget")]
public sealed class ComputedGadget
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A name that may be null.</summary>
    public string? Name { get; set; }

    /// <summary>A count (large values overflow when doubled).</summary>
    public int Qty { get; set; }

    /// <summary>A divisor that may be zero.</summary>
    public int Divisor { get; set; }

    /// <summary>An exact price.</summary>
    public decimal Price { get; set; }

    /// <summary>A floating-point weight.</summary>
    public double Weight { get; set; }

    /// <summary>The maker's key (joined with <see cref="ComputedMaker"/>; no maker for some rows).</summary>
    public int MakerId { get; set; }

    /// <summary>A count that may be null.</summary>
    public int? Stock { get; set; }

    /// <summary>Computed from mapped members: reading it makes the run time select every column.</summary>
    [Ignore]
    public string Label => Name + "#" + Qty;

    /// <summary>A method over the row's members.</summary>
    /// <returns>The name and the count.</returns>
    public string Describe() => Name + ":" + Qty.ToString(System.Globalization.CultureInfo.InvariantCulture);
}
