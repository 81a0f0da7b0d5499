namespace MicroDb.Npgsql.AotSample.Models;

/// <summary>A task: an identity key and a spread of column kinds (text, numeric, timestamps, uuid, bytea, enum, nullable).</summary>
[Table("aot_sample_todo")]
public sealed class TodoItem
{
    /// <summary>Identity key, read back by INSERT ... RETURNING.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>What to do.</summary>
    [NotNull, MaxLength(200)]
    public string Title { get; set; } = "";

    /// <summary>Done yet.</summary>
    public bool Done { get; set; }

    /// <summary>Urgency.</summary>
    public Priority Priority { get; set; }

    /// <summary>Estimated cost.</summary>
    public decimal Cost { get; set; }

    /// <summary>When it was written down (wall clock: timestamp).</summary>
    public DateTime Created { get; set; }

    /// <summary>When it is due (an instant: timestamptz).</summary>
    public DateTimeOffset? Due { get; set; }

    /// <summary>A correlation id.</summary>
    public Guid Correlation { get; set; }

    /// <summary>Minutes spent, when known.</summary>
    public int? Minutes { get; set; }

    /// <summary>An attachment.</summary>
    public byte[]? Attachment { get; set; }

    /// <summary>An unsigned counter (numeric(20,0) on PostgreSQL).</summary>
    public ulong Revision { get; set; }
}
