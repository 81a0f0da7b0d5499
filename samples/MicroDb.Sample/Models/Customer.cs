namespace MicroDb.Sample.Models;

[Table("customers")]
public class Customer
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [NotNull, MaxLength(100), Indexed]
    public string Name { get; set; } = "";

    [Unique, Collation("NOCASE")]
    public string? Email { get; set; }

    public CustomerTier Tier { get; set; }

    public DateTime JoinedUtc { get; set; }

    public DateOnly? Birthday { get; set; }

    /// <summary>Changed only through <see cref="AddPoints"/>: a non-public setter the generator reaches with UnsafeAccessor.</summary>
    public int LoyaltyPoints { get; private set; }

    public void AddPoints(int points) => LoyaltyPoints += points;
}
