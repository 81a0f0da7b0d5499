namespace MicroDb.Conformance.Query;

/// <summary>An integer-stored enum.</summary>
public enum Hue
{
    Red,
    Green,
    Blue,
    Violet,
}

/// <summary>An enum stored by name.</summary>
public enum Shade
{
    Light,
    Medium,
    Dark,
}

/// <summary>The query tests' model: one member of each column kind the translator treats specially.</summary>
[Table("query_items")]
public sealed class QueryItem
{
    [PrimaryKey]
    [AutoIncrement]
    public int Id { get; set; }

    public string? Name { get; set; }

    public int Age { get; set; }

    public double Score { get; set; }

    public int? Height { get; set; }

    public bool Active { get; set; }

    public Hue Hue { get; set; }

    [StoreAsText]
    public Shade Shade { get; set; }

    public DateTime Born { get; set; }

    [StoreAsText]
    public DateTime BornText { get; set; }

    public decimal Price { get; set; }

    public Guid Token { get; set; }

    public char Initial { get; set; }

    public bool? Flag { get; set; }

    public long Big { get; set; }

    /// <summary>Not mapped: a projection that uses it needs the whole entity.</summary>
    [Ignore]
    public string Label => $"{Name}#{Age}";

    public QueryItem Clone() => (QueryItem)MemberwiseClone();
}

/// <summary>A DTO for projection tests (settable properties).</summary>
public sealed class ItemSummary
{
    public int Id { get; set; }

    public string? Name { get; set; }

    public int NextAge { get; set; }
}

/// <summary>A DTO for projection tests (constructor).</summary>
/// <param name="Id">The id.</param>
/// <param name="Hue">The hue.</param>
public sealed record ItemRecord(int Id, Hue Hue);
