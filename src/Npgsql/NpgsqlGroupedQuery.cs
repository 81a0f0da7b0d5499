using System.Linq.Expressions;
using MicroDb.Query;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// Groups of a PostgreSQL table read as <typeparamref name="TResult"/> (<see cref="NpgsqlGroupByQuery{TKey, TElement}.Select{TResult}"/>),
/// one statement. A later <see cref="Where"/> is rewritten onto the group (HAVING), <see cref="OrderBy{TOrder}"/> sorts by
/// the key or an aggregate, <see cref="Skip"/>/<see cref="Take"/> page the groups. Immutable.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
public sealed class NpgsqlGroupedQuery<TResult>
{
    private readonly MicroDbNpgsqlConnection _db;
    private readonly GroupState _state;
    private readonly Expression _selector;
    private readonly Func<NpgsqlDataReader, int[], object?>[] _readers;

    internal NpgsqlGroupedQuery(MicroDbNpgsqlConnection db, GroupState state, Expression selector, Func<NpgsqlDataReader, int[], object?>[] readers)
    {
        _db = db;
        _state = state;
        _selector = selector;
        _readers = readers;
    }

    /// <summary>Keeps the groups whose result matches <paramref name="predicate"/> (SQL HAVING).</summary>
    /// <param name="predicate">The condition on the result.</param>
    /// <exception cref="NotSupportedException">The condition has no PostgreSQL translation, or Skip/Take precede it.</exception>
    public NpgsqlGroupedQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return With(_state.WithHaving(RowSubstitution.Apply(predicate, _selector), "Where"));
    }

    /// <summary>Sorts by a member of the result (the key or an aggregate), ascending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public NpgsqlGroupedQuery<TResult> OrderBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, false, false, "OrderBy");

    /// <summary>Sorts by a member of the result, descending.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    public NpgsqlGroupedQuery<TResult> OrderByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, true, false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlGroupedQuery<TResult> ThenBy<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, false, true, "ThenBy");

    /// <summary>Adds a descending tie-breaker.</summary>
    /// <typeparam name="TOrder">The sort key's type.</typeparam>
    /// <param name="keySelector">The sort key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlGroupedQuery<TResult> ThenByDescending<TOrder>(Expression<Func<TResult, TOrder>> keySelector) => Order(keySelector, true, true, "ThenByDescending");

    /// <summary>Keeps at most <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public NpgsqlGroupedQuery<TResult> Take(int count) => With(_state.WithTake(count));

    /// <summary>Skips <paramref name="count"/> groups.</summary>
    /// <param name="count">The number of groups.</param>
    public NpgsqlGroupedQuery<TResult> Skip(int count) => With(_state.WithSkip(count));

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => NpgsqlGroupedRows.Build<TResult>(_state, _selector, _readers, null).Sql;

    /// <summary>Runs the query and returns every group's result.</summary>
    /// <exception cref="OverflowException">A sum does not fit in its LINQ result type.</exception>
    public List<TResult> ToList() => Run(null, async: false, default).GetAwaiter().GetResult();

    /// <summary>Runs the query and returns every group's result.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">A sum does not fit in its LINQ result type.</exception>
    public Task<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) => Run(null, async: true, cancellationToken).AsTask();

    /// <summary>The first group's result.</summary>
    /// <exception cref="InvalidOperationException">There is no group.</exception>
    public TResult First() => FirstCore(orDefault: false, async: false, default).GetAwaiter().GetResult()!;

    /// <summary>The first group's result.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">There is no group.</exception>
    public async Task<TResult> FirstAsync(CancellationToken cancellationToken = default) =>
        (await FirstCore(orDefault: false, async: true, cancellationToken).ConfigureAwait(false))!;

    /// <summary>The first group's result, or default when there is none.</summary>
    public TResult? FirstOrDefault() => FirstCore(orDefault: true, async: false, default).GetAwaiter().GetResult();

    /// <summary>The first group's result, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<TResult?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => FirstCore(orDefault: true, async: true, cancellationToken).AsTask();

    /// <summary>The number of groups (after HAVING, Skip and Take).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public int Count() => checked((int)NpgsqlGroupedRows.Count(_db, _state, async: false, default).GetAwaiter().GetResult());

    /// <summary>The number of groups (after HAVING, Skip and Take).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> groups.</exception>
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) =>
        checked((int)await NpgsqlGroupedRows.Count(_db, _state, async: true, cancellationToken).ConfigureAwait(false));

    private NpgsqlGroupedQuery<TResult> With(GroupState state) => new(_db, state, _selector, _readers);

    private NpgsqlGroupedQuery<TResult> Order(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        return With(_state.WithOrdering(RowSubstitution.Apply(keySelector, _selector), descending, then, name));
    }

    private ValueTask<List<TResult>> Run(int? limitCap, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters, read) = NpgsqlGroupedRows.Build<TResult>(_state, _selector, _readers, limitCap);
        return _db.RunRows(sql, parameters, read, async, cancellationToken);
    }

    private async ValueTask<TResult?> FirstCore(bool orDefault, bool async, CancellationToken cancellationToken)
    {
        var rows = await Run(1, async, cancellationToken).ConfigureAwait(false);
        if (rows.Count > 0)
        {
            return rows[0];
        }

        return orDefault ? default : throw new InvalidOperationException($"The grouped query on '{_state.Map.Table.TableName}' returned no group.");
    }
}
