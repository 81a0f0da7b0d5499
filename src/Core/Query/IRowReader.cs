using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Turns the current row of a query statement into a result. The statement runner is generic over the reader, so a
/// struct reader (entities, scalars) costs neither an allocation nor a virtual call. One instance serves one execution.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal interface IRowReader<TResult>
{
    /// <summary>Called once per statement before the first row is read, to resolve column ordinals.</summary>
    void Prepare(SqliteStatement statement);

    /// <summary>Reads the current row.</summary>
    TResult Read(SqliteStatement statement);
}
