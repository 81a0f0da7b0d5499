using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads a row with a generated reader over the statement (an intercepted join whose result reads plain members: one
/// typed read per selected column, straight into the result). The SQL is the generator's constant, so the columns are
/// read by position and there is nothing to prepare.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal readonly struct ColumnRowReader<TResult> : IRowReader<TResult>
{
    private readonly Func<SqliteStatement, TResult> _read;

    public ColumnRowReader(Func<SqliteStatement, TResult> read) => _read = read;

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement) => _read(statement);
}
