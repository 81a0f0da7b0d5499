using System.Collections;

namespace MicroDb;

/// <summary>A deferred query whose rows are value tuples, read by position (<see cref="ValueTupleRowReader{T}"/>).</summary>
/// <typeparam name="T">The value tuple type.</typeparam>
internal sealed class DeferredTupleQuery<T> : IEnumerable<T>
{
    private readonly StatementRunner _runner;
    private readonly string _sql;
    private readonly object?[] _args;

    public DeferredTupleQuery(StatementRunner runner, string sql, object?[] args)
    {
        _runner = runner;
        _sql = sql;
        _args = args;
    }

    public IEnumerator<T> GetEnumerator() =>
        _runner.Enumerate<T, ValueTupleRowReader<T>>(_sql, StatementArguments.Positional(_args), new ValueTupleRowReader<T>(sqliteNetRules: false));

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
