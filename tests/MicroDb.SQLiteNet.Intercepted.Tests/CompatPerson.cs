using SQLite;

namespace CompatApp.Tests;

/// <summary>A sqlite-net model.</summary>
[Table("people")]
public class CompatPerson
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string Name { get; set; }

    public int Age { get; set; }

    public bool Active { get; set; }
}
