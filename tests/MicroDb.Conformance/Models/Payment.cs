namespace MicroDb.Conformance.Models;

/// <summary>A foreign key with the default action (NO ACTION) to a composite-key-free parent, <see cref="Invoice"/>.</summary>
[Table("payments")]
public class Payment
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [References(typeof(Invoice))]
    public int InvoiceId { get; set; }
}
