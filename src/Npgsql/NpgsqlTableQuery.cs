using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// A LINQ query over one PostgreSQL table (<see cref="MicroDbNpgsqlConnection.Table{T}"/>), translated to a single
/// statement of the shared query model and written by its PostgreSQL writer; nothing is filtered, sorted or counted in
/// memory. Instances are immutable: every operator returns a new query, and captured variables are read again at each
/// run. Comparisons follow LINQ-to-Objects: C#'s null logic, NaN equal to nothing, strings in ordinal order
/// (<c>COLLATE "C"</c>), null first in an ascending sort.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <remarks>An expression without a faithful translation throws <see cref="NotSupportedException"/> naming it, when the operator is called.</remarks>
public sealed partial class NpgsqlTableQuery<T> : ISubquerySource
{
    // PostgreSQL's storage: carries its dialect through Core's translator, translation cache and query text cache.
    private static readonly StorageFormat PostgresFormat = PostgresQueryDialect.Format;

    private readonly MicroDbNpgsqlConnection _db;
    private readonly EntityMap<T> _map;
    private readonly NpgsqlTableQuery<T>? _source;
    private readonly LambdaExpression[] _wheres;
    private readonly (LambdaExpression Key, bool Descending)[] _orderings;
    private readonly int _group;
    private readonly int? _limit;
    private readonly int _offset;

    internal NpgsqlTableQuery(MicroDbNpgsqlConnection db, EntityMap<T> map)
        : this(db, map, null, [], [], 0, null, 0)
    {
    }

    private NpgsqlTableQuery(MicroDbNpgsqlConnection db, EntityMap<T> map, NpgsqlTableQuery<T>? source, LambdaExpression[] wheres, (LambdaExpression, bool)[] orderings, int group, int? limit, int offset)
    {
        _db = db;
        _map = map;
        _source = source;
        _wheres = wheres;
        _orderings = orderings;
        _group = group;
        _limit = limit;
        _offset = offset;
    }

    /// <summary>The connection the query runs on.</summary>
    public MicroDbNpgsqlConnection Connection => _db;

    internal EntityMap<T> Map => _map;

    private bool IsLimited => _limit is not null || _offset > 0;

    /// <summary>Keeps the rows matching <paramref name="predicate"/> (SQL WHERE; several calls are ANDed; after Skip/Take it filters the rows they kept).</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Part of the predicate has no PostgreSQL translation; the message names it.</exception>
    public NpgsqlTableQuery<T> Where(Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        Check(predicate, TranslationKind.Predicate);
        return IsLimited
            ? new NpgsqlTableQuery<T>(_db, _map, this, [predicate], [], 0, null, 0)
            : new NpgsqlTableQuery<T>(_db, _map, _source, [.. _wheres, predicate], _orderings, _group, null, 0);
    }

    /// <summary>Sorts by <paramref name="keySelector"/> ascending (null first); earlier orderings become tie-breakers, as in LINQ's stable sort.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key: a mapped member or a translated value (strings in ordinal order, floats with NaN first).</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or its type has no order in .NET.</exception>
    public NpgsqlTableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector) => Order(keySelector, descending: false, then: false);

    /// <summary>Sorts by <paramref name="keySelector"/> descending (null last).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key: a mapped member or a translated value (strings in ordinal order, floats with NaN first).</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or its type has no order in .NET.</exception>
    public NpgsqlTableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => Order(keySelector, descending: true, then: false);

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key: a mapped member or a translated value.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlTableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> keySelector) => Order(keySelector, descending: false, then: true);

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key: a mapped member or a translated value.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlTableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => Order(keySelector, descending: true, then: true);

    /// <summary>Keeps at most <paramref name="count"/> rows (SQL LIMIT; a negative count keeps none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlTableQuery<T> Take(int count)
    {
        return new NpgsqlTableQuery<T>(_db, _map, _source, _wheres, _orderings, _group, SqlPaging.Take(_limit, count), _offset);
    }

    /// <summary>Skips <paramref name="count"/> rows (SQL OFFSET; a negative count skips none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlTableQuery<T> Skip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(_limit, _offset, count);
        return new NpgsqlTableQuery<T>(_db, _map, _source, _wheres, _orderings, _group, limit, offset);
    }

    /// <summary>
    /// Projects each row: the statement reads only the columns the selector uses, and the selector is evaluated over each
    /// row by MicroDb's expression interpreter (no <c>Expression.Compile</c>): a member, an anonymous type, a constructor.
    /// </summary>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    public NpgsqlSelectQuery<T, TResult> Select<TResult>(Expression<Func<T, TResult>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return new NpgsqlSelectQuery<T, TResult>(this, selector);
    }

    /// <summary>
    /// An inner join with <paramref name="inner"/> on equal keys, run as one SQL <c>INNER JOIN</c> (query syntax's
    /// <c>join c in db.Table&lt;Customer&gt;() on o.CustomerId equals c.Id</c> binds here). As in LINQ-to-Objects, a null key
    /// matches nothing; a composite key (<c>new { o.A, o.B }</c>) matches member by member.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions are kept; OrderBy, Skip and Take are not allowed there).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">A key or the result has no PostgreSQL translation, or either query is ordered or limited.</exception>
    public NpgsqlJoinQuery<TResult> Join<TInner, TKey, TResult>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        return NpgsqlJoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).Join(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// A left outer join with <paramref name="inner"/> on equal keys, run as one SQL <c>LEFT JOIN</c>: every row of this
    /// table is kept, and the joined row is null where none matches (a null key matches nothing). The joined table needs a
    /// primary key (PostgreSQL has no rowid to tell a missing row by).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a single value).</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions choose which rows can match).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no PostgreSQL translation, the key is composite, the joined table has no primary key, or either query is ordered or limited.</exception>
    public NpgsqlJoinQuery<TResult> LeftJoin<TInner, TKey, TResult>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, TInner?, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        return NpgsqlJoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).LeftJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// A grouped join with <paramref name="inner"/>, the first half of query syntax's left join
    /// (<c>join c in db.Table&lt;Customer&gt;() on o.CustomerId equals c.Id into g from c in g.DefaultIfEmpty()</c>): only
    /// <see cref="NpgsqlGroupJoinQuery{TResult, TInner}.SelectMany"/> can follow, as a left join (over
    /// <c>g.DefaultIfEmpty()</c>) or an inner join (over <c>g</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TResult">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public NpgsqlGroupJoinQuery<TResult, TInner> GroupJoin<TInner, TKey, TResult>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T, IEnumerable<TInner>, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        return NpgsqlJoinQuery<T>.Start(this, outerKeySelector.Parameters[0].Name).GroupJoin(inner, outerKeySelector, innerKeySelector, resultSelector);
    }

    /// <summary>
    /// A right outer join with <paramref name="inner"/> on equal keys (.NET 10's <c>RightJoin</c>): every row of
    /// <paramref name="inner"/> is kept, and this table's row is null where none matches (a null key matches nothing). It
    /// runs as a SQL <c>LEFT JOIN</c> from the joined table, as on SQLite; this table needs a primary key (PostgreSQL has
    /// no rowid to tell a missing row by). As in LINQ-to-Objects, test the missing row first (<c>o == null ? 0 : o.Id</c>).
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a single value).</typeparam>
    /// <typeparam name="TResult">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table: every one of its rows is kept (its Where conditions choose which).</param>
    /// <param name="outerKeySelector">The key of this table's row.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its first argument is null where no row of this table matched.</param>
    /// <exception cref="NotSupportedException">A key or the result has no PostgreSQL translation, the key is composite, this table has no primary key, or either query is ordered or limited.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TResult> RightJoin<TInner, TKey, TResult>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<T, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<T?, TInner, TResult>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);

        // This table's Where conditions choose which rows can match: they go to the ON clause of the left join from inner.
        return NpgsqlJoinQuery<TInner>.Start(inner, innerKeySelector.Parameters[0].Name).RightJoinFrom<T, TResult>(this, innerKeySelector, outerKeySelector, resultSelector);
    }

    /// <summary>This table as Core's join layer takes it: its map, connection, Where conditions and typed entity reader.</summary>
    internal JoinTable AsJoinTable() => new(_map, _db, JoinFilters, NpgsqlJoinExecution.ReaderOf(_map));

    /// <summary>This query's Where conditions, for a join over it.</summary>
    /// <exception cref="NotSupportedException">The query is ordered or limited.</exception>
    internal IReadOnlyList<LambdaExpression> JoinFilters()
    {
        if (_source is not null || IsLimited || _orderings.Length > 0)
        {
            throw new NotSupportedException(
                $"MicroDb.Npgsql cannot join the query on '{_map.Table.TableName}': it is ordered or limited (OrderBy, Skip, Take); order and limit the result instead.");
        }

        return _wheres;
    }

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => BuildSelect(limitCap: null).Sql;

    /// <summary>Runs the query and returns every row.</summary>
    public List<T> ToList() => ToListCore(limitCap: null, async: false, default).GetAwaiter().GetResult();

    /// <summary>Runs the query and returns every row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<List<T>> ToListAsync(CancellationToken cancellationToken = default) => ToListCore(null, true, cancellationToken).AsTask();

    /// <summary>The first row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public T First() => FirstCore(orDefault: false, async: false, default).GetAwaiter().GetResult()!;

    /// <summary>The first row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public T First(Expression<Func<T, bool>> predicate) => Where(predicate).First();

    /// <summary>The first row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public async Task<T> FirstAsync(CancellationToken cancellationToken = default) =>
        (await FirstCore(orDefault: false, async: true, cancellationToken).ConfigureAwait(false))!;

    /// <summary>The first row, or default when there is none.</summary>
    public T? FirstOrDefault() => FirstCore(orDefault: true, async: false, default).GetAwaiter().GetResult();

    /// <summary>The first row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition.</param>
    public T? FirstOrDefault(Expression<Func<T, bool>> predicate) => Where(predicate).FirstOrDefault();

    /// <summary>The first row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => FirstCore(orDefault: true, async: true, cancellationToken).AsTask();

    /// <summary>The only row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row, or more than one.</exception>
    public T Single() => SingleCore(orDefault: false, async: false, default).GetAwaiter().GetResult()!;

    /// <summary>The only row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches, or more than one does.</exception>
    public T Single(Expression<Func<T, bool>> predicate) => Where(predicate).Single();

    /// <summary>The only row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">The query returns no row, or more than one.</exception>
    public async Task<T> SingleAsync(CancellationToken cancellationToken = default) =>
        (await SingleCore(orDefault: false, async: true, cancellationToken).ConfigureAwait(false))!;

    /// <summary>The only row, or default when there is none.</summary>
    /// <exception cref="InvalidOperationException">The query returns more than one row.</exception>
    public T? SingleOrDefault() => SingleCore(orDefault: true, async: false, default).GetAwaiter().GetResult();

    /// <summary>The only row matching <paramref name="predicate"/>, or default when none does.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">More than one row matches.</exception>
    public T? SingleOrDefault(Expression<Func<T, bool>> predicate) => Where(predicate).SingleOrDefault();

    /// <summary>The only row, or default when there is none.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="InvalidOperationException">The query returns more than one row.</exception>
    public Task<T?> SingleOrDefaultAsync(CancellationToken cancellationToken = default) => SingleCore(orDefault: true, async: true, cancellationToken).AsTask();

    /// <summary>The number of rows the query returns (SELECT count(*)).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count() => checked((int)CountCore(async: false, default).GetAwaiter().GetResult());

    /// <summary>The number of rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public int Count(Expression<Func<T, bool>> predicate) => Where(predicate).Count();

    /// <summary>The number of rows the query returns (SELECT count(*)).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) =>
        checked((int)await CountCore(async: true, cancellationToken).ConfigureAwait(false));

    /// <summary>True when the query returns at least one row (SELECT EXISTS).</summary>
    public bool Any() => AnyCore(async: false, default).GetAwaiter().GetResult();

    /// <summary>True when some row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public bool Any(Expression<Func<T, bool>> predicate) => Where(predicate).Any();

    /// <summary>True when every row matches <paramref name="predicate"/> (no row where it does not; true for no rows, as in LINQ).</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">The condition has no PostgreSQL translation.</exception>
    public bool All(Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);

        // The translator's conditions are two-valued (never NULL), so NOT is exact.
        return !Where(Expression.Lambda<Func<T, bool>>(Expression.Not(predicate.Body), predicate.Parameters)).Any();
    }

    /// <summary>True when the query returns at least one row (SELECT EXISTS).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<bool> AnyAsync(CancellationToken cancellationToken = default) => AnyCore(async: true, cancellationToken).AsTask();

    /// <summary>
    /// The model of this query selecting <paramref name="projection"/>, its values appended to
    /// <paramref name="parameters"/> (slot k is <c>$k+1</c>), at most <paramref name="limitCap"/> rows when given.
    /// </summary>
    internal QueryModel BuildModel(ValueList<SqlExpression> projection, List<object?> parameters, int? limitCap, bool includeOrder = true)
    {
        using var subqueries = SubqueryConnection.Enter(_db);
        var table = _map.Table;
        SqlSource source = _source is null
            ? new SqlTable(table.TableName)
            : new SqlSubquery(_source.BuildModel(AllColumns(), parameters, limitCap: null));
        var predicates = new SqlExpression[_wheres.Length];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = TranslationCache.Translate(table, PostgresFormat, _wheres[i], TranslationKind.Predicate, parameters);
        }

        var orderings = new List<SqlOrdering>();
        if (includeOrder || IsLimited)
        {
            foreach (var (key, descending) in _orderings)
            {
                orderings.Add(new SqlOrdering(TranslationCache.Translate(table, PostgresFormat, key, TranslationKind.OrderKey, parameters), descending));
            }
        }

        var limit = (_limit, limitCap) switch
        {
            ({ } a, { } b) => Math.Min(a, b),
            (null, var b) => b,
            (var a, null) => a,
        };
        return new QueryModel(source, projection, false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>([.. orderings]), limit, _offset);
    }

    internal (string Sql, List<NpgsqlParameter> Parameters) Build(ValueList<SqlExpression> projection, int? limitCap)
    {
        var parameters = new List<object?>();
        var model = BuildModel(projection, parameters, limitCap);
        return (Write(model), PostgresQueryDialect.Parameters(parameters));
    }

    internal static string Write(QueryModel model)
    {
        var sql = new StringBuilder();
        PostgresFormat.Dialect.Writer.WriteQuery(model, sql, []);
        return sql.ToString();
    }

    internal ValueList<SqlExpression> AllColumns() => Columns(_map.Table.Columns);

    internal static ValueList<SqlExpression> Columns(IReadOnlyList<ColumnMapping> columns)
    {
        var list = new SqlExpression[columns.Count];
        for (var i = 0; i < list.Length; i++)
        {
            list[i] = new SqlColumn(columns[i].Name);
        }

        return new ValueList<SqlExpression>(list);
    }

    internal InvalidOperationException NoRow() => new($"The query on '{_map.Table.TableName}' returned no row.");

    internal InvalidOperationException MoreThanOne() => new($"The query on '{_map.Table.TableName}' returned more than one row.");

    /// <summary>
    /// Checks a lambda where the operator is called, through the translation cache: a shape cached before has its values
    /// read and matched (no new translation); any other lambda, or a value the cached SQL cannot take (a null
    /// <c>Contains</c> argument, a <c>StringComparison</c> that is not ordinal), is translated, so its error is thrown here.
    /// </summary>
    private void Check(LambdaExpression lambda, TranslationKind kind)
    {
        // A sub-query in the lambda (db.Table<B>().Any(...)) must be made on this connection (SqlTranslator.Subqueries).
        using var subqueries = SubqueryConnection.Enter(_db);
        TranslationCache.Translate(_map.Table, PostgresFormat, lambda, kind, [], out _);
    }

    private NpgsqlTableQuery<T> Order(LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        Check(keySelector, TranslationKind.OrderKey);
        if (then)
        {
            if (_group == 0)
            {
                throw new InvalidOperationException($"ThenBy/ThenByDescending on '{_map.Table.TableName}' needs a preceding OrderBy or OrderByDescending.");
            }

            // A tie-breaker of the latest OrderBy: after its terms, before the orderings it displaced.
            (LambdaExpression, bool)[] withThen = [.. _orderings[.._group], (keySelector, descending), .. _orderings[_group..]];
            return new NpgsqlTableQuery<T>(_db, _map, _source, _wheres, withThen, _group + 1, _limit, _offset);
        }

        // After Skip/Take, LINQ sorts the rows they kept: the limited query becomes a sub-query.
        return IsLimited
            ? new NpgsqlTableQuery<T>(_db, _map, this, [], [(keySelector, descending)], 1, null, 0)
            : new NpgsqlTableQuery<T>(_db, _map, _source, _wheres, [(keySelector, descending), .. _orderings], 1, null, 0);
    }

    private ValueTask<List<T>> ToListCore(int? limitCap, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters, cached) = BuildSelect(limitCap);
        return _db.RunQuery(_map, sql, parameters, async, cancellationToken, prepare: cached);
    }

    /// <summary>
    /// The SELECT of every column, through Core's query text cache when every lambda's shape is cached: two runs whose
    /// lambdas replayed the same entries have the same text, so a repeat writes no SQL and builds no model.
    /// </summary>
    /// <returns>The text, its parameters, and whether the text is the query text cache's (so one of a bounded set).</returns>
    private (string Sql, List<NpgsqlParameter> Parameters, bool Cached) BuildSelect(int? limitCap)
    {
        using var subqueries = SubqueryConnection.Enter(_db);
        var lambdas = _wheres.Length + _orderings.Length;
        if (_source is not null || lambdas == 0 || lambdas > QueryTextCache.MaxLambdas)
        {
            // A query over a sub-query, or without lambdas (whose key would not tell it from SQLite's), writes its model.
            var (text, values) = Build(AllColumns(), limitCap);
            return (text, values, false);
        }

        var table = _map.Table;
        var parameters = new List<object?>();
        var key = new QueryTextCache.Key(table, PostgresFormat, _wheres.Length, _orderings.Length, 0, CappedLimit(limitCap), _offset, null, null, null, null);
        var predicates = new SqlExpression[_wheres.Length];
        var orderings = _orderings.Length == 0 ? null : new List<SqlOrdering>();
        var cached = true;
        for (var i = 0; i < _wheres.Length; i++)
        {
            predicates[i] = TranslationCache.Translate(table, PostgresFormat, _wheres[i], TranslationKind.Predicate, parameters, out var entry);
            cached &= entry is not null;
            if (entry is not null)
            {
                key.Set(i, entry);
            }
        }

        for (var i = 0; i < _orderings.Length; i++)
        {
            var (lambda, descending) = _orderings[i];
            orderings!.Add(new SqlOrdering(TranslationCache.Translate(table, PostgresFormat, lambda, TranslationKind.OrderKey, parameters, out var entry), descending));
            cached &= entry is not null;
            if (entry is not null)
            {
                key.Set(_wheres.Length + i, entry);
            }

            key.Descending |= descending ? 1 << i : 0;
        }

        if (cached && QueryTextCache.TryGet(key, out var sql))
        {
            return (sql, PostgresQueryDialect.Parameters(parameters), true);
        }

        var model = new QueryModel(new SqlTable(table.TableName), AllColumns(), false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>(orderings is null ? [] : [.. orderings]), CappedLimit(limitCap), _offset);
        sql = Write(model);
        if (cached)
        {
            QueryTextCache.Add(key, sql);
        }

        return (sql, PostgresQueryDialect.Parameters(parameters), cached);
    }

    private int? CappedLimit(int? limitCap) => (_limit, limitCap) switch
    {
        ({ } a, { } b) => Math.Min(a, b),
        (null, var b) => b,
        (var a, null) => a,
    };

    private async ValueTask<T?> FirstCore(bool orDefault, bool async, CancellationToken cancellationToken)
    {
        var (sql, parameters, cached) = BuildSelect(1);
        var (found, row) = await _db.RunFirst(_map, sql, parameters, cached, async, cancellationToken).ConfigureAwait(false);
        return found ? row : orDefault ? default : throw NoRow();
    }

    private async ValueTask<T?> SingleCore(bool orDefault, bool async, CancellationToken cancellationToken)
    {
        // Two rows are enough to tell "one" from "more than one".
        var rows = await ToListCore(2, async, cancellationToken).ConfigureAwait(false);
        return rows.Count switch
        {
            1 => rows[0],
            0 when orDefault => default,
            0 => throw NoRow(),
            _ => throw MoreThanOne(),
        };
    }

    private ValueTask<long> CountCore(bool async, CancellationToken cancellationToken)
    {
        var parameters = new List<object?>();
        var count = new ValueList<SqlExpression>([new SqlFunction("count", new ValueList<SqlExpression>([new SqlLiteral("*")]))]);
        var model = IsLimited
            ? QueryModel.Select(new SqlSubquery(BuildModel(new ValueList<SqlExpression>([SqlLiteral.One]), parameters, null)), count)
            : BuildModel(count, parameters, null, includeOrder: false);
        return _db.RunScalar<long>(Write(model), PostgresQueryDialect.Parameters(parameters), async, cancellationToken);
    }

    private ValueTask<bool> AnyCore(bool async, CancellationToken cancellationToken)
    {
        var parameters = new List<object?>();
        var exists = new SqlExists(BuildModel(new ValueList<SqlExpression>([SqlLiteral.One]), parameters, null, includeOrder: false));
        return _db.RunScalar<bool>(Write(QueryModel.Select(null, new ValueList<SqlExpression>([exists]))), PostgresQueryDialect.Parameters(parameters), async, cancellationToken);
    }
}
