using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

/// <summary>A one-column key's value, so Find and Delete by one key run the same runner code as a composite key.</summary>
internal readonly struct SingleKey<TKey>(TKey key) : ICompositeKey
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Bind(SqliteStatement statement, TableMapping table) => StatementArguments.BindPrimaryKey(statement, table, key);

    public object?[] Values() => [key];

    public override string ToString() => $"{key}";
}
