using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

/// <summary>
/// The values of a composite primary key, held typed in a struct so the runner binds them without boxing
/// (<see cref="CompositeKey{TKey1, TKey2}"/>, <see cref="CompositeKey{TKey1, TKey2, TKey3}"/>).
/// </summary>
internal interface ICompositeKey
{
    /// <summary>Binds the values to parameters 1..n in key order.</summary>
    void Bind(SqliteStatement statement, TableMapping table);

    /// <summary>The values, boxed: for traces and messages only.</summary>
    object?[] Values();
}
