using SQLite;

namespace MicroDb.SQLiteNet.Spec.Schema;

/// <summary>A model using every schema attribute sqlite-net has.</summary>
[Table("people")]
public sealed class Person
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Single-column index with the default name.</summary>
    [Indexed]
    public string? Email { get; set; }

    /// <summary>Second column of a named composite index.</summary>
    [Indexed(Name = "IX_people_name", Order = 2)]
    public string? LastName { get; set; }

    /// <summary>First column of a named composite index.</summary>
    [Indexed(Name = "IX_people_name", Order = 1)]
    public string? FirstName { get; set; }

    /// <summary>Unique index.</summary>
    [Unique]
    public string? Code { get; set; }

    /// <summary>Length-limited text.</summary>
    [MaxLength(40)]
    public string? Title { get; set; }

    /// <summary>Required text.</summary>
    [NotNull]
    public string Required { get; set; } = "";

    /// <summary>Case-insensitive text.</summary>
    [Collation("NOCASE")]
    public string? Nick { get; set; }

    /// <summary>Renamed column.</summary>
    [Column("birth_date")]
    public DateTime Born { get; set; }

    /// <summary>Not stored.</summary>
    [SQLite.Ignore]
    public string? Transient { get; set; }

    /// <summary>Plain value column.</summary>
    public int Age { get; set; }

    /// <summary>Nullable value column.</summary>
    public double? Score { get; set; }
}

/// <summary>A model without <c>[Table]</c>: the table is named after the class.</summary>
public sealed class Untitled
{
    /// <summary>Key.</summary>
    [PrimaryKey]
    public Guid Key { get; set; }

    /// <summary>Text key of a second, named unique index.</summary>
    [Unique(Name = "UX_untitled_slug")]
    public string? Slug { get; set; }
}

/// <summary>Version 1 of a migrated table.</summary>
[Table("evolving")]
public sealed class EvolvingV1
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Existing column.</summary>
    public string? Name { get; set; }
}

/// <summary>Version 2 of the migrated table: three properties added.</summary>
[Table("evolving")]
public sealed class EvolvingV2
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Existing column.</summary>
    public string? Name { get; set; }

    /// <summary>Added value column.</summary>
    public int Added { get; set; }

    /// <summary>Added indexed text column.</summary>
    [Indexed, MaxLength(10)]
    public string? AddedIndexed { get; set; }

    /// <summary>Added collated date column.</summary>
    [Collation("NOCASE")]
    public DateTime AddedWhen { get; set; }
}

/// <summary>Version 2 with a NOT NULL column added to a table that already has rows.</summary>
[Table("evolving")]
public sealed class EvolvingNotNull
{
    /// <summary>Key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>Existing column.</summary>
    public string? Name { get; set; }

    /// <summary>Added required column.</summary>
    [NotNull]
    public string Required { get; set; } = "";
}

/// <summary>A model that relies on CreateFlags for its key and indexes.</summary>
[Table("implicit")]
public sealed class ImplicitModel
{
    /// <summary>Becomes the key under ImplicitPK.</summary>
    public int Id { get; set; }

    /// <summary>Indexed under ImplicitIndex (name ends in Id).</summary>
    public int OwnerId { get; set; }

    /// <summary>Plain column.</summary>
    public string? Text { get; set; }
}
