namespace MicroDb.Npgsql.Tests;

/// <summary>The LINQ tests' rows: one member of each comparable column kind, nullable ones, NaN-able floats, and a string column with an ICU collation.</summary>
[Table("pg_linq")]
public class LinqRow
{
    [PrimaryKey, AutoIncrement] public int Id { get; set; }
    public string? Name { get; set; }
    [Indexed] public int Age { get; set; }
    public int? Height { get; set; }
    public double Score { get; set; }
    public double? MaybeScore { get; set; }
    public float Ratio { get; set; }
    public decimal Price { get; set; }
    public long Big { get; set; }
    public ulong Huge { get; set; }
    public uint Unsigned { get; set; }
    public byte Small { get; set; }
    public char Letter { get; set; }
    public bool Active { get; set; }
    public bool? Flag { get; set; }
    public Guid Key { get; set; }
    public Guid? MaybeKey { get; set; }
    public DateTime When { get; set; }
    public DateTime? MaybeWhen { get; set; }
    public DateTimeOffset At { get; set; }
    public TimeSpan Span { get; set; }
    public DateOnly Day { get; set; }
    public TimeOnly Time { get; set; }
    public Shade Shade { get; set; }
    public byte[]? Blob { get; set; }

    // An ICU collation orders "a" before "B"; LINQ-to-Objects (ordinal) the other way round.
    [Collation("und-x-icu")] public string? Word { get; set; }
}
