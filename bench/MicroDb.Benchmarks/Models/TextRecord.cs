namespace MicroDb.Benchmarks.Models;

/// <summary>Study 002's object: mostly text (eight strings, some null), an int key and two numbers.</summary>
[Table("TextRecord")]
public sealed class TextRecord
{
    /// <summary>The key.</summary>
    [PrimaryKey]
    public int Id { get; set; }

    /// <summary>A title.</summary>
    public string? Title { get; set; }

    /// <summary>An author name.</summary>
    public string? Author { get; set; }

    /// <summary>An e-mail address (null for some records).</summary>
    public string? Email { get; set; }

    /// <summary>A street line.</summary>
    public string? Street { get; set; }

    /// <summary>A city.</summary>
    public string? City { get; set; }

    /// <summary>A country.</summary>
    public string? Country { get; set; }

    /// <summary>A sentence or two.</summary>
    public string? Summary { get; set; }

    /// <summary>Free notes (null for most records).</summary>
    public string? Notes { get; set; }

    /// <summary>A small integer.</summary>
    public int Rating { get; set; }

    /// <summary>A price.</summary>
    public double Price { get; set; }
}
