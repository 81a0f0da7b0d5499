using System.Collections;
using MicroDb.Native;
using MicroDb.Query;

namespace MicroDb;

/// <summary>
/// Streams a query for <see cref="StatementRunner.Enumerate{TResult, TReader}"/>: the statement is taken on the first
/// <see cref="MoveNext"/>, one row is read per call, and the statement is given back when the rows end or on
/// <see cref="Dispose"/> (foreach does it). Each step holds the connection's lock, so an enumeration on another thread
/// interleaves with other calls row by row instead of racing them on the native handle. Renting marks a cached statement
/// as in use, so enumerations of the same SQL may nest or overlap: the second one prepares its own.
/// </summary>
/// <typeparam name="TResult">The row type.</typeparam>
/// <typeparam name="TReader">The row reader.</typeparam>
internal sealed class StatementEnumerator<TResult, TReader> : IEnumerator<TResult>
    where TReader : IRowReader<TResult>
{
    private readonly StatementRunner _runner;
    private readonly string _sql;
    private readonly StatementArguments _args;
    private TReader _reader;
    private SqliteStatement? _statement;
    private bool _done;

    // Diagnostics: the start when someone listens (0 otherwise), and the rows read so far.
    private long _start;
    private int _rows;

    public StatementEnumerator(StatementRunner runner, string sql, in StatementArguments args, TReader reader)
    {
        _runner = runner;
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

        lock (_runner.Gate)
        {
            _runner.Connection.ThrowIfDisposed();
            try
            {
                if (_statement is null)
                {
                    _start = _runner.ObserveStart();
                    var statement = _runner.Start(_sql, _args);
                    try
                    {
                        _reader.Prepare(statement);
                    }
                    catch
                    {
                        _runner.Return(statement);
                        throw;
                    }

                    _statement = statement;
                }

                if (_statement.Step())
                {
                    Current = _reader.Read(_statement);
                    _rows++;
                    return true;
                }
            }
            catch (Exception e) when (_start != 0 && ReportFailed(e))
            {
                throw;
            }

            _done = true;
            Release();
            return false;
        }
    }

    public void Reset() => throw new NotSupportedException("A MicroDb query enumerator cannot be reset; enumerate the query again instead.");

    public void Dispose()
    {
        if (_statement is null)
        {
            return;
        }

        lock (_runner.Gate)
        {
            Release();
        }
    }

    /// <summary>Exception filter: reports the failure once (the release that follows reports nothing more) and returns false.</summary>
    private bool ReportFailed(Exception error)
    {
        _runner.ReportFailed(_start, _sql, _args, error);
        _start = 0;
        return false;
    }

    private void Release()
    {
        if (_statement is not null)
        {
            if (_start != 0)
            {
                _runner.Report(_start, _sql, _args, _statement, _rows);
                _start = 0;
            }

            // Resets it and frees it for the next user (or finalizes it when it was not cached or the connection is closed).
            _runner.Return(_statement);
            _statement = null;
        }
    }
}
