namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A row of every date type, nullable too, for the intercepted date condition tests.</summary>
[Table("dated_rows")]
public sealed class DatedRow
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A DateTime stored as ticks (with its kind under MicroDb's format).</summary>
    public DateTime At { get; set; }

    /// <summary>A nullable DateTime.</summary>
    public DateTime? DueAt { get; set; }

    /// <summary>A DateTime stored as ISO text under MicroDb's format.</summary>
    [StoreAsText]
    public DateTime Stamp { get; set; }

    /// <summary>A DateTimeOffset (text with its offset under MicroDb's format, UtcTicks under sqlite-net's).</summary>
    public DateTimeOffset When { get; set; }

    /// <summary>A nullable DateTimeOffset.</summary>
    public DateTimeOffset? WhenMaybe { get; set; }

    /// <summary>A TimeSpan.</summary>
    public TimeSpan Length { get; set; }

    /// <summary>A nullable TimeSpan.</summary>
    public TimeSpan? Pause { get; set; }

    /// <summary>A grouping key.</summary>
    public int Bucket { get; set; }
}
