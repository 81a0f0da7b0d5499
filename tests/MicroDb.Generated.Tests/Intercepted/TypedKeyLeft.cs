namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A table joined on keys of DateTime, DateTimeOffset, decimal, double and enum members, for the intercepted join tests.</summary>
[Table("typed_key_left")]
public sealed class TypedKeyLeft
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A DateTime key (stored as ticks with the kind under MicroDb's format).</summary>
    public DateTime At { get; set; }

    /// <summary>A nullable DateTime key.</summary>
    public DateTime? MaybeAt { get; set; }

    /// <summary>A DateTime key stored as ISO text under MicroDb's format.</summary>
    [StoreAsText]
    public DateTime AtText { get; set; }

    /// <summary>A DateTimeOffset key.</summary>
    public DateTimeOffset Moment { get; set; }

    /// <summary>A decimal key.</summary>
    public decimal Amount { get; set; }

    /// <summary>A nullable decimal key.</summary>
    public decimal? MaybeAmount { get; set; }

    /// <summary>A double key.</summary>
    public double Ratio { get; set; }

    /// <summary>A nullable double key.</summary>
    public double? MaybeRatio { get; set; }

    /// <summary>An enum key stored as its number.</summary>
    public KeyLevel Level { get; set; }

    /// <summary>A nullable enum key stored as its number.</summary>
    public KeyLevel? MaybeLevel { get; set; }

    /// <summary>An enum key stored as its name (a name by default: a value with no name is refused on write).</summary>
    [StoreAsText]
    public KeyLevel LevelName { get; set; } = KeyLevel.Low;
}
