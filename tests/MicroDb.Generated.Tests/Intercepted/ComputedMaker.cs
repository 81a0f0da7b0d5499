namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A table joined with <see cref="ComputedGadget"/> by the intercepted computed join-result tests.</summary>
[Table("computed_maker")]
public sealed class ComputedMaker
{
    /// <summary>The key.</summary>
    [PrimaryKey]
    public int Id { get; set; }

    /// <summary>A name that may be null.</summary>
    public string? Name { get; set; }

    /// <summary>A rank.</summary>
    public int Rank { get; set; }
}
