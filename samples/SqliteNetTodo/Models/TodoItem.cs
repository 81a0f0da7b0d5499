using SQLite;

namespace SqliteNetTodo.Models;

/// <summary>The .NET MAUI template's model, as it is: sqlite-net attributes, no [Table].</summary>
public class TodoItem
{
    /// <summary>The key, set by the database on insert.</summary>
    [PrimaryKey, AutoIncrement]
    public int ID { get; set; }

    /// <summary>What to do.</summary>
    public string Name { get; set; } = "";

    /// <summary>Details.</summary>
    public string Notes { get; set; } = "";

    /// <summary>Whether it is done.</summary>
    public bool Done { get; set; }
}
