namespace MicroDb.Conformance.Properties;

/// <summary>
/// A composite key whose order (Code first, then Name) differs from the members' order, of a ulong that may exceed
/// long.MaxValue and a string compared ordinally; a unique <see cref="Slot"/> is an upsert's other conflict target.
/// </summary>
[Table("prop_pairs")]
public class PropPair
{
    [PrimaryKey(Order = 2)]
    public string Name { get; set; } = "";

    [PrimaryKey(Order = 1)]
    public ulong Code { get; set; }

    [Unique(Name = "prop_pairs_slot")]
    public int Slot { get; set; }

    [NotNull]
    public string Note { get; set; } = "";
}
