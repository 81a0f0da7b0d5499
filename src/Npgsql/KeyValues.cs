using MicroDb.Mapping;

namespace MicroDb.Npgsql;

/// <summary>
/// A composite key's values, given typed to <c>Find</c>/<c>Get</c>/<c>Delete</c>: a struct per arity, so binding each
/// value goes through <see cref="CrudCommand.BindKeyValue{TKey}"/> specialized per key type (no boxing of long, int,
/// Guid or string parts).
/// </summary>
internal interface IKeyValues
{
    /// <summary>How many key values there are.</summary>
    int Count { get; }

    /// <summary>Binds the values, in key order, to the key columns <paramref name="keys"/> of <paramref name="statement"/>.</summary>
    void Bind(CrudCommand statement, IReadOnlyList<ColumnMapping> columns, IReadOnlyList<ColumnMapping> keys);
}

/// <summary>A two-column key's values.</summary>
internal readonly struct KeyValues<TKey1, TKey2>(TKey1 key1, TKey2 key2) : IKeyValues
{
    /// <summary>The values, or <see cref="ArgumentNullException"/> for a null one (before any statement runs).</summary>
    public static KeyValues<TKey1, TKey2> Of(TKey1 key1, TKey2 key2) =>
        new(key1 ?? throw new ArgumentNullException(nameof(key1)), key2 ?? throw new ArgumentNullException(nameof(key2)));

    public int Count => 2;

    public void Bind(CrudCommand statement, IReadOnlyList<ColumnMapping> columns, IReadOnlyList<ColumnMapping> keys)
    {
        statement.BindKeyValue(columns, keys[0], key1);
        statement.BindKeyValue(columns, keys[1], key2);
    }

    // As SQLite's CompositeKey: the error for a missing row names the key as "(1, 2)".
    public override string ToString() => $"({key1}, {key2})";
}

/// <summary>A three-column key's values.</summary>
internal readonly struct KeyValues<TKey1, TKey2, TKey3>(TKey1 key1, TKey2 key2, TKey3 key3) : IKeyValues
{
    /// <summary>The values, or <see cref="ArgumentNullException"/> for a null one (before any statement runs).</summary>
    public static KeyValues<TKey1, TKey2, TKey3> Of(TKey1 key1, TKey2 key2, TKey3 key3) => new(
        key1 ?? throw new ArgumentNullException(nameof(key1)),
        key2 ?? throw new ArgumentNullException(nameof(key2)),
        key3 ?? throw new ArgumentNullException(nameof(key3)));

    public int Count => 3;

    public void Bind(CrudCommand statement, IReadOnlyList<ColumnMapping> columns, IReadOnlyList<ColumnMapping> keys)
    {
        statement.BindKeyValue(columns, keys[0], key1);
        statement.BindKeyValue(columns, keys[1], key2);
        statement.BindKeyValue(columns, keys[2], key3);
    }

    public override string ToString() => $"({key1}, {key2}, {key3})";
}
