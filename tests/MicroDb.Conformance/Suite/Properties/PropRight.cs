namespace MicroDb.Conformance.Properties;

/// <summary>
/// The right table of the differential property tests: a key column of every stored type the query rules treat
/// specially (nullable forms, ulong above long.MaxValue, decimals of several scales, DateTimes of every kind,
/// strings differing in case, Guids, enums, doubles, bools, DateOnly, TimeSpan), filled at random from small pools so that keys repeat.
/// </summary>
[Table("prop_right")]
public class PropRight
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public int? Int { get; set; }

    public long Long { get; set; }

    public ulong ULong { get; set; }

    public decimal Decimal { get; set; }

    public DateTime Date { get; set; }

    public DateTime? NDate { get; set; }

    public string? Text { get; set; }

    public Guid Guid { get; set; }

    public PropTint Tint { get; set; }

    public PropWide? Wide { get; set; }

    public double Real { get; set; }

    public bool Flag { get; set; }

    public DateOnly Day { get; set; }

    public TimeSpan Span { get; set; }

    public int Amount { get; set; }
}
