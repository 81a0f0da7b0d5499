namespace MicroDb.Tests.Query;

/// <summary>A small model for the translation cache's tests.</summary>
[Table("cache_rows")]
public sealed class CacheRow
{
    /// <summary>The key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>A number.</summary>
    public int Age { get; set; }

    /// <summary>A number of the same type and name length, for the hash test.</summary>
    public int Ago { get; set; }
}
