using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>Turns the current row of a query statement into a result. One instance serves one execution.</summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal abstract class RowReader<TResult>
{
    /// <summary>Called once per statement before the first row, to resolve column ordinals.</summary>
    public abstract void Prepare(SqliteStatement statement);

    /// <summary>Reads the current row.</summary>
    public abstract TResult Read(SqliteStatement statement);
}
