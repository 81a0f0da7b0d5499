namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A sale of a month, joined to <see cref="PeriodPlan"/> by computed keys (<c>Year * 100 + Month</c>, <c>(long)CustomerId</c>).</summary>
[Table("period_sales")]
public sealed class PeriodSale
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The year.</summary>
    public int Year { get; set; }

    /// <summary>The month (1 to 12).</summary>
    public int Month { get; set; }

    /// <summary>The customer.</summary>
    public int CustomerId { get; set; }

    /// <summary>A Guid to order by.</summary>
    public Guid Tag { get; set; }

    /// <summary>A Guid that may be missing.</summary>
    public Guid? MaybeTag { get; set; }

    /// <summary>A 64-bit unsigned key (stored by bit pattern).</summary>
    public ulong Big { get; set; }

    /// <summary>A 64-bit unsigned key that may be missing.</summary>
    public ulong? MaybeBig { get; set; }

    /// <summary>An enum over ulong, stored as its number.</summary>
    public WideKind Kind { get; set; }
}

/// <summary>An enum over ulong, joined on as a key.</summary>
public enum WideKind : ulong
{
    /// <summary>One.</summary>
    One = 1,

    /// <summary>Above long.MaxValue.</summary>
    High = 0x8000_0000_0000_0001,

    /// <summary>The largest.</summary>
    Max = ulong.MaxValue,
}
