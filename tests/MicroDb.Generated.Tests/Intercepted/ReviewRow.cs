namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A row of a date, a time span, a nullable decimal, a double and a ulong, for the review fixes' intercepted tests.</summary>
[Table("review_rows")]
public sealed class ReviewRow
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>When the row was placed (a date ordered in a Where).</summary>
    public DateTime Placed { get; set; }

    /// <summary>A time span ordered in a Where.</summary>
    public TimeSpan Length { get; set; }

    /// <summary>A nullable decimal (stored as text) ordered in a Where.</summary>
    public decimal? Cost { get; set; }

    /// <summary>A double, negative in some rows.</summary>
    public double Score { get; set; }

    /// <summary>A ulong, above long.MaxValue in some rows.</summary>
    public ulong Big { get; set; }
}
