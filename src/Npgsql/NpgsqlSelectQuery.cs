using System.Linq.Expressions;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// A PostgreSQL table query with a projection (<see cref="NpgsqlTableQuery{T}.Select{TResult}"/>): the statement
/// selects only the columns the selector reads, and each row is projected by MicroDb's expression interpreter.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
public sealed class NpgsqlSelectQuery<T, TResult>
{
    private readonly NpgsqlTableQuery<T> _query;
    private readonly Expression<Func<T, TResult>> _selector;
    private readonly ValueList<SqlExpression> _columns;

    internal NpgsqlSelectQuery(NpgsqlTableQuery<T> query, Expression<Func<T, TResult>> selector)
    {
        _query = query;
        _selector = selector;
        // The columns the selector reads, in table order (every column when it uses the whole entity, or none): Core's rule.
        var table = query.Map.Table;
        var used = ProjectionColumns.Collect(selector.Body, selector.Parameters[0], table);
        _columns = NpgsqlTableQuery<T>.Columns(used is null || used.Count == 0 ? table.Columns : [.. table.Columns.Where((_, i) => used.Contains(i))]);
    }

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => _query.Build(_columns, limitCap: null).Sql;

    /// <summary>Runs the query and returns every projected row.</summary>
    public List<TResult> ToList() => ToListCore(null, async: false, default).GetAwaiter().GetResult();

    /// <summary>
    /// True when some projected value equals <paramref name="value"/> (<see cref="EqualityComparer{T}.Default"/>). Inside
    /// another query's Where lambda (<c>db.Table&lt;B&gt;().Select(b =&gt; b.AId).Contains(a.Id)</c>) it is translated as a
    /// sub-query (<c>IN</c> or <c>EXISTS</c>) of that statement; called directly it reads the values and compares them here.
    /// </summary>
    /// <param name="value">The value looked for.</param>
    public bool Contains(TResult value) => ToList().Contains(value);

    /// <summary>Runs the query and returns every projected row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) => ToListCore(null, async: true, cancellationToken).AsTask();

    /// <summary>The first projected row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public TResult First() => OneCore(cap: 1, orDefault: false, async: false, default).GetAwaiter().GetResult()!;

    /// <summary>The first projected row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public async Task<TResult> FirstAsync(CancellationToken cancellationToken = default) =>
        (await OneCore(cap: 1, orDefault: false, async: true, cancellationToken).ConfigureAwait(false))!;

    /// <summary>The first projected row, or default when there is none.</summary>
    public TResult? FirstOrDefault() => OneCore(cap: 1, orDefault: true, async: false, default).GetAwaiter().GetResult();

    /// <summary>The first projected row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<TResult?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => OneCore(cap: 1, orDefault: true, async: true, cancellationToken).AsTask();

    /// <summary>The only projected row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row, or more than one.</exception>
    public TResult Single() => OneCore(cap: 2, orDefault: false, async: false, default).GetAwaiter().GetResult()!;

    /// <summary>The only projected row, or default when there is none.</summary>
    /// <exception cref="InvalidOperationException">The query returns more than one row.</exception>
    public TResult? SingleOrDefault() => OneCore(cap: 2, orDefault: true, async: false, default).GetAwaiter().GetResult();

    private async ValueTask<List<TResult>> ToListCore(int? cap, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters) = _query.Build(_columns, cap);
        var rows = await _query.Connection.RunQuery(_query.Map, sql, parameters, async, cancellationToken).ConfigureAwait(false);
        var interpreter = ExpressionInterpreter.ForEntity(_selector.Parameters[0], _query.Map);
        var results = new List<TResult>(rows.Count);
        foreach (var row in rows)
        {
            results.Add((TResult)interpreter.EvaluateFor(_selector.Body, row)!);
        }

        return results;
    }

    private async ValueTask<TResult?> OneCore(int cap, bool orDefault, bool async, CancellationToken cancellationToken)
    {
        var rows = await ToListCore(cap, async, cancellationToken).ConfigureAwait(false);
        return rows.Count switch
        {
            1 => rows[0],
            0 when orDefault => default,
            0 => throw _query.NoRow(),
            _ when cap == 1 => rows[0],
            _ => throw _query.MoreThanOne(),
        };
    }
}
