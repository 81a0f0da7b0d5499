using SQLite;

namespace SqliteNetTodo.Models;

/// <summary>A finished item moved out of the list by <see cref="Data.AppDatabase.ArchiveDone"/>.</summary>
[Table("archive")]
public class ArchivedTodo
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The item's name.</summary>
    [MaxLength(200), Indexed]
    public string Name { get; set; } = "";

    /// <summary>When it was archived (stored as ticks, sqlite-net's default).</summary>
    public DateTime ArchivedAt { get; set; }
}
