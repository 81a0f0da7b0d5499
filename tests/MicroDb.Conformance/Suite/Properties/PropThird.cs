namespace MicroDb.Conformance.Properties;

/// <summary>The third table of the property tests: rows pointing at a <see cref="PropRight"/> (several, none, or a missing one), by a nullable key.</summary>
[Table("prop_third")]
public class PropThird
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public int? RightId { get; set; }

    public string Tag { get; set; } = "";

    public int Weight { get; set; }
}
