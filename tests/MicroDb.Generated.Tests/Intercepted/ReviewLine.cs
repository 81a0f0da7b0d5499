namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A line of a <see cref="ReviewRow"/>, counted by a projection's sub-query in the review fixes' tests.</summary>
[Table("review_lines")]
public sealed class ReviewLine
{
    /// <summary>The line's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The row the line belongs to.</summary>
    public int RowId { get; set; }

    /// <summary>How many.</summary>
    public int Quantity { get; set; }
}
