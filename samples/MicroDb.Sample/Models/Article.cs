namespace MicroDb.Sample.Models;

/// <summary>The mostly-textual object of the 30,000-object serialization study.</summary>
[Table("articles")]
public class Article
{
    [PrimaryKey]
    public int Id { get; set; }

    public string? Title { get; set; }

    public string? Author { get; set; }

    public string? Summary { get; set; }

    public string? Body { get; set; }

    public string? Url { get; set; }

    public DateTime Published { get; set; }

    public double Score { get; set; }
}
