namespace MicroDb.Conformance.Models;

/// <summary>A private setter, changed only through a method.</summary>
[Table]
public class Account
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [NotNull]
    public string Owner { get; set; } = "";

    public long Balance { get; private set; }

    public void Deposit(long amount) => Balance += amount;
}
