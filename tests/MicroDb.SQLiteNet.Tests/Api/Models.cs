using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>A typical sqlite-net model, with the compat package's attributes.</summary>
[Table("items")]
public class Item
{
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    [NotNull, MaxLength(30)]
    public string Name { get; set; } = "";

    [Unique]
    public string? Code { get; set; }

    [Indexed(Name = "IX_items_group", Order = 2)]
    public int Quantity { get; set; }

    [Indexed(Name = "IX_items_group", Order = 1), Collation("NOCASE")]
    public string? Category { get; set; }

    [Column("added_at")]
    public DateTime Added { get; set; }

    [SQLite.Ignore]
    public string Scratch { get; set; } = "";
}

/// <summary>A model without a key or a [Table] attribute.</summary>
public class Note
{
    public string? Body { get; set; }
}

/// <summary>A model with a text key.</summary>
[Table("tags")]
public class Tag
{
    [PrimaryKey]
    public string Name { get; set; } = "";

    public int Uses { get; set; }
}

/// <summary>A model with no attributes at all, for the CreateFlags conventions.</summary>
public class Plain
{
    public int Id { get; set; }

    public int OwnerId { get; set; }

    public string? Title { get; set; }
}

/// <summary>An app's own connection class, as sqlite-net apps write them.</summary>
public class AppDatabase : SQLiteConnection
{
    public AppDatabase(string path)
        : base(path)
    {
        CreateTable<Item>();
    }

    public List<Item> InCategory(string category) => Table<Item>().Where(i => i.Category == category).OrderBy(i => i.Name).ToList();
}
