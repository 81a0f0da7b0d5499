namespace MicroDb.Tests.Reliability.Models;

/// <summary>Table, column and index names made of quotes, brackets, comment and statement separators.</summary>
[Table(Name)]
public class Hostile
{
    public const string Name = "we\"ird 'table'; DROP TABLE people; --";

    public const string KeyColumn = "select";

    public const string TextColumn = "col \"q\" 'a' [b] `c`";

    [PrimaryKey, Column(KeyColumn)]
    public string Key { get; set; } = "";

    [Column(TextColumn), Indexed]
    public string? Text { get; set; }

    [Column("semi;colon -- /* x */")]
    public int Number { get; set; }
}
