namespace MicroDb.Benchmarks.Compat;

/// <summary>Study 002's object, attributed for MicroDb.SQLiteNet (table "TextRecord", same schema as <see cref="Models.TextRecord"/>).</summary>
[SQLite.Table("TextRecord")]
public sealed class CompatTextRecord
{
    /// <summary>The key.</summary>
    [SQLite.PrimaryKey]
    public int Id { get; set; }

    /// <summary>A title.</summary>
    public string? Title { get; set; }

    /// <summary>An author name.</summary>
    public string? Author { get; set; }

    /// <summary>An e-mail address.</summary>
    public string? Email { get; set; }

    /// <summary>A street line.</summary>
    public string? Street { get; set; }

    /// <summary>A city.</summary>
    public string? City { get; set; }

    /// <summary>A country.</summary>
    public string? Country { get; set; }

    /// <summary>A sentence or two.</summary>
    public string? Summary { get; set; }

    /// <summary>Free notes.</summary>
    public string? Notes { get; set; }

    /// <summary>A small integer.</summary>
    public int Rating { get; set; }

    /// <summary>A price.</summary>
    public double Price { get; set; }
}
