using System.Text;
using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Serialization;

/// <summary>Deterministic, mostly-textual test objects (the same seed gives the same records).</summary>
public static class TextRecordData
{
    private const string Letters = "abcdefghijklmnopqrstuvwxyz     ABCDEFGHIJKLMNOPQRSTUVWXYZ";

    /// <summary>Makes <paramref name="count"/> records.</summary>
    /// <param name="count">How many.</param>
    /// <param name="seed">The random seed.</param>
    public static TextRecord[] Create(int count, int seed = 42)
    {
        var random = new Random(seed);
        var records = new TextRecord[count];
        for (var i = 0; i < count; i++)
        {
            records[i] = new TextRecord
            {
                Id = i + 1,
                Title = Text(random, 20, 40),
                Author = Text(random, 8, 20),
                Email = random.Next(5) == 0 ? null : Text(random, 6, 12).Replace(' ', '.') + "@example.org",
                Street = random.Next(1, 999) + " " + Text(random, 8, 20),
                City = Text(random, 5, 14),
                Country = Text(random, 4, 12),
                Summary = Text(random, 80, 160),
                Notes = random.Next(10) < 7 ? null : Text(random, 40, 120),
                Rating = random.Next(0, 6),
                Price = Math.Round(random.NextDouble() * 1000, 2),
            };
        }

        return records;
    }

    private static string Text(Random random, int min, int max)
    {
        var length = random.Next(min, max + 1);
        var sb = new StringBuilder(length);
        for (var i = 0; i < length; i++)
        {
            sb.Append(Letters[random.Next(Letters.Length)]);
        }

        return sb.ToString();
    }
}
