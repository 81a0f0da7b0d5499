namespace MicroDb.Npgsql.AotSample.Models;

/// <summary>A positional record with a chosen key: built through its constructor on the generated path.</summary>
/// <param name="Name">The key.</param>
/// <param name="Count">How many.</param>
/// <param name="Day">Which day.</param>
[Table("aot_sample_tally")]
public sealed record Tally([property: PrimaryKey] string Name, long Count, DateOnly Day);
