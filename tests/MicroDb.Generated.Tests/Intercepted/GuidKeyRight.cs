namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>A table joined on a Guid key (and a composite of a Guid and a string), for the intercepted join tests.</summary>
[Table("guid_key_right")]
public sealed class GuidKeyRight
{
    /// <summary>The row's key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The join key.</summary>
    public Guid Key { get; set; }

    /// <summary>A second key part that may be null.</summary>
    public string? Text { get; set; }
}
