using SQLite;

namespace MicroDb.SQLiteNet.Tests.Async;

/// <summary>A sqlite-net model without [Table], as most apps write them.</summary>
public class Note
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Indexed]
    public string Title { get; set; } = "";

    public int Rank { get; set; }

    public bool Done { get; set; }
}

/// <summary>A model with a text key and a table name.</summary>
[Table("tags")]
public class Tag
{
    [PrimaryKey]
    public string Name { get; set; } = "";

    public int Uses { get; set; }
}

/// <summary>A model with a unique column, for constraint errors.</summary>
public class Account
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [Unique]
    public string Email { get; set; } = "";
}

/// <summary>A fourth table for CreateTablesAsync.</summary>
public class Label
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public string Text { get; set; } = "";
}

/// <summary>A fifth table for CreateTablesAsync.</summary>
public class Stamp
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    public DateTime At { get; set; }
}

/// <summary>The .NET MAUI template's model: sqlite-net attributes, no [Table].</summary>
public class TodoItem
{
    [PrimaryKey, AutoIncrement]
    public int ID { get; set; }

    public string Name { get; set; } = "";

    public string Notes { get; set; } = "";

    public bool Done { get; set; }
}
