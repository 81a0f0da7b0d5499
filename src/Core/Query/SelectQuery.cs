using System.Collections;
using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// A <see cref="TableQuery{T}"/> with a projection (see <see cref="TableQuery{T}.Select{TResult}"/>). Filter and sort
/// before Select; Take and Skip may follow it. Immutable; enumerating streams rows from one statement.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
public sealed class SelectQuery<T, TResult> : IEnumerable<TResult>
{
    private readonly TableQuery<T> _source;
    private readonly Expression<Func<T, TResult>> _selector;
    private readonly ProjectionPlan _plan;

    internal SelectQuery(TableQuery<T> source, Expression<Func<T, TResult>> selector, ProjectionPlan plan)
    {
        _source = source;
        _selector = selector;
        _plan = plan;
    }

    /// <summary>The query before projection.</summary>
    public TableQuery<T> Source => _source;

    /// <summary>Keeps at most <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public SelectQuery<T, TResult> Take(int count) => new(_source.Take(count), _selector, _plan);

    /// <summary>Skips <paramref name="count"/> rows.</summary>
    /// <param name="count">The number of rows.</param>
    public SelectQuery<T, TResult> Skip(int count) => new(_source.Skip(count), _selector, _plan);

    /// <summary>The number of rows (projection does not change it).</summary>
    public int Count() => _source.Count();

    /// <summary>True when the query returns at least one row.</summary>
    public bool Any() => _source.Any();

    /// <summary>Runs the query and returns every projected row.</summary>
    public List<TResult> ToList()
    {
        var (sql, args) = _source.BuildSelect(_plan.Columns, includeOrder: true);
        return _source.Connection.RunList(sql, args, _plan.CreateReader(_source.Map, _selector));
    }

    /// <summary>Runs the query and returns every projected row as an array.</summary>
    public TResult[] ToArray() => ToList().ToArray();

    /// <summary>The first projected row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public TResult First() => TryFirst(out var value)
        ? value
        : throw new InvalidOperationException($"The query on '{_source.Table.TableName}' returned no row.");

    /// <summary>The first projected row, or default when there is none.</summary>
    public TResult? FirstOrDefault() => TryFirst(out var value) ? value : default;

    /// <summary>The SQL the query runs.</summary>
    public string ToSqlString() => _source.BuildSelect(_plan.Columns, includeOrder: true).Sql;

    /// <summary>Runs the query and streams the projected rows.</summary>
    public IEnumerator<TResult> GetEnumerator()
    {
        var (sql, args) = _source.BuildSelect(_plan.Columns, includeOrder: true);
        return new QueryEnumerator<TResult>(_source.Connection, sql, args, _plan.CreateReader(_source.Map, _selector));
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private bool TryFirst(out TResult value)
    {
        var (sql, args) = _source.Take(1).BuildSelect(_plan.Columns, includeOrder: true);
        return _source.Connection.RunFirst(sql, args, _plan.CreateReader(_source.Map, _selector), out value);
    }
}
