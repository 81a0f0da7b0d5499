using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// A query over one table, built with LINQ-style operators and translated to a single SQL statement; nothing is filtered,
/// sorted or counted in memory. Instances are immutable: every operator returns a new query, so a query can be kept and
/// reused, and captured variables are read again each time it runs. Enumerating streams rows from one statement.
/// An expression MicroDb cannot translate throws <see cref="NotSupportedException"/> when the operator is called.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public sealed partial class TableQuery<T> : IEnumerable<T>, ISubquerySource
{
    private readonly EntityMap<T> _map;
    private readonly ValueList<SqlExpression> _allColumns;
    private readonly TableQuery<T>? _source;
    private readonly TranslationCache.PreparedLambda[] _wheres;
    private readonly QueryOrdering[] _orderings;
    private readonly int? _limit;
    private readonly int _offset;

    // How many leading orderings belong to the latest OrderBy (ThenBy inserts after them, before older orderings).
    private readonly int _group;

    internal TableQuery(MicroDbConnection connection, EntityMap<T> map)
    {
        Connection = connection;
        _map = map;
        _allColumns = QueryProjections.AllColumns(map.Table);
        _wheres = [];
        _orderings = [];
    }

    private TableQuery(TableQuery<T> from, TableQuery<T>? source, TranslationCache.PreparedLambda[] wheres, QueryOrdering[] orderings, int? limit, int offset, int group = -1, MicroDbConnection? connection = null)
    {
        _group = group < 0 ? from._group : group;
        Connection = connection ?? from.Connection;
        _map = from._map;
        _allColumns = from._allColumns;
        _source = source;
        _wheres = wheres;
        _orderings = orderings;
        _limit = limit;
        _offset = offset;
    }

    /// <summary>The connection the query runs on.</summary>
    public MicroDbConnection Connection { get; }

    /// <summary>The table the query reads.</summary>
    public TableMapping Table => _map.Table;

    internal EntityMap<T> Map => _map;

    object ISubquerySource.Connection => Connection;

    ISubquerySource? ISubquerySource.LimitedSource => _source;

    int? ISubquerySource.Limit => _limit;

    int ISubquerySource.Offset => _offset;

    IReadOnlyList<QueryOrdering> ISubquerySource.Orderings => EffectiveOrderings();

    IReadOnlyList<LambdaExpression> ISubquerySource.WhereLambdas
    {
        get
        {
            var lambdas = new LambdaExpression[_wheres.Length];
            for (var i = 0; i < lambdas.Length; i++)
            {
                lambdas[i] = _wheres[i].Lambda;
            }

            return lambdas;
        }
    }

    private bool IsLimited => _limit is not null || _offset > 0;

    /// <summary>Keeps the rows matching <paramref name="predicate"/> (SQL WHERE; several calls are ANDed).</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="NotSupportedException">Part of the predicate has no SQL translation; the message names it.</exception>
    // The compiler builds `x.Price > 5m` as Expression.GreaterThan without the operator method, and System.Linq.Expressions
    // then finds op_GreaterThan by reflection; under NativeAOT that fails unless the operators of these types are kept.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(decimal))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateTime))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateTimeOffset))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(TimeSpan))]
#if NET
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateOnly))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(TimeOnly))]
#endif
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(Guid))]
    public TableQuery<T> Where(Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        TranslationCache.PreparedLambda prepared;
        using (SubqueryConnection.Enter(Connection))
        {
            prepared = TranslationCache.Validate(_map.Table, Connection.Storage, predicate, isPredicate: true);
        }

        // After Take/Skip, LINQ filters the limited rows, so the limited query becomes a sub-query.
        return IsLimited
            ? new TableQuery<T>(this, this, [prepared], [], null, 0, 0)
            : new TableQuery<T>(this, _source, [.. _wheres, prepared], _orderings, null, 0);
    }

    /// <summary>Sorts by <paramref name="keySelector"/> ascending; earlier orderings become tie-breakers, as in LINQ's stable sort.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public TableQuery<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: false);

    /// <summary>Sorts by <paramref name="keySelector"/> descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    public TableQuery<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: false);

    /// <summary>Adds an ascending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public TableQuery<T> ThenBy<TKey>(Expression<Func<T, TKey>> keySelector) => AddOrdering(keySelector, descending: false, then: true);

    /// <summary>Adds a descending tie-breaker to the preceding OrderBy.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">The key.</param>
    /// <exception cref="InvalidOperationException">No OrderBy precedes it.</exception>
    public TableQuery<T> ThenByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => AddOrdering(keySelector, descending: true, then: true);

    /// <summary>Keeps at most <paramref name="count"/> rows (SQL LIMIT; a negative count keeps none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public TableQuery<T> Take(int count) => new(this, _source, _wheres, _orderings, SqlPaging.Take(_limit, count), _offset);

    /// <summary>Skips <paramref name="count"/> rows (SQL OFFSET; a negative count skips none, as in LINQ).</summary>
    /// <param name="count">The number of rows.</param>
    public TableQuery<T> Skip(int count)
    {
        var (limit, offset) = SqlPaging.Skip(_limit, _offset, count);
        return new TableQuery<T>(this, _source, _wheres, _orderings, limit, offset);
    }

    /// <summary>
    /// Projects each row. A mapped member (<c>x =&gt; x.Name</c>) reads that one column directly; any other selector
    /// (anonymous type, DTO constructor or initializer, computed value) reads only the columns it uses into an entity and
    /// evaluates the selector against it with an expression interpreter: no Expression.Compile, so it works under NativeAOT.
    /// In a trimmed or NativeAOT app, prefer a constructor (a record) or a single member: for anonymous types and object
    /// initializers the compiler's expression tree itself uses APIs that warn (IL2026, in System.Linq.Expressions).
    /// </summary>
    /// <typeparam name="TResult">The projected type.</typeparam>
    /// <param name="selector">The projection.</param>
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(decimal))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateTime))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(TimeSpan))]
    public SelectQuery<T, TResult> Select<TResult>(Expression<Func<T, TResult>> selector)
    {
        ArgumentNullException.ThrowIfNull(selector);
        var plan = ProjectionPlan.Create<T, TResult>(_map, selector);
        plan.Subqueries?.Check(_map.Table, Connection);
        return new SelectQuery<T, TResult>(this, selector, plan);
    }

    /// <summary>The SQL the query runs (values appear as <c>?</c> parameters).</summary>
    public string ToSqlString() => BuildSelect(_allColumns, includeOrder: true).Sql;

    /// <summary>Runs the query and streams its rows.</summary>
    public IEnumerator<T> GetEnumerator()
    {
        var (sql, args) = BuildSelect(_allColumns, includeOrder: true);
        return Connection.Runner.Enumerate<T, EntityRowReader<T>>(sql, StatementArguments.Translated(args), new EntityRowReader<T>(_map));
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>Builds SELECT <paramref name="columns"/> for this query, with fresh values of captured variables.</summary>
    /// <param name="columns">The SELECT list.</param>
    /// <param name="includeOrder">True to write the orderings (a limit writes them anyway).</param>
    /// <param name="distinct">True for SELECT DISTINCT.</param>
    /// <param name="args">The arguments of <paramref name="columns"/> (a projection's sub-queries), or null when they have none.</param>
    internal (string Sql, List<object?> Args) BuildSelect(ValueList<SqlExpression> columns, bool includeOrder, bool distinct = false, List<object?>? args = null)
    {
        var sql = new StringBuilder();
        var namedSource = args is not null;
        args ??= [];
        WriteModel(BuildModel(columns, includeOrder, args, distinct, namedSource: namedSource), sql, args);
        return (sql.ToString(), args);
    }

    /// <summary>
    /// Builds this query's SELECT of every column into a thread's scratch buffers, at most <paramref name="limitCap"/>
    /// rows when given (First's LIMIT 1, without composing a Take(1) query); give the scratch back after the run.
    /// </summary>
    private (string Sql, QueryScratch Scratch) BuildSelectScratch(int? limitCap = null)
    {
        var scratch = QueryScratch.Rent();
        try
        {
#if NET
            var nodes = default(QueryTextCache.Nodes);
#else
            var nodes = new SqlExpression?[QueryTextCache.MaxLambdas];
#endif
            var known = TryKnownText(limitCap, scratch.Args, nodes, out var key, out var sql);
            if (known == KnownText.Hit)
            {
                return (sql!, scratch);
            }

            if (known != KnownText.NotTried)
            {
                // The lambdas are translated and their arguments appended (each read once): write the model of their nodes.
                WriteModel(KnownModel(key, nodes), scratch.Sql, scratch.Args);
                var text = scratch.SqlText();
                if (known == KnownText.Miss)
                {
                    QueryTextCache.Add(key, text);
                }

                return (text, scratch);
            }

            WriteModel(BuildModel(_allColumns, includeOrder: true, scratch.Args, limitCap: limitCap), scratch.Sql, scratch.Args);
            return (scratch.SqlText(), scratch);
        }
        catch
        {
            QueryScratch.Return(scratch);
            throw;
        }
    }

    private enum KnownText
    {
        /// <summary>The query is not one the text cache keys (a sub-query, a fixed ordering term, too many lambdas): nothing was translated.</summary>
        NotTried,

        /// <summary>The lambdas are translated, but one of them has no cache entry, so the text is not kept.</summary>
        Uncached,

        /// <summary>The lambdas are translated and their shape is keyed, but its text is not stored yet.</summary>
        Miss,

        /// <summary>The text is known and the arguments are appended.</summary>
        Hit,
    }

    /// <summary>
    /// The SELECT of every column when this query's shape was written before: each lambda is translated once (from the
    /// cache when it can) into <paramref name="args"/> and <paramref name="nodes"/>, and the text looked up by the cache
    /// entries they replayed. Unless nothing was tried, the caller writes the model of <paramref name="nodes"/>.
    /// </summary>
    private KnownText TryKnownText(int? limitCap, List<object?> args, Span<SqlExpression?> nodes, out QueryTextCache.Key key, out string? sql)
    {
        sql = null;
        var orderings = _orderings;
        var limit = limitCap is { } cap ? (_limit is { } own ? Math.Min(own, cap) : cap) : _limit;
        key = new QueryTextCache.Key(_map.Table, Connection.Storage, _wheres.Length, orderings.Length, 0, limit, _offset, null, null, null, null);
        if (_source is not null || _wheres.Length + orderings.Length > QueryTextCache.MaxLambdas)
        {
            return KnownText.NotTried;
        }

        foreach (var ordering in orderings)
        {
            if (ordering.Term is not null || ordering.KeySelector is null)
            {
                return KnownText.NotTried;
            }
        }

        var keyed = true;
        using var subqueries = SubqueryConnection.Enter(Connection);
        for (var i = 0; i < _wheres.Length; i++)
        {
            nodes[i] = TranslationCache.Translate(_map.Table, Connection.Storage, _wheres[i], TranslationKind.Predicate, args, out var entry);
            keyed &= entry is not null;
            if (entry is not null)
            {
                key.Set(i, entry);
            }
        }

        for (var i = 0; i < orderings.Length; i++)
        {
            object? entry;
            nodes[_wheres.Length + i] = orderings[i].Prepared is { } prepared
                ? TranslationCache.Translate(_map.Table, Connection.Storage, prepared, TranslationKind.OrderKey, args, out entry)
                : TranslationCache.Translate(_map.Table, Connection.Storage, orderings[i].KeySelector!, TranslationKind.OrderKey, args, out entry);
            keyed &= entry is not null;
            if (entry is not null)
            {
                key.Set(_wheres.Length + i, entry);
            }

            if (orderings[i].Descending)
            {
                key.Descending |= 1 << i;
            }
        }

        if (!keyed)
        {
            return KnownText.Uncached;
        }

        return QueryTextCache.TryGet(key, out sql) ? KnownText.Hit : KnownText.Miss;
    }

    /// <summary>The model <see cref="BuildModel"/> gives for this query (no sub-query), from its lambdas' translated <paramref name="nodes"/>.</summary>
    private QueryModel KnownModel(in QueryTextCache.Key key, ReadOnlySpan<SqlExpression?> nodes)
    {
        var predicates = new SqlExpression[key.Wheres];
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = nodes[i]!;
        }

        var orderings = new SqlOrdering[key.Orderings];
        for (var i = 0; i < orderings.Length; i++)
        {
            orderings[i] = new SqlOrdering(nodes[key.Wheres + i]!, (key.Descending & (1 << i)) != 0);
        }

        return new QueryModel(
            QueryProjections.Source(_map.Table),
            _allColumns,
            false,
            predicates.Length == 0 ? ValueList<SqlExpression>.Empty : new ValueList<SqlExpression>(predicates),
            orderings.Length == 0 ? ValueList<SqlOrdering>.Empty : new ValueList<SqlOrdering>(orderings),
            key.Limit,
            key.Offset);
    }

    /// <summary>Writes <paramref name="model"/>; its slot <c>k</c> binds <c>args[k]</c>, so the markers must come in slot order.</summary>
    internal static void WriteModel(QueryModel model, StringBuilder sql, List<object?> args)
    {
        var slots = new List<int>(args.Count);
        SqliteSqlWriter.Instance.WriteQuery(model, sql, slots);
        CheckSlotOrder(slots, args);
    }

    /// <summary>SQLite binds '?' by position: the writer must have written slot k as the k-th marker.</summary>
    internal static void CheckSlotOrder(List<int> slots, List<object?> args) => SlotOrder.Check(slots, args);

    /// <summary>
    /// The query model of this query: SELECT <paramref name="columns"/> from the table (or the limited query it reads as a
    /// sub-query), its predicates and, when asked or needed for a limit, its orderings. Values are appended to
    /// <paramref name="args"/> in the order the SQL reads them: source, predicates, orderings.
    /// </summary>
    internal QueryModel BuildModel(ValueList<SqlExpression> columns, bool includeOrder, List<object?> args, bool distinct = false, int? limitCap = null, bool namedSource = false)
    {
        // A sub-query in a Where after Take/Skip reads the outer row by the table's name: the limited rows take it.
        SqlSource source = _source is null
            ? QueryProjections.Source(_map.Table)
            : new SqlSubquery(_source.BuildModel(_allColumns, includeOrder: true, args), namedSource || HoldsSubquery() ? _map.Table.TableName : null);

        // A cap is a Take applied on top: it limits like one, so the order matters as it does after Take.
        var limit = limitCap is { } cap ? (_limit is { } own ? Math.Min(own, cap) : cap) : _limit;
        var predicates = Predicates(args);
        var orderings = includeOrder || IsLimited || limitCap is not null ? Orderings(args) : ValueList<SqlOrdering>.Empty;

        // LIMIT and OFFSET are written as integer literals (never user text, so nothing to inject): bound as parameters,
        // SQLite took several microseconds longer per run of a one-row query (measured: 4.0 vs 0.55 us for LIMIT ? vs 1).
        return new QueryModel(source, columns, distinct, predicates, orderings, limit, _offset);
    }

    private bool HoldsSubquery()
    {
        foreach (var where in _wheres)
        {
            if (SubqueryConnection.Holds(where.Lambda))
            {
                return true;
            }
        }

        foreach (var ordering in _orderings)
        {
            if (ordering.KeySelector is { } key && SubqueryConnection.Holds(key))
            {
                return true;
            }
        }

        return false;
    }

    private ValueList<SqlExpression> Predicates(List<object?> args)
    {
        if (_wheres.Length == 0)
        {
            return ValueList<SqlExpression>.Empty;
        }

        var predicates = new SqlExpression[_wheres.Length];
        using var subqueries = SubqueryConnection.Enter(Connection);
        for (var i = 0; i < predicates.Length; i++)
        {
            predicates[i] = TranslationCache.Translate(_map.Table, Connection.Storage, _wheres[i], TranslationKind.Predicate, args, out _);
        }

        return new ValueList<SqlExpression>(predicates);
    }

    private ValueList<SqlOrdering> Orderings(List<object?> args)
    {
        // A sub-query's order is not guaranteed to survive the outer SELECT, so it is repeated there.
        var orderings = EffectiveOrderings();
        if (orderings.Length == 0)
        {
            return ValueList<SqlOrdering>.Empty;
        }

        var terms = new SqlOrdering[orderings.Length];
        using var subqueries = SubqueryConnection.Enter(Connection);
        for (var i = 0; i < terms.Length; i++)
        {
            var key = orderings[i] switch
            {
                { Term: { } term } => term,
                { Prepared: { } prepared } => TranslationCache.Translate(_map.Table, Connection.Storage, prepared, TranslationKind.OrderKey, args, out _),
                _ => TranslationCache.Translate(_map.Table, Connection.Storage, orderings[i].KeySelector!, TranslationKind.OrderKey, args),
            };
            terms[i] = new SqlOrdering(key, orderings[i].Descending);
        }

        return new ValueList<SqlOrdering>(terms);
    }

    /// <summary>Writes <c> WHERE p1 AND p2 ...</c> (for DELETE).</summary>
    private void AppendWhere(StringBuilder sql, List<object?> args)
    {
        var predicates = Predicates(args);
        var slots = new List<int>(args.Count);
        for (var i = 0; i < predicates.Count; i++)
        {
            sql.Append(i == 0 ? " WHERE " : " AND ");
            SqliteSqlWriter.Instance.Write(predicates[i], sql, slots);
        }

        CheckSlotOrder(slots, args);
    }

    private QueryOrdering[] EffectiveOrderings() =>
        _orderings.Length > 0 || _source is null ? _orderings : _source.EffectiveOrderings();

    private TableQuery<T> AddOrdering(LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        TranslationCache.PreparedLambda prepared;
        using (SubqueryConnection.Enter(Connection))
        {
            prepared = TranslationCache.Validate(_map.Table, Connection.Storage, keySelector, isPredicate: false);
        }

        return AddOrdering(new QueryOrdering(keySelector, descending, Prepared: prepared), then);
    }

    private TableQuery<T> AddOrdering(QueryOrdering ordering, bool then)
    {
        if (then)
        {
            if (_group == 0 || IsLimited)
            {
                throw new InvalidOperationException($"ThenBy/ThenByDescending on '{_map.Table.TableName}' must follow OrderBy or OrderByDescending (and not Take/Skip).");
            }

            // LINQ's ThenBy refines the latest OrderBy; orderings from earlier OrderBy calls stay the last tie-breakers.
            return new TableQuery<T>(this, _source, _wheres, [.. _orderings.AsSpan(0, _group), ordering, .. _orderings.AsSpan(_group)], null, 0, _group + 1);
        }

        return IsLimited
            ? new TableQuery<T>(this, this, [], [ordering, .. EffectiveOrderings()], null, 0, 1)
            : new TableQuery<T>(this, _source, _wheres, [ordering, .. EffectiveOrderings()], null, 0, 1);
    }

    /// <summary>Where without the check pass: the generator lowered and checked the lambda at build time (QueryInterception).</summary>
    internal TableQuery<T> WhereChecked(Expression<Func<T, bool>> predicate)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        var prepared = new TranslationCache.PreparedLambda(predicate, null, null, Connection.Storage);
        return IsLimited
            ? new TableQuery<T>(this, this, [prepared], [], null, 0, 0)
            : new TableQuery<T>(this, _source, [.. _wheres, prepared], _orderings, null, 0);
    }

    /// <summary>OrderBy/ThenBy without the check pass (the generator checked the key at build time).</summary>
    internal TableQuery<T> OrderChecked(LambdaExpression keySelector, bool descending, bool then)
    {
        ArgumentNullException.ThrowIfNull(keySelector);
        var prepared = new TranslationCache.PreparedLambda(keySelector, null, null, Connection.Storage);
        return AddOrdering(new QueryOrdering(keySelector, descending, Prepared: prepared), then);
    }

    /// <summary>The lambda of the <paramref name="index"/>-th Where (in call order), for an intercepted query's binder.</summary>
    internal LambdaExpression WhereLambda(int index) => _wheres[index].Lambda;

    /// <summary>How many Where lambdas the query has.</summary>
    internal int WhereCount => _wheres.Length;

    /// <summary>The same query bound to <paramref name="connection"/> (another connection of the same database, as the async query runs on a pool's reader).</summary>
    internal TableQuery<T> On(MicroDbConnection connection) =>
        ReferenceEquals(connection, Connection)
            ? this
            : new TableQuery<T>(this, _source?.On(connection), _wheres, _orderings, _limit, _offset, _group, connection);

    /// <summary>This query, or a query reading it as a sub-query when it has Take/Skip (so what follows applies to the limited rows).</summary>
    internal TableQuery<T> AsSubquery() => IsLimited ? new TableQuery<T>(this, this, [], [], null, 0, 0) : this;

    internal bool HasLimit => IsLimited;

    private bool HasFilter => _wheres.Length > 0 || IsLimited || _source?.HasFilter == true;
}
