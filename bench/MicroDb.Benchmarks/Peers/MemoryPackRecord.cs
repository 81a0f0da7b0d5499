using MemoryPack;

namespace MicroDb.Benchmarks.Peers;

/// <summary>Study 002's object for MemoryPack (its source generator needs a partial [MemoryPackable] type; same fields as <see cref="Models.TextRecord"/>).</summary>
[MemoryPackable]
public sealed partial class MemoryPackRecord
{
    /// <summary>The key.</summary>
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

    /// <summary>A copy of <paramref name="r"/>.</summary>
    /// <param name="r">The record.</param>
    public static MemoryPackRecord From(Models.TextRecord r) => new()
    {
        Id = r.Id, Title = r.Title, Author = r.Author, Email = r.Email, Street = r.Street, City = r.City,
        Country = r.Country, Summary = r.Summary, Notes = r.Notes, Rating = r.Rating, Price = r.Price,
    };
}
