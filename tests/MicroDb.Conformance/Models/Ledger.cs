namespace MicroDb.Conformance.Models;

/// <summary>NOT NULL members of every type the sqlite-net format encodes its own way: a migration that adds them needs a default in that encoding.</summary>
[Table]
public class Ledger
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    [NotNull]
    public decimal Amount { get; set; }

    [NotNull]
    public DateTime At { get; set; }

    [NotNull]
    public DateTimeOffset When { get; set; }

    [NotNull]
    public TimeSpan Span { get; set; }
}
