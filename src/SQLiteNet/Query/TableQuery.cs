using System.Collections;
using System.Linq.Expressions;
using MicroDb;

namespace SQLite;

/// <summary>
/// sqlite-net's LINQ query over a table: each operator returns a new query, and a terminal operator (<see cref="ToList"/>,
/// <see cref="Count()"/>, <see cref="First()"/>, enumeration ...) runs one SQL statement, translated by MicroDb.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public class TableQuery<T> : BaseTableQuery, IEnumerable<T>
{
    private readonly MicroDb.Query.TableQuery<T> _query;
    private readonly bool _hasWhere;
    private readonly bool _hasLimit;

    /// <summary>A query over every row of <typeparamref name="T"/>'s table.</summary>
    /// <param name="conn">The connection.</param>
    public TableQuery(SQLiteConnection conn)
    {
        ArgumentNullException.ThrowIfNull(conn);
        Connection = conn;
        Table = conn.GetMapping(typeof(T));
        try
        {
            _query = conn.MicroDbConnection.Table<T>();
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    private TableQuery(TableQuery<T> from, MicroDb.Query.TableQuery<T> query, bool hasWhere, bool hasLimit)
    {
        Connection = from.Connection;
        Table = from.Table;
        _query = query;
        _hasWhere = hasWhere;
        _hasLimit = hasLimit;
    }

    /// <summary>The MicroDb query this one wraps (for the build-time front end's entry points, <see cref="TableQueryInterception"/>).</summary>
    internal MicroDb.Query.TableQuery<T> Inner => _query;

    /// <summary>The connection the query runs on.</summary>
    public SQLiteConnection Connection { get; private set; }

    /// <summary>The queried table.</summary>
    public TableMapping Table { get; private set; }

    /// <summary>This query for another element type; only the same type is supported.</summary>
    /// <typeparam name="U">The element type.</typeparam>
    /// <returns>A copy of the query.</returns>
    /// <exception cref="NotSupportedException"><typeparamref name="U"/> is not <typeparamref name="T"/>.</exception>
    public TableQuery<U> Clone<U>() =>
        this as TableQuery<U> ?? throw new NotSupportedException($"TableQuery<{typeof(T).Name}>.Clone<{typeof(U).Name}>(): MicroDb.SQLiteNet clones a query only to its own element type.");

    /// <summary>The rows matching <paramref name="predExpr"/> as well.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The narrowed query.</returns>
    /// <exception cref="NotSupportedException">The condition cannot be translated to SQL.</exception>
    public TableQuery<T> Where(Expression<Func<T, bool>> predExpr)
    {
        // Written out rather than through With: a lookup per call is the hot path, and the closure was an allocation.
        try
        {
            return new TableQuery<T>(this, _query.Where(predExpr), hasWhere: true, _hasLimit);
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    /// <summary>At most <paramref name="n"/> rows.</summary>
    /// <param name="n">The row count.</param>
    /// <returns>The limited query.</returns>
    public TableQuery<T> Take(int n) => With(q => q.Take(n), hasLimit: true);

    /// <summary>Skips <paramref name="n"/> rows.</summary>
    /// <param name="n">The row count.</param>
    /// <returns>The offset query.</returns>
    public TableQuery<T> Skip(int n) => With(q => q.Skip(n), hasLimit: true);

    /// <summary>The row at <paramref name="index"/>.</summary>
    /// <param name="index">The zero-based position.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">There are not that many rows.</exception>
    public T ElementAt(int index) => Skip(index).Take(1).First();

    /// <summary>Reads the rows lazily when enumerated (every query here streams; kept for sqlite-net's API).</summary>
    /// <returns>The same query.</returns>
    public TableQuery<T> Deferred() => this;

    /// <summary>Orders by a property, ascending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public TableQuery<T> OrderBy<U>(Expression<Func<T, U>> orderExpr) => With(q => q.OrderBy(orderExpr));

    /// <summary>Orders by a property, descending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public TableQuery<T> OrderByDescending<U>(Expression<Func<T, U>> orderExpr) => With(q => q.OrderByDescending(orderExpr));

    /// <summary>Then orders by a property, ascending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public TableQuery<T> ThenBy<U>(Expression<Func<T, U>> orderExpr) => With(q => q.ThenBy(orderExpr));

    /// <summary>Then orders by a property, descending.</summary>
    /// <typeparam name="U">The key type.</typeparam>
    /// <param name="orderExpr">The key.</param>
    /// <returns>The ordered query.</returns>
    public TableQuery<T> ThenByDescending<U>(Expression<Func<T, U>> orderExpr) => With(q => q.ThenByDescending(orderExpr));

    /// <summary>Deletes the rows this query matches (it needs a condition, as in sqlite-net).</summary>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="InvalidOperationException">The query has no condition, or has Take/Skip.</exception>
    public int Delete() => Delete(null);

    /// <summary>Deletes the rows this query and <paramref name="predExpr"/> match.</summary>
    /// <param name="predExpr">A further condition, or null.</param>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="InvalidOperationException">There is no condition at all, or the query has Take/Skip.</exception>
    public int Delete(Expression<Func<T, bool>> predExpr)
    {
        if (_hasLimit)
        {
            throw new InvalidOperationException("Cannot delete with limits or offsets");
        }

        if (!_hasWhere && predExpr is null)
        {
            // sqlite-net's guard against deleting a whole table by accident; DeleteAll<T>() does that on purpose.
            throw new InvalidOperationException("No condition specified");
        }

        var query = predExpr is null ? _query : _query.Where(predExpr);
        return Terminal(() => query.Delete(), isQuery: false);
    }

    /// <summary>The number of rows.</summary>
    /// <returns>The count.</returns>
    public int Count() => Terminal(() => _query.Count());

    /// <summary>The number of rows matching <paramref name="predExpr"/>.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The count.</returns>
    public int Count(Expression<Func<T, bool>> predExpr) => Where(predExpr).Count();

    /// <summary>The first row.</summary>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">There is no row.</exception>
    public T First() => Terminal(() => _query.First());

    /// <summary>The first row matching <paramref name="predExpr"/>.</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The object.</returns>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public T First(Expression<Func<T, bool>> predExpr) => Where(predExpr).First();

    /// <summary>The first row, or null (default).</summary>
    /// <returns>The object or default.</returns>
    public T FirstOrDefault()
    {
        // As Terminal, without the per-call delegate.
        if (Connection.Trace)
        {
            Connection.TraceStatement(SqlText(), query: true);
        }

        try
        {
            return _query.FirstOrDefault();
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    /// <summary>The first row matching <paramref name="predExpr"/>, or null (default).</summary>
    /// <param name="predExpr">The condition.</param>
    /// <returns>The object or default.</returns>
    public T FirstOrDefault(Expression<Func<T, bool>> predExpr) => Where(predExpr).FirstOrDefault();

    /// <summary>Every row, in a list.</summary>
    /// <returns>The objects.</returns>
    public List<T> ToList() => Terminal(() => _query.ToList());

    /// <summary>Every row, in an array.</summary>
    /// <returns>The objects.</returns>
    public T[] ToArray() => Terminal(() => _query.ToArray());

    /// <summary>Streams the rows (one statement, read as enumerated).</summary>
    /// <returns>The enumerator.</returns>
    public IEnumerator<T> GetEnumerator()
    {
        Connection.TraceStatement(SqlText(), query: true);
        return SQLiteConnection.Translating(_query).GetEnumerator();
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    /// <summary>
    /// Runs an intercepted terminal (<see cref="TableQueryInterception"/>) as <see cref="Terminal"/> runs the run-time one:
    /// the same trace line (the run-time SQL text, written only when tracing) and sqlite-net's errors.
    /// </summary>
    /// <summary>An intercepted <see cref="Where"/>: the generator checked the lambda, so the run-time check is skipped; no per-call closure (the lookup's hot path).</summary>
    internal TableQuery<T> WhereIntercepted(Expression<Func<T, bool>> predicate)
    {
        try
        {
            return new TableQuery<T>(this, MicroDb.Query.QueryInterception.Where(_query, predicate), hasWhere: true, _hasLimit);
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    /// <summary>An intercepted <see cref="FirstOrDefault()"/>: traced and translated as the run-time one, without a per-call delegate.</summary>
    internal T FirstOrDefaultIntercepted(MicroDb.Query.InterceptedSite site)
    {
        if (Connection.Trace)
        {
            Connection.TraceStatement(SqlText(), query: true);
        }

        try
        {
            return MicroDb.Query.QueryInterception.FirstOrDefault(_query, site);
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    internal TResult RunIntercepted<TResult>(Func<MicroDb.Query.TableQuery<T>, TResult> run)
    {
        var query = _query;
        return Terminal(() => run(query));
    }

    internal TableQuery<T> With(Func<MicroDb.Query.TableQuery<T>, MicroDb.Query.TableQuery<T>> operation, bool hasWhere = false, bool hasLimit = false)
    {
        try
        {
            return new TableQuery<T>(this, operation(_query), _hasWhere || hasWhere, _hasLimit || hasLimit);
        }
        catch (MicroDbException e)
        {
            throw SQLiteConnection.Translate(e);
        }
    }

    private TResult Terminal<TResult>(Func<TResult> action, bool isQuery = true) => Connection.Run(Connection.Trace ? SqlText() : "", action, isQuery);

    private string SqlText()
    {
        try
        {
            return _query.ToSqlString();
        }
        catch (NotSupportedException)
        {
            return "(untranslatable query)";
        }
    }
}
