using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>Reads the first column as a scalar with <see cref="ScalarReader"/> (no entity, no boxing for primitive results).</summary>
/// <typeparam name="TResult">The scalar type.</typeparam>
internal sealed class ScalarRowReader<TResult> : RowReader<TResult>
{
    public static readonly ScalarRowReader<TResult> Instance = new();

    public override void Prepare(SqliteStatement statement)
    {
    }

    public override TResult Read(SqliteStatement statement) => ScalarReader.Read<TResult>(statement, 0);
}
