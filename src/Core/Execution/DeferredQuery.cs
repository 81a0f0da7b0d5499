using System.Collections;
using MicroDb.Mapping;
using MicroDb.Query;

namespace MicroDb;

/// <summary>
/// A query whose rows are read from the statement one at a time as it is enumerated. Each enumeration is a
/// <see cref="StatementEnumerator{TResult, TReader}"/> of its own, so enumerations may nest or overlap.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
internal sealed class DeferredQuery<T> : IEnumerable<T>
{
    private readonly StatementRunner _runner;
    private readonly EntityMap<T> _map;
    private readonly string _sql;
    private readonly object?[] _args;

    public DeferredQuery(StatementRunner runner, EntityMap<T> map, string sql, object?[] args)
    {
        _runner = runner;
        _map = map;
        _sql = sql;
        _args = args;
    }

    public IEnumerator<T> GetEnumerator() =>
        _runner.Enumerate<T, EntityRowReader<T>>(_sql, StatementArguments.Positional(_args), new EntityRowReader<T>(_map));

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
