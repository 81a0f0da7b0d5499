using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// A join of PostgreSQL tables (<see cref="NpgsqlTableQuery{T}.Join"/>, <see cref="NpgsqlTableQuery{T}.LeftJoin"/>), run as
/// one statement: the joined tables, keys, ON conditions, Where and OrderBy are Core's join pipeline (the same
/// <c>JoinedTables</c>, <c>JoinKeys</c> and translator SQLite joins use, with PostgreSQL's dialect), and each row's
/// result is evaluated by MicroDb's expression interpreter over one entity per table, read through the tables' maps.
/// Instances are immutable.
/// </summary>
/// <typeparam name="TResult">The type of a joined row.</typeparam>
/// <remarks>An expression without a faithful translation throws <see cref="NotSupportedException"/> naming it, when the operator is called.</remarks>
public sealed class NpgsqlJoinQuery<TResult>
{
    private static readonly StorageFormat PostgresFormat = PostgresQueryDialect.Format;

    private readonly MicroDbNpgsqlConnection _db;
    private readonly JoinedTables _tables;
    private readonly Func<NpgsqlDataReader, int[], object?>[] _readers;
    private readonly Expression _selector;
    private readonly Expression[] _wheres;
    private readonly (Expression Key, bool Descending)[] _orderings;
    private readonly int _group;
    private readonly int? _limit;
    private readonly int _offset;

    private NpgsqlJoinQuery(MicroDbNpgsqlConnection db, JoinedTables tables, Func<NpgsqlDataReader, int[], object?>[] readers, Expression selector, Expression[] wheres,
        (Expression Key, bool Descending)[] orderings, int group, int? limit, int offset)
    {
        _db = db;
        _tables = tables;
        _readers = readers;
        _selector = selector;
        _wheres = wheres;
        _orderings = orderings;
        _group = group;
        _limit = limit;
        _offset = offset;
    }

    private bool IsLimited => _limit is not null || _offset > 0;

    /// <summary>The join's first table: its row is this query's result until a join gives another.</summary>
    internal static NpgsqlJoinQuery<TResult> Start(NpgsqlTableQuery<TResult> first, string? name)
    {
        var parameter = Expression.Parameter(typeof(TResult), name ?? JoinScope.Alias(0));
        var tables = new JoinedTables([first.Map], [parameter], [SqlJoinKind.Inner], [null], [null]);
        var filters = first.JoinFilters();
        var wheres = new Expression[filters.Count];
        for (var i = 0; i < wheres.Length; i++)
        {
            wheres[i] = RowSubstitution.Apply(filters[i], parameter);
        }

        return new NpgsqlJoinQuery<TResult>(first.Connection, tables, [ReaderOf(first.Map)], parameter, wheres, [], 0, null, 0);
    }

    /// <summary>
    /// Joins one more table (SQL <c>INNER JOIN</c> on equal keys; a null key matches nothing, a composite key matches
    /// member by member); the outer key and the result read the rows joined so far through this query's result.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions are kept; OrderBy, Skip and Take are not allowed there).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, or a key or the result has no PostgreSQL translation.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TNew> Join<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return AddJoin<TInner, TNew>(SqlJoinKind.Inner, inner, RowSubstitution.Apply(outerKeySelector, _selector), innerKeySelector,
            parameter => RowSubstitution.Apply(resultSelector, _selector, parameter), "Join");
    }

    /// <summary>
    /// Left-joins one more table (SQL <c>LEFT JOIN</c> on equal keys): every row so far is kept, and the joined row is
    /// null where none matches (a null key matches nothing). The table needs a primary key, which tells a missing row.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type (a single value).</typeparam>
    /// <typeparam name="TNew">The type of a joined row.</typeparam>
    /// <param name="inner">The joined table (its Where conditions choose which rows can match).</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The joined row; its second argument is null where no row matched.</param>
    /// <exception cref="NotSupportedException">This query is ordered or limited, the joined table has no primary key, the key is composite, or a key or the result has no PostgreSQL translation.</exception>
    /// <exception cref="ArgumentException"><paramref name="inner"/> runs on another connection.</exception>
    public NpgsqlJoinQuery<TNew> LeftJoin<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, TInner?, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        return AddJoin<TInner, TNew>(SqlJoinKind.Left, inner, RowSubstitution.Apply(outerKeySelector, _selector), innerKeySelector,
            parameter => RowSubstitution.Apply(resultSelector, _selector, parameter), "LeftJoin");
    }

    /// <summary>
    /// A grouped join with one more table, the first half of query syntax's left join (<c>join c in ... into g from c in
    /// g.DefaultIfEmpty()</c>): only <see cref="NpgsqlGroupJoinQuery{TResult, TInner}.SelectMany"/> can follow.
    /// </summary>
    /// <typeparam name="TInner">The joined table's type.</typeparam>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <typeparam name="TNew">The type of the grouped row.</typeparam>
    /// <param name="inner">The joined table.</param>
    /// <param name="outerKeySelector">The key of the rows joined so far.</param>
    /// <param name="innerKeySelector">The key of the joined table's row.</param>
    /// <param name="resultSelector">The row with its group of matches.</param>
    public NpgsqlGroupJoinQuery<TNew, TInner> GroupJoin<TInner, TKey, TNew>(
        NpgsqlTableQuery<TInner> inner,
        Expression<Func<TResult, TKey>> outerKeySelector,
        Expression<Func<TInner, TKey>> innerKeySelector,
        Expression<Func<TResult, IEnumerable<TInner>, TNew>> resultSelector)
    {
        ArgumentNullException.ThrowIfNull(inner);
        ArgumentNullException.ThrowIfNull(outerKeySelector);
        ArgumentNullException.ThrowIfNull(innerKeySelector);
        ArgumentNullException.ThrowIfNull(resultSelector);
        var group = resultSelector.Parameters[1];
        return new NpgsqlGroupJoinQuery<TNew, TInner>(new NpgsqlGroupJoinSource<TResult, TInner>(
            this, inner, RowSubstitution.Apply(outerKeySelector, _selector), innerKeySelector, group, RowSubstitution.Apply(resultSelector, _selector, group)));
    }

    /// <summary>Keeps the joined rows matching <paramref name="predicate"/> (SQL WHERE over the tables' columns).</summary>
    /// <param name="predicate">The condition, over a joined row.</param>
    /// <exception cref="NotSupportedException">The condition has no PostgreSQL translation, or the query is limited (Skip/Take).</exception>
    public NpgsqlJoinQuery<TResult> Where(Expression<Func<TResult, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        RejectLimited("Where");
        var body = RowSubstitution.Apply(predicate, _selector);
        Translate(body, TranslationKind.Predicate, []);
        return new NpgsqlJoinQuery<TResult>(_db, _tables, _readers, _selector, [.. _wheres, body], _orderings, _group, _limit, _offset);
    }

    /// <summary>Projects each joined row; the statement reads only the columns the selector uses.</summary>
    /// <typeparam name="TNew">The projected type.</typeparam>
    /// <param name="selector">The projection, over a joined row.</param>
    public NpgsqlJoinQuery<TNew> Select<TNew>(Expression<Func<TResult, TNew>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return new NpgsqlJoinQuery<TNew>(_db, _tables, _readers, RowSubstitution.Apply(selector, _selector), _wheres, _orderings, _group, _limit, _offset);
    }

    /// <summary>Sorts by <paramref name="keySelector"/> ascending (null first; strings ordinally).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is limited.</exception>
    public NpgsqlJoinQuery<TResult> OrderBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: false, "OrderBy");

    /// <summary>Sorts by <paramref name="keySelector"/> descending (null last).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="NotSupportedException">The key has no PostgreSQL translation, or the query is limited.</exception>
    public NpgsqlJoinQuery<TResult> OrderByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: false, "OrderByDescending");

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlJoinQuery<TResult> ThenBy<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: true, "ThenBy");

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key, over a joined row.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public NpgsqlJoinQuery<TResult> ThenByDescending<TKey>(Expression<Func<TResult, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: true, "ThenByDescending");

    /// <summary>Keeps at most <paramref name="count"/> joined rows (SQL LIMIT).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlJoinQuery<TResult> Take(int count) => new(_db, _tables, _readers, _selector, _wheres, _orderings, _group, SqlPaging.Take(_limit, count), _offset);

    /// <summary>Skips <paramref name="count"/> joined rows (SQL OFFSET).</summary>
    /// <param name="count">The number of rows.</param>
    public NpgsqlJoinQuery<TResult> Skip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(_limit, _offset, count);
        return new NpgsqlJoinQuery<TResult>(_db, _tables, _readers, _selector, _wheres, _orderings, _group, limit, offset);
    }

    /// <summary>The SQL the query runs (values appear as <c>$n</c> parameters).</summary>
    public string ToSqlString() => Build(limitCap: null).Sql;

    /// <summary>Runs the join and returns every joined row.</summary>
    public List<TResult> ToList() => ToListCore(null, async: false, default).GetAwaiter().GetResult();

    /// <summary>Runs the join and returns every joined row.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<List<TResult>> ToListAsync(CancellationToken cancellationToken = default) => ToListCore(null, async: true, cancellationToken).AsTask();

    /// <summary>The first joined row.</summary>
    /// <exception cref="InvalidOperationException">The join returns no row.</exception>
    public TResult First()
    {
        var rows = ToListCore(1, async: false, default).GetAwaiter().GetResult();
        return rows.Count > 0 ? rows[0] : throw NoRow();
    }

    /// <summary>The first joined row, or default when there is none.</summary>
    public TResult? FirstOrDefault()
    {
        var rows = ToListCore(1, async: false, default).GetAwaiter().GetResult();
        return rows.Count > 0 ? rows[0] : default;
    }

    /// <summary>The number of joined rows (SELECT count(*)).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public int Count() => checked((int)CountCore(async: false, default).GetAwaiter().GetResult());

    /// <summary>The number of joined rows (SELECT count(*)).</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows.</exception>
    public async Task<int> CountAsync(CancellationToken cancellationToken = default) =>
        checked((int)await CountCore(async: true, cancellationToken).ConfigureAwait(false));

    /// <summary>True when the join returns at least one row (SELECT EXISTS).</summary>
    public bool Any()
    {
        var args = new List<object?>();
        var exists = new SqlExists(BuildModel(new ValueList<SqlExpression>([SqlLiteral.One]), includeOrder: false, args, null));
        return _db.RunScalar<bool>(Write(QueryModel.Select(null, new ValueList<SqlExpression>([exists]))), PostgresQueryDialect.Parameters(args), false, default).GetAwaiter().GetResult();
    }

    private InvalidOperationException NoRow() => new($"The join on '{_tables.Maps[0].Table.TableName}' returned no row.");

    /// <summary>Joins <paramref name="inner"/> on <paramref name="outerKey"/> (over this query's tables); the new result is <paramref name="selectorOf"/> the joined table's parameter.</summary>
    internal NpgsqlJoinQuery<TNew> AddJoin<TInner, TNew>(SqlJoinKind kind, NpgsqlTableQuery<TInner> inner, Expression outerKey, LambdaExpression innerKeySelector,
        Func<ParameterExpression, Expression> selectorOf, string name, ParameterExpression? group = null)
    {
        RejectLimited(name);
        if (_orderings.Length > 0)
        {
            throw new NotSupportedException($"MicroDb.Npgsql cannot translate {name} after OrderBy on a join; order after the last join.");
        }

        if (!ReferenceEquals(inner.Connection, _db))
        {
            throw new ArgumentException($"The joined query on '{inner.Map.Table.TableName}' runs on another connection; a join runs on one connection.", nameof(inner));
        }

        if (kind == SqlJoinKind.Left && inner.Map.Table.PrimaryKeyColumns.Count == 0)
        {
            throw new NotSupportedException($"MicroDb.Npgsql cannot translate {name} with '{inner.Map.Table.TableName}': a PostgreSQL table has no rowid, so a left-joined table needs a primary key to tell a missing row.");
        }

        var parameter = Expression.Parameter(typeof(TInner), innerKeySelector.Parameters[0].Name ?? JoinScope.Alias(_tables.Maps.Length));
        var innerKey = RowSubstitution.Apply(innerKeySelector, parameter);
        var on = JoinKeys.Condition(outerKey, innerKey, kind, name);
        foreach (var filter in inner.JoinFilters())
        {
            on = Expression.AndAlso(on, RowSubstitution.Apply(filter, parameter));
        }

        var tables = _tables.Add(inner.Map, parameter, kind, on, kind == SqlJoinKind.Left ? innerKey : null, group);
        var joined = new NpgsqlJoinQuery<TNew>(_db, tables, [.. _readers, ReaderOf(inner.Map)], selectorOf(parameter), _wheres, [], 0, null, 0);

        // Translate the condition now, so a key without SQL form fails at the call, as Where does.
        joined.Translate(on, TranslationKind.Predicate, []);
        return joined;
    }

    private NpgsqlJoinQuery<TResult> AddOrdering(LambdaExpression keySelector, bool descending, bool then, string name)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        RejectLimited(name);
        if (then && _orderings.Length == 0)
        {
            throw new InvalidOperationException($"{name} needs a preceding OrderBy or OrderByDescending.");
        }

        var key = RowSubstitution.Apply(keySelector, _selector);
        Translate(key, TranslationKind.OrderKey, []);
        var orderings = new List<(Expression Key, bool Descending)>(_orderings);
        if (then)
        {
            orderings.Insert(_group, (key, descending));
            return new NpgsqlJoinQuery<TResult>(_db, _tables, _readers, _selector, _wheres, [.. orderings], _group + 1, _limit, _offset);
        }

        // As LINQ's stable sort: a new OrderBy sorts first, earlier orderings break its ties.
        orderings.Insert(0, (key, descending));
        return new NpgsqlJoinQuery<TResult>(_db, _tables, _readers, _selector, _wheres, [.. orderings], 1, _limit, _offset);
    }

    private void RejectLimited(string name)
    {
        if (IsLimited)
        {
            throw new NotSupportedException($"MicroDb.Npgsql cannot translate {name} after Skip or Take on a join; apply Skip and Take last.");
        }
    }

    private SqlExpression Translate(Expression body, TranslationKind kind, List<object?> args)
    {
        _tables.RejectGroups(body);
        return SqlTranslator.TranslateJoined(_tables.Scope, PostgresFormat, body, kind, args);
    }

    private ValueTask<List<TResult>> ToListCore(int? limitCap, bool async, CancellationToken cancellationToken)
    {
        var (sql, args, read) = Build(limitCap);
        return _db.RunRows(sql, PostgresQueryDialect.Parameters(args), read, async, cancellationToken);
    }

    private ValueTask<long> CountCore(bool async, CancellationToken cancellationToken)
    {
        var args = new List<object?>();
        var count = new ValueList<SqlExpression>([new SqlFunction("count", new SqlLiteral("*"))]);
        var model = IsLimited
            ? QueryModel.Select(new SqlSubquery(BuildModel(new ValueList<SqlExpression>([SqlLiteral.One]), includeOrder: true, args, null)), count)
            : BuildModel(count, includeOrder: false, args, null);
        return _db.RunScalar<long>(Write(model), PostgresQueryDialect.Parameters(args), async, cancellationToken);
    }

    /// <summary>The SELECT of the columns the result reads (and each left-joined table's presence column), its arguments, and the row reader.</summary>
    private (string Sql, List<object?> Args, Func<NpgsqlDataReader, TResult> Read) Build(int? limitCap)
    {
        _tables.RejectGroups(_selector);
        var args = new List<object?>();
        var (columns, ordinals) = JoinRowReader<TResult>.Plan(_tables.Maps, _tables.Parameters, _selector);
        var projection = new List<SqlExpression>(columns);
        var presence = new int[_tables.Maps.Length];
        var used = new bool[_tables.Maps.Length];
        for (var i = 0; i < presence.Length; i++)
        {
            used[i] = ParameterFinder.Uses(_selector, _tables.Parameters[i]);
            presence[i] = -1;
            if (_tables.Presence[i] is not null)
            {
                // No rowid on PostgreSQL: the table's first key column (NOT NULL) is NULL only where no row matched.
                var table = _tables.Maps[i].Table;
                presence[i] = projection.Count;
                projection.Add(SqlJoinPresence.Of(JoinScope.Alias(i), withoutRowId: true, table.PrimaryKeyColumns[0].Name));
            }
        }

        if (projection.Count == 0)
        {
            projection.Add(SqlLiteral.One);
        }

        var model = BuildModel(new ValueList<SqlExpression>([.. projection]), includeOrder: true, args, limitCap);
        var interpreter = ExpressionInterpreter.ForEntities(_tables.Parameters, _tables.Maps);
        var readers = _readers;
        var selector = _selector;
        TResult Read(NpgsqlDataReader reader)
        {
            var entities = new object?[readers.Length];
            for (var i = 0; i < readers.Length; i++)
            {
                if (used[i] && (presence[i] < 0 || !reader.IsDBNull(presence[i])))
                {
                    entities[i] = readers[i](reader, ordinals[i]);
                }
            }

            return (TResult)interpreter.EvaluateForRow(selector, entities)!;
        }

        return (Write(model), args, Read);
    }

    private QueryModel BuildModel(ValueList<SqlExpression> projection, bool includeOrder, List<object?> args, int? limitCap)
    {
        var source = _tables.Source(PostgresFormat, args);
        var predicates = new SqlExpression[_wheres.Length];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = Translate(_wheres[i], TranslationKind.Predicate, args);
        }

        var orderings = new SqlOrdering[includeOrder ? _orderings.Length : 0];
        for (var i = 0; i < orderings.Length; i++)
        {
            orderings[i] = new SqlOrdering(Translate(_orderings[i].Key, TranslationKind.OrderKey, args), _orderings[i].Descending);
        }

        var limit = limitCap is { } cap ? (_limit is { } own ? Math.Min(own, cap) : cap) : _limit;
        return new QueryModel(source, projection, false, new ValueList<SqlExpression>(predicates), new ValueList<SqlOrdering>(orderings), limit, _offset);
    }

    private static string Write(QueryModel model)
    {
        var sql = new StringBuilder();
        PostgresFormat.Dialect.Writer.WriteQuery(model, sql, []);
        return sql.ToString();
    }

    /// <summary>Reads a table's entity from the columns at <c>ordinals</c> (-1: not selected) through its map's typed contract.</summary>
    private static Func<NpgsqlDataReader, int[], object?> ReaderOf<TEntity>(EntityMap<TEntity> map) => (reader, ordinals) =>
    {
        var row = new TypedRowReader(reader, ordinals);
        return ((ITypedColumns<TEntity>)map).ReadColumns(ref row);
    };
}
