using SQLite;

namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>The one-property model every storage case writes: table <c>box</c>, column <c>Value</c>.</summary>
[Table("box")]
public sealed class Box<T>
{
    /// <summary>Row key.</summary>
    [PrimaryKey, AutoIncrement]
    public int Id { get; set; }

    /// <summary>The value under test.</summary>
    public T Value { get; set; } = default!;
}
