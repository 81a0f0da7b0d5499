using System.Linq.Expressions;
using MicroDb.Npgsql.Query;
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

    // The selector's sub-queries (db.Table<Line>().Count(l => l.OrderId == o.Id) ...) lifted out as scalar columns of the
    // same statement (Core's ProjectionSubqueries), or null; then the entity's columns and their ordinals.
    private readonly ProjectionSubqueries? _subqueries;
    private readonly int[]? _ordinals;

    internal NpgsqlSelectQuery(NpgsqlTableQuery<T> query, Expression<Func<T, TResult>> selector)
    {
        _query = query;
        _selector = selector;
        _subqueries = ProjectionSubqueries.Lift(selector);

        // The columns the selector reads, in table order (every column when it uses the whole entity, or none): Core's rule.
        var table = query.Map.Table;
        var used = ProjectionColumns.Collect(_subqueries?.Body ?? selector.Body, selector.Parameters[0], table);
        var selected = used is null || used.Count == 0 ? table.Columns : [.. table.Columns.Where((_, i) => used.Contains(i))];
        _columns = NpgsqlTableQuery<T>.Columns(selected);
        if (_subqueries is not null)
        {
            _ordinals = new int[table.Columns.Count];
            Array.Fill(_ordinals, -1);
            for (var i = 0; i < selected.Count; i++)
            {
                _ordinals[selected[i].Ordinal] = i;
            }

            // Translated once here, so a sub-query without a PostgreSQL form fails where Select is called.
            _subqueries.Columns(_columns, table, query.Connection, PostgresQueryDialect.Format, []);
        }
    }

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => Build(limitCap: null).Sql;

    // The statement: the selected columns, then each lifted sub-query's value (its $n numbered before the query's own).
    private (string Sql, List<NpgsqlParameter> Parameters) Build(int? limitCap)
    {
        if (_subqueries is null)
        {
            return _query.Build(_columns, limitCap);
        }

        var args = new List<object?>();
        var projection = _subqueries.Columns(_columns, _query.Map.Table, _query.Connection, PostgresQueryDialect.Format, args);
        var model = _query.BuildModel(projection, args, limitCap);
        return (NpgsqlTableQuery<T>.Write(model), PostgresQueryDialect.Parameters(args));
    }

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
        if (_subqueries is not null)
        {
            return await ToListWithSubqueries(_subqueries, cap, async, cancellationToken).ConfigureAwait(false);
        }

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

    // Each row: the entity's selected columns through its map, then the sub-query values as the types LINQ gives them.
    private async ValueTask<List<TResult>> ToListWithSubqueries(ProjectionSubqueries subqueries, int? cap, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters) = Build(cap);
        var interpreter = ExpressionInterpreter.ForEntities([subqueries.Parameter, subqueries.Values], [_query.Map, null]);
        var first = _columns.Count;
        var ordinals = _ordinals!;
        TResult Read(NpgsqlDataReader reader)
        {
            var values = new object?[subqueries.Lifted.Count];
            for (var i = 0; i < values.Length; i++)
            {
                var type = subqueries.Lifted[i].Type;
                if (reader.IsDBNull(first + i) && type.IsValueType && Nullable.GetUnderlyingType(type) is null)
                {
                    // Min, Max or Average over no rows: LINQ throws for a non-nullable result (as on SQLite).
                    throw new InvalidOperationException($"The sub-query '{subqueries.Lifted[i]}' has no rows, so there is no value to aggregate.");
                }

                values[i] = NpgsqlGroupedRows.Aggregate(reader, first + i, type);
            }

            var entity = _query.ReadEntity(reader, ordinals);
            return (TResult)interpreter.EvaluateForRow(subqueries.Body, [entity, values])!;
        }

        return await _query.Connection.RunRows(sql, parameters, Read, async, cancellationToken).ConfigureAwait(false);
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
