using MicroDb.Sample.Models;

namespace MicroDb.Sample;

/// <summary>Deterministic, mostly-textual data like the serialization study's.</summary>
internal static class SampleData
{
    private static readonly string[] Words = ["sqlite", "reflection", "generator", "binary", "writer", "reader", "mobile", "native", "ahead", "of", "time", "compile", "table", "column", "index", "query"];

    public static List<Article> Articles(int count)
    {
        var random = new Random(2002);
        var list = new List<Article>(count);
        for (var i = 0; i < count; i++)
        {
            list.Add(new Article
            {
                Id = i + 1,
                Title = Sentence(random, 6),
                Author = Sentence(random, 2),
                Summary = Sentence(random, 20),
                Body = Sentence(random, 60),
                Url = $"https://example.org/articles/{i + 1}",
                Published = new DateTime(2010, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(i * 17),
                Score = random.NextDouble() * 5,
            });
        }

        return list;
    }

    private static string Sentence(Random random, int words) =>
        string.Join(' ', Enumerable.Range(0, words).Select(_ => Words[random.Next(Words.Length)]));
}
