using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Operators that run the query: materialise, count, test, pick one row, delete.
public sealed partial class TableQuery<T>
{
    /// <summary>Runs the query and returns every row.</summary>
    public List<T> ToList()
    {
        var (sql, scratch) = BuildSelectScratch();
        try
        {
            return Connection.Runner.Query(_map, sql, StatementArguments.Translated(scratch.Args));
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    /// <summary>Every row, with a cancellation check between rows (the async query's path).</summary>
    internal List<T> ToList(CancellationToken cancellationToken)
    {
        var (sql, scratch) = BuildSelectScratch();
        try
        {
            return Connection.Runner.Query(_map, sql, StatementArguments.Translated(scratch.Args), cancellationToken);
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    /// <summary>Runs the query and returns every row as an array.</summary>
    public T[] ToArray() => ToList().ToArray();

    /// <summary>The number of rows the query returns (SELECT count(*)).</summary>
    /// <exception cref="OverflowException">More than <see cref="int.MaxValue"/> rows: use <see cref="LongCount()"/>.</exception>
    public int Count() => checked((int)CountCore());

    /// <summary>The number of rows matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public int Count(Expression<Func<T, bool>> predicate) => Where(predicate).Count();

    /// <summary>True when the query returns at least one row (SELECT EXISTS).</summary>
    public bool Any()
    {
        var (sql, args) = BuildAny();
        return Connection.Runner.Scalar<long>(sql, StatementArguments.Translated(args)) != 0;
    }

    /// <summary>The SELECT EXISTS of this query and its values, as <see cref="Any()"/> runs it.</summary>
    internal (string Sql, List<object?> Args) BuildAny()
    {
        var args = new List<object?>();
        var exists = new SqlExists(BuildModel(QueryProjections.One, includeOrder: false, args));
        var sql = new StringBuilder();
        WriteModel(QueryModel.Select(null, new ValueList<SqlExpression>([exists])), sql, args);
        return (sql.ToString(), args);
    }

    /// <summary>True when some row matches <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public bool Any(Expression<Func<T, bool>> predicate) => Where(predicate).Any();

    /// <summary>The first row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    public T First() => TryFirstCapped(out var value) ? value : throw NoRow();

    /// <summary>The first row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public T First(Expression<Func<T, bool>> predicate) => Where(predicate).First();

    /// <summary>The first row, or default when there is none.</summary>
    public T? FirstOrDefault() => TryFirstCapped(out var value) ? value : default;

    /// <summary>The first row matching <paramref name="predicate"/>, or default.</summary>
    /// <param name="predicate">The condition.</param>
    public T? FirstOrDefault(Expression<Func<T, bool>> predicate) => Where(predicate).FirstOrDefault();

    /// <summary>The only row.</summary>
    /// <exception cref="InvalidOperationException">The query returns no row, or more than one.</exception>
    public T Single() => SingleCore(orDefault: false)!;

    /// <summary>The only row matching <paramref name="predicate"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches, or more than one does.</exception>
    public T Single(Expression<Func<T, bool>> predicate) => Where(predicate).Single();

    /// <summary>The only row, or default when there is none.</summary>
    /// <exception cref="InvalidOperationException">The query returns more than one row.</exception>
    public T? SingleOrDefault() => SingleCore(orDefault: true);

    /// <summary>The only row matching <paramref name="predicate"/>, or default when none does.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">More than one row matches.</exception>
    public T? SingleOrDefault(Expression<Func<T, bool>> predicate) => Where(predicate).SingleOrDefault();

    /// <summary>The row at <paramref name="index"/> (0-based) in the query's order.</summary>
    /// <param name="index">The position.</param>
    /// <exception cref="ArgumentOutOfRangeException">The index is negative or past the last row.</exception>
    public T ElementAt(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        return Skip(index).Take(1).TryFirst(out var value)
            ? value
            : throw new ArgumentOutOfRangeException(nameof(index), index, $"The query on '{_map.Table.TableName}' has fewer than {index + 1} row(s).");
    }

    /// <summary>The row at <paramref name="index"/>, or default when the index is negative or past the last row.</summary>
    /// <param name="index">The position.</param>
    public T? ElementAtOrDefault(int index) =>
        index >= 0 && Skip(index).Take(1).TryFirst(out var value) ? value : default;

    /// <summary>Deletes the rows matching <paramref name="predicate"/> within this query.</summary>
    /// <param name="predicate">The condition.</param>
    /// <returns>The number of rows deleted.</returns>
    public int Delete(Expression<Func<T, bool>> predicate) => Where(predicate).Delete();

    /// <summary>
    /// Deletes the rows this query selects, in one DELETE statement. With Take/Skip the rows are chosen by a sub-query
    /// on the key (or rowid), honouring the order.
    /// </summary>
    /// <returns>The number of rows deleted.</returns>
    /// <exception cref="InvalidOperationException">The query has no Where, Take or Skip: use DeleteAll to empty the table.</exception>
    public int Delete()
    {
        var table = _map.Table;
        if (!HasFilter)
        {
            throw new InvalidOperationException($"Delete() on '{table.TableName}' has no Where, Take or Skip and would delete every row; call DeleteAll<{typeof(T).Name}>() to do that.");
        }

        var sql = new StringBuilder();
        var args = new List<object?>();
        if (_source is null && !IsLimited)
        {
            sql.Append("DELETE FROM ").Append(SqlBuilder.Quote(table.TableName));
            AppendWhere(sql, args);
        }
        else
        {
            SqlExpression key;
            if (table.PrimaryKey is { } primaryKey)
            {
                key = new SqlColumn(primaryKey.Name);
            }
            else if (_source is null && !table.WithoutRowId)
            {
                key = SqlRowId.Instance;
            }
            else
            {
                // A composite key would need a row-value IN; a WITHOUT ROWID table has no rowid to stand for it.
                throw new NotSupportedException(table.PrimaryKeyColumns.Count > 1
                    ? $"Delete() of a query with Take/Skip on '{table.EntityTypeName}' is not supported: its primary key is composite and the table has no rowid to select rows by; use Where(...).Delete()."
                    : $"Delete() of a query that filters after Take/Skip needs a [PrimaryKey] on '{table.EntityTypeName}'.");
            }

            // DELETE FROM t WHERE key IN (SELECT key FROM ... LIMIT ...): the statement around a query model.
            var selected = BuildModel(new ValueList<SqlExpression>([key]), includeOrder: true, args);
            var @in = new SqlInQuery(key, selected, Negated: false);
            sql.Append("DELETE FROM ").Append(SqlBuilder.Quote(table.TableName)).Append(" WHERE ");
            var slots = new List<int>(args.Count);
            SqliteSqlWriter.Instance.Write(@in, sql, slots);
            CheckSlotOrder(slots, args);
        }

        return Connection.Runner.Execute(sql.ToString(), StatementArguments.Translated(args));
    }

    private T? SingleCore(bool orDefault) =>
        // Two rows are enough to tell "one" from "more than one".
        SingleOf(Take(2).ToList(), orDefault);

    /// <summary>Single's rule over at most two rows read: the one row, default (when allowed) for none, else the error.</summary>
    internal T? SingleOf(List<T> rows, bool orDefault) => rows.Count switch
    {
        1 => rows[0],
        0 when orDefault => default,
        0 => throw NoRow(),
        _ => throw new InvalidOperationException($"The query on '{_map.Table.TableName}' returned more than one row."),
    };

    internal bool TryFirst(out T value)
    {
        var (sql, scratch) = BuildSelectScratch();
        try
        {
            return Connection.Runner.TryQueryFirst(_map, sql, StatementArguments.Translated(scratch.Args), out value);
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    /// <summary>
    /// The SELECT of every column and its values as <see cref="ToList()"/> (no <paramref name="limitCap"/>) or
    /// <see cref="First()"/> (a cap of 1) runs it, through the same query text cache: the run-time front end's statement,
    /// which the check of intercepted queries compares with the generator's.
    /// </summary>
    internal (string Sql, List<object?> Args) BuildSelectStatement(int? limitCap)
    {
        var (sql, scratch) = BuildSelectScratch(limitCap);
        try
        {
            return (sql, [.. scratch.Args]);
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    /// <summary>The first row, as <c>Take(1)</c> then <see cref="TryFirst"/> would read it, without composing the Take(1) query.</summary>
    internal bool TryFirstCapped(out T value)
    {
        var (sql, scratch) = BuildSelectScratch(limitCap: 1);
        try
        {
            return Connection.Runner.TryQueryFirst(_map, sql, StatementArguments.Translated(scratch.Args), out value);
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    /// <summary>The SQL and arguments <see cref="FirstOrDefault()"/> runs (a compiled query's plan is made from them).</summary>
    internal (string Sql, object?[] Args) FirstSql()
    {
        var (sql, scratch) = BuildSelectScratch(limitCap: 1);
        try
        {
            return (sql, scratch.Args.ToArray());
        }
        finally
        {
            QueryScratch.Return(scratch);
        }
    }

    internal InvalidOperationException NoRow() => new($"The query on '{_map.Table.TableName}' returned no row.");
}
