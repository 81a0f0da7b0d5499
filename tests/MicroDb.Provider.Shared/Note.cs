namespace MicroDb.Provider.Tests;

/// <summary>The smoke test's model: a generated map (the generator runs in each provider project).</summary>
[Table("notes")]
public sealed class Note
{
    /// <summary>The key, set by Insert.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Indexed text, so CREATE INDEX runs too.</summary>
    [NotNull, Indexed]
    public string Text { get; set; } = "";

    /// <summary>A value type column.</summary>
    public DateTime At { get; set; }
}
