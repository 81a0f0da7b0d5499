using System.Collections;
using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// Groups read as <typeparamref name="TResult"/> (<see cref="GroupByQuery{TKey, TElement}.Select{TResult}"/>). A later
/// <see cref="Where"/> is rewritten onto the group (HAVING) and <see cref="OrderBy{TOrder}"/> sorts by the key or an
/// aggregate (<c>OrderBy(x =&gt; x.Total)</c> orders by <c>sum(...)</c>). Immutable; enumerating streams one statement.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
public sealed class GroupedQuery<TResult> : IEnumerable<TResult>
{
    private readonly GroupState _state;
    private readonly Expression _selector;

    internal GroupedQuery(GroupState state, Expression selector)
    {
        _state = state;
        _selector = selector;
    }

    /// <summary>Keeps the groups whose result matches <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on the result.</param>
    public GroupedQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return new(_state.WithHaving(RowSubstitution.Apply(predicate, _selector), "Where"), _selector);
    }

    /// <summary>Sorts by a member of the result (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public GroupedQuery<TResult> OrderBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, false, false, "OrderBy");

    /// <summary>Sorts by a member of the result, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public GroupedQuery<TResult> OrderByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, true, false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public GroupedQuery<TResult> ThenBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, false, true, "ThenBy");

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public GroupedQuery<TResult> ThenByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, true, true, "ThenByDescending");

    /// <summary>Keeps at most <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public GroupedQuery<TResult> Take(int count) => new(_state.WithTake(count), _selector);

    /// <summary>Skips <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public GroupedQuery<TResult> Skip(int count) => new(_state.WithSkip(count), _selector);

    /// <summary>Runs the query and returns every group's result.</summary>
    /// <exception cref="OverflowException">A <c>long</c> sum does not fit in 64 bits (LINQ's checked sum throws it too).</exception>
    public List<TResult> ToList() => ToList(CancellationToken.None);

    /// <summary>Every group's result, with a cancellation check between rows (the async query's path).</summary>
    internal List<TResult> ToList(CancellationToken cancellationToken)
    {
        var (sql, args, reader) = Build(null);
        try
        {
            return _state.Connection.Runner.ReadAll<TResult, GroupRowReader<TResult>>(sql, StatementArguments.Translated(args), reader, cancellationToken);
        }
        catch (MicroDbException e) when (IsOverflow(e))
        {
            throw Overflow(e);
        }
    }

    /// <summary>The same query bound to <paramref name="connection"/> (a reader of the pool, for the async query).</summary>
    internal GroupedQuery<TResult> On(MicroDbConnection connection) => new(_state.On(connection), _selector);

    /// <summary>Runs the query and returns every group's result as an array.</summary>
    public TResult[] ToArray() => ToList().ToArray();

    /// <summary>The first group's result.</summary>
    /// <exception cref="InvalidOperationException">There is no group.</exception>
    public TResult First() => TryFirst(out var value) ? value : throw NoGroup();

    /// <summary>The first group's result, or default when there is none.</summary>
    public TResult? FirstOrDefault() => TryFirst(out var value) ? value : default;

    /// <summary>The number of groups.</summary>
    public int Count() => checked((int)_state.Count());

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => Build(null).Sql;

    /// <summary>Runs the query and streams the groups' results.</summary>
    /// <exception cref="OverflowException">A <c>long</c> sum does not fit in 64 bits (LINQ's checked sum throws it too).</exception>
    public IEnumerator<TResult> GetEnumerator()
    {
        var (sql, args, reader) = Build(null);
        return new OverflowGuard(this, _state.Connection.Runner.Enumerate<TResult, GroupRowReader<TResult>>(sql, StatementArguments.Translated(args), reader));
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>The grouping (the intercepted path).</summary>
    internal GroupState State => _state;

    /// <summary>The result over the group (the interception check names its members).</summary>
    internal Expression Selector => _selector;

    /// <summary>The run-time path's statement for ToList (<paramref name="limitCap"/> null) or First (1), for the interception check.</summary>
    internal (string Sql, List<object?> Args) BuildStatement(int? limitCap)
    {
        var (sql, args, _) = Build(limitCap);
        return (sql, args);
    }

    /// <summary>A reader of this query's rows (the key's columns and the aggregates, where the run-time path selects them) that builds each result with <paramref name="project"/>.</summary>
    internal GroupRowReader<TResult> Reader(Func<object?, object?[], TResult> project)
    {
        // Select planned (and so translated) the same result already; this plan only says where its values are.
        var plan = _state.PlanResult(_selector, translate: false);
        _state.Layout(plan);
        return new GroupRowReader<TResult>(_state.Maps, _state.Parameters, plan, project);
    }

    /// <summary>First's error when there is no group.</summary>
    internal InvalidOperationException NoGroup() => new($"The grouped query on '{_state.Map.Table.TableName}' returned no group.");

    internal bool TryFirst(out TResult value)
    {
        var (sql, args, reader) = Build(1);
        try
        {
            return _state.Connection.Runner.TryReadFirst(sql, StatementArguments.Translated(args), reader, out value);
        }
        catch (MicroDbException e) when (IsOverflow(e))
        {
            throw Overflow(e);
        }
    }

    private static bool IsOverflow(MicroDbException e) => GroupState.IsOverflow(e);

    private OverflowException Overflow(MicroDbException e) => _state.Overflow(e);

    private (string Sql, List<object?> Args, GroupRowReader<TResult> Reader) Build(int? limitCap)
    {
        var plan = _state.PlanResult(_selector);
        var (sql, args) = _state.BuildSelect(plan, limitCap);
        return (sql, args, new GroupRowReader<TResult>(_state.Maps, _state.Parameters, plan));
    }

    private GroupedQuery<TResult> Order(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return new(_state.WithOrdering(RowSubstitution.Apply(keySelector, _selector), descending, then, name), _selector);
    }

    /// <summary>The streamed rows, with SQLite's integer overflow reported as LINQ reports it.</summary>
    private sealed class OverflowGuard(GroupedQuery<TResult> query, IEnumerator<TResult> inner) : IEnumerator<TResult>
    {
        public TResult Current => inner.Current;

        object? IEnumerator.Current => inner.Current;

        public bool MoveNext()
        {
            try
            {
                return inner.MoveNext();
            }
            catch (MicroDbException e) when (IsOverflow(e))
            {
                throw query.Overflow(e);
            }
        }

        public void Reset() => inner.Reset();

        public void Dispose() => inner.Dispose();
    }
}
