namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A plan of a period (<c>yyyyMM</c>), joined from <see cref="PeriodSale"/> by computed keys.</summary>
[Table("period_plans")]
public sealed class PeriodPlan
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The period as <c>yyyyMM</c>.</summary>
    public int Period { get; set; }

    /// <summary>The customer, as a 64-bit code.</summary>
    public long Code { get; set; }

    /// <summary>The target.</summary>
    public int Target { get; set; }

    /// <summary>A Guid to order by.</summary>
    public Guid Tag { get; set; }

    /// <summary>A 64-bit unsigned key (stored by bit pattern).</summary>
    public ulong Big { get; set; }

    /// <summary>A 64-bit unsigned key that may be missing.</summary>
    public ulong? MaybeBig { get; set; }

    /// <summary>An enum over ulong, stored as its number.</summary>
    public WideKind Kind { get; set; }
}
