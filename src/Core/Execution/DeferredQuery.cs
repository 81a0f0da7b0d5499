using System.Collections;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

/// <summary>A query whose rows are read from the statement one at a time as it is enumerated.</summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal sealed class DeferredQuery<T> : IEnumerable<T>
{
    private readonly MicroDbConnection _connection;
    private readonly EntityMap<T> _map;
    private readonly string _sql;
    private readonly object?[] _args;

    public DeferredQuery(MicroDbConnection connection, EntityMap<T> map, string sql, object?[] args)
    {
        _connection = connection;
        _map = map;
        _sql = sql;
        _args = args;
    }

    public IEnumerator<T> GetEnumerator() => new Enumerator(this);

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private sealed class Enumerator : IEnumerator<T>
    {
        private readonly DeferredQuery<T> _query;
        private SqliteStatement? _statement;
        private int[]? _ordinals;
        private bool _done;

        public Enumerator(DeferredQuery<T> query) => _query = query;

        public T Current { get; private set; } = default!;

        object? IEnumerator.Current => Current;

        public bool MoveNext()
        {
            if (_done)
            {
                return false;
            }

            var connection = _query._connection;

            // Each step takes the connection's gate: an enumeration on another thread then interleaves with other
            // calls row by row instead of racing them on the same native handle.
            lock (connection.Gate)
            {
                connection.ThrowIfDisposed();
                if (_statement is null)
                {
                    // Renting marks the cached statement as in use until it is returned, so enumerations of the same
                    // SQL may nest or overlap (the second one prepares its own), and a short query skips the prepare.
                    _statement = connection.RentStatement(_query._sql);
                    try
                    {
                        MicroDbConnection.BindArguments(_statement, _query._args);
                        _ordinals = _query._map.GetOrdinals(_statement);
                    }
                    catch
                    {
                        ReleaseStatement();
                        throw;
                    }
                }

                if (_statement.Step())
                {
                    Current = _query._map.Read(_statement, _ordinals);
                    return true;
                }

                _done = true;
                ReleaseStatement();
                return false;
            }
        }

        public void Reset() => throw new NotSupportedException("A deferred query cannot be reset; enumerate it again instead.");

        public void Dispose()
        {
            if (_statement is null)
            {
                return;
            }

            lock (_query._connection.Gate)
            {
                ReleaseStatement();
            }
        }

        private void ReleaseStatement()
        {
            if (_statement is not null)
            {
                // Resets it and frees it for the next user (or finalizes it when it was not cached or the connection is closed).
                _query._connection.ReturnStatement(_statement);
                _statement = null;
            }
        }
    }
}
