using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

/// <summary>A two-column key's values.</summary>
internal readonly struct CompositeKey<TKey1, TKey2>(TKey1 key1, TKey2 key2) : ICompositeKey
{
    /// <summary>The key, or <see cref="ArgumentNullException"/> for a null value (before any statement is prepared).</summary>
    public static CompositeKey<TKey1, TKey2> Of(TKey1 key1, TKey2 key2) => new(key1 ?? throw new ArgumentNullException(nameof(key1)), key2 ?? throw new ArgumentNullException(nameof(key2)));

    public void Bind(SqliteStatement statement, TableMapping table) => StatementArguments.BindPrimaryKey(statement, table, key1, key2);

    public object?[] Values() => [key1, key2];

    public override string ToString() => $"({key1}, {key2})";
}
