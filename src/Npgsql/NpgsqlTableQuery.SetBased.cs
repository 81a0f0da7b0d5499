using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using MicroDb.Query.Model;

namespace MicroDb.Npgsql;

// Set-based writes on PostgreSQL: ExecuteDelete and ExecuteUpdate, each one DELETE or UPDATE statement of the shared
// model (DeleteModel, UpdateModel) over this query's filter, translated by Core's one translator with PostgreSQL's dialect.
public sealed partial class NpgsqlTableQuery<T>
{
    /// <summary>
    /// Deletes the rows this query selects in one DELETE statement and returns how many were deleted (a query without a
    /// filter deletes every row). With Skip/Take the rows are chosen by a sub-query on the primary key, honouring the order.
    /// </summary>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="NotSupportedException">The query is limited (Skip/Take) and the table has no primary key.</exception>
    /// <exception cref="MicroDbConstraintException">A foreign key forbids the delete; nothing was deleted.</exception>
    public int ExecuteDelete() => ExecuteDeleteCore(async: false, default).GetAwaiter().GetResult();

    /// <summary>As <see cref="ExecuteDelete"/>, asynchronously.</summary>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> ExecuteDeleteAsync(CancellationToken cancellationToken = default) => ExecuteDeleteCore(async: true, cancellationToken).AsTask();

    /// <summary>
    /// Updates the rows this query selects in one UPDATE statement, setting the columns <paramref name="setters"/> names, and
    /// returns how many rows were changed. A value is bound as its column stores it; an expression over the row
    /// (<c>x =&gt; x.Total * 2</c>) is computed by PostgreSQL, translated as a Where would be.
    /// </summary>
    /// <param name="setters">The columns to set: <c>s =&gt; s.Set(x =&gt; x.Total, x =&gt; x.Total * 2).Set(x =&gt; x.Note, "n")</c>.</param>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="ArgumentException">No column is set, or a member is not a mapped member of the row.</exception>
    /// <exception cref="NotSupportedException">An expression has no PostgreSQL translation; the message names it.</exception>
    /// <exception cref="MicroDbConstraintException">A NOT NULL, UNIQUE or foreign key constraint failed; nothing was changed.</exception>
    public int ExecuteUpdate(Func<UpdateSetters<T>, UpdateSetters<T>> setters) => ExecuteUpdateCore(setters, async: false, default).GetAwaiter().GetResult();

    /// <summary>As <see cref="ExecuteUpdate"/>, asynchronously.</summary>
    /// <param name="setters">The columns to set.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The number of rows changed.</returns>
    public Task<int> ExecuteUpdateAsync(Func<UpdateSetters<T>, UpdateSetters<T>> setters, CancellationToken cancellationToken = default) =>
        ExecuteUpdateCore(setters, async: true, cancellationToken).AsTask();

    private ValueTask<int> ExecuteDeleteCore(bool async, CancellationToken cancellationToken)
    {
        var args = new List<object?>();
        var model = new DeleteModel(_map.Table.TableName, RowFilter(args, "ExecuteDelete"));
        var sql = new StringBuilder();
        PostgresFormat.Dialect.Writer.WriteDelete(model, sql, []);
        return _db.RunLinqNonQuery(sql.ToString(), PostgresQueryDialect.Parameters(args), async, cancellationToken);
    }

    private ValueTask<int> ExecuteUpdateCore(Func<UpdateSetters<T>, UpdateSetters<T>> setters, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(setters);
        var builder = setters(new UpdateSetters<T>());
        if (builder is null || builder.Setters.Count == 0)
        {
            throw new ArgumentException($"ExecuteUpdate on '{_map.Table.TableName}' sets no column: call Set at least once.", nameof(setters));
        }

        var args = new List<object?>();
        var assignments = new SqlAssignment[builder.Setters.Count];
        for (var i = 0; i < assignments.Length; i++)
        {
            var setter = builder.Setters[i];
            var column = SetBasedColumns.Of(_map.Table, setter.Member);
            assignments[i] = new SqlAssignment(column.Name, SetValue(column, setter, args));
        }

        var model = new UpdateModel(_map.Table.TableName, new ValueList<SqlAssignment>(assignments), RowFilter(args, "ExecuteUpdate"));
        var sql = new StringBuilder();
        PostgresFormat.Dialect.Writer.WriteUpdate(model, sql, []);
        return _db.RunLinqNonQuery(sql.ToString(), PostgresQueryDialect.Parameters(args), async, cancellationToken);
    }

    /// <summary>The conditions of the rows this query selects: its predicates, or <c>key IN (SELECT key ... LIMIT ...)</c> after Skip/Take.</summary>
    private ValueList<SqlExpression> RowFilter(List<object?> args, string operation)
    {
        // A sub-query in a condition (db.Table<B>().Any(...)) must be made on this connection (SqlTranslator.Subqueries).
        using var subqueries = SubqueryConnection.Enter(_db);
        if (_source is null && !IsLimited)
        {
            var predicates = new SqlExpression[_wheres.Length];
            for (var i = 0; i < predicates.Length; i++)
            {
                predicates[i] = TranslationCache.Translate(_map.Table, PostgresFormat, _wheres[i], TranslationKind.Predicate, args);
            }

            return new ValueList<SqlExpression>(predicates);
        }

        // No rowid on PostgreSQL: the limited rows are named by their primary key.
        var key = _map.Table.PrimaryKey
            ?? throw new NotSupportedException($"MicroDb.Npgsql cannot translate {operation}() after Skip/Take on '{_map.Table.TableName}': it needs a single-column primary key to name the rows.");
        var column = new SqlColumn(key.Name);
        var selected = BuildModel(new ValueList<SqlExpression>([column]), args, limitCap: null);
        return new ValueList<SqlExpression>([new SqlInQuery(column, selected, Negated: false)]);
    }

    /// <summary>The value a Set writes: a slot holding the value (converted to its column's type at the edge), or the translated expression.</summary>
    private SqlExpression SetValue(ColumnMapping column, UpdateSetters<T>.Setter setter, List<object?> args)
    {
        var value = setter.Value;
        if (setter.Expression is { } lambda)
        {
            if (ParameterFinder.Uses(lambda.Body, lambda.Parameters[0]))
            {
                return TranslationCache.Translate(_map.Table, PostgresFormat, lambda, TranslationKind.Value, args);
            }

            value = ExpressionInterpreter.EvaluateClosed(lambda.Body);
        }

        var slot = new SqlParameter(args.Count, column.Kind);
        args.Add(value);
        return slot;
    }
}
