namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A row of non-nullable doubles (one stored NULL: NaN is written as NULL), a nullable long, an int, a decimal and a date, for the review fixes' (8b) intercepted tests.</summary>
[Table("fix8b_rows")]
public sealed class Fix8bRow
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The group's team.</summary>
    public string? Team { get; set; }

    /// <summary>A non-nullable double.</summary>
    public double Score { get; set; }

    /// <summary>Another non-nullable double.</summary>
    public double Weight { get; set; }

    /// <summary>A nullable long.</summary>
    public long? NLong { get; set; }

    /// <summary>An int, shifted and counted.</summary>
    public int Qty { get; set; }

    /// <summary>A decimal.</summary>
    public decimal Price { get; set; }

    /// <summary>A date counted in a condition over the groups.</summary>
    public DateTime At { get; set; }
}
