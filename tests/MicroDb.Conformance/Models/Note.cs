namespace MicroDb.Conformance.Models;

/// <summary>An entity reached through <see cref="IEntity"/> in generic code.</summary>
[Table]
public class Note : IEntity
{
    [PrimaryKey, AutoIncrement]
    public long Id { get; set; }

    public string Body { get; set; } = "";
}
