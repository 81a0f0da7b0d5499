using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>Reads the first column as a scalar with <see cref="ScalarReader"/> (no entity, no boxing for primitive results).</summary>
/// <typeparam name="TResult">The scalar type.</typeparam>
internal readonly struct ScalarRowReader<TResult> : IRowReader<TResult>
{
    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement) => ScalarReader.Read<TResult>(statement, 0);
}
