namespace MicroDb.Conformance.Query;

/// <summary>Random rows from a fixed seed, with nulls, mixed case, SQL wildcards and quotes in the text values.</summary>
public static class QueryData
{
    public static readonly string?[] Names =
    [
        "Anna", "anna", "ANNA", "Bob", "bob ", "  Carl", "Dana", "O'Brien", "100%", "a_b", "back\\slash",
        "", null, "Hannah", "an", "Xavier", "Robert'); DROP TABLE query_items; --", "Zed",
    ];

    public static readonly DateTime BaseDate = new(2000, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    public static readonly Guid[] Tokens = Enumerable.Range(1, 8).Select(i => new Guid(i, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)).ToArray();

    public static List<QueryItem> Generate(int seed, int count)
    {
        var random = new Random(seed);
        var items = new List<QueryItem>(count);
        for (var i = 0; i < count; i++)
        {
            items.Add(new QueryItem
            {
                Name = Names[random.Next(Names.Length)],
                Age = random.Next(0, 81),
                Score = Math.Round(random.NextDouble() * 100, 2),
                Height = random.Next(10) < 3 ? null : random.Next(100, 201),
                Active = random.Next(2) == 0,
                Hue = (Hue)random.Next(4),
                Shade = (Shade)random.Next(3),
                Born = BaseDate.AddDays(random.Next(0, 3650)).AddSeconds(random.Next(86400)),
                BornText = BaseDate.AddDays(random.Next(0, 3650)).AddMinutes(random.Next(1440)),
                Price = random.Next(0, 100000) / 100m,
                Token = Tokens[random.Next(Tokens.Length)],
                Initial = (char)('A' + random.Next(26)),
                Flag = random.Next(3) switch { 0 => null, 1 => true, _ => false },
                Big = (long)random.Next() * random.Next(1, 1000),
            });
        }

        return items;
    }
}
