using System.Collections;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Streams a query: one statement taken from the connection on the first <see cref="MoveNext"/>, one row read per call,
/// the statement given back on <see cref="Dispose"/> (foreach does it). Each step holds the connection's lock, so other
/// threads' calls interleave safely between rows.
/// </summary>
/// <typeparam name="TResult">The row type.</typeparam>
internal sealed class QueryEnumerator<TResult> : IEnumerator<TResult>
{
    private readonly MicroDbConnection _connection;
    private readonly string _sql;
    private readonly List<object?> _args;
    private readonly RowReader<TResult> _reader;
    private SqliteStatement? _statement;
    private bool _done;

    public QueryEnumerator(MicroDbConnection connection, string sql, List<object?> args, RowReader<TResult> reader)
    {
        _connection = connection;
        _sql = sql;
        _args = args;
        _reader = reader;
    }

    public TResult Current { get; private set; } = default!;

    object? IEnumerator.Current => Current;

    public bool MoveNext()
    {
        if (_done)
        {
            return false;
        }

        lock (_connection.Gate)
        {
            if (_statement is null)
            {
                // The connection's statement cache hands out each statement to one user at a time, so nested
                // enumerations of the same query get separate statements.
                _statement = _connection.RentStatement(_sql);
                MicroDbConnection.BindQueryArguments(_statement, _args);
                _reader.Prepare(_statement);
            }

            if (_statement.Step())
            {
                Current = _reader.Read(_statement);
                return true;
            }
        }

        _done = true;
        Dispose();
        return false;
    }

    public void Reset() => throw new NotSupportedException("A MicroDb query enumerator cannot be reset; enumerate the query again instead.");

    public void Dispose()
    {
        var statement = _statement;
        if (statement is null)
        {
            return;
        }

        _statement = null;
        lock (_connection.Gate)
        {
            _connection.ReturnStatement(statement);
        }
    }
}
