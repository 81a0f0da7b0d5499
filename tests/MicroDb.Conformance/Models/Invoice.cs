namespace MicroDb.Conformance.Models;

/// <summary>Two foreign keys to <see cref="Customer"/>: its key (deletes cascade) and its unique code (updates cascade).</summary>
[Table("invoices")]
public class Invoice
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [References(typeof(Customer), OnDelete = ForeignKeyAction.Cascade)]
    public int CustomerId { get; set; }

    [References(typeof(Customer), Column = "Code", OnUpdate = ForeignKeyAction.Cascade, OnDelete = ForeignKeyAction.SetNull)]
    public string? CustomerCode { get; set; }

    public decimal Amount { get; set; }
}
