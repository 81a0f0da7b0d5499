using System.Linq.Expressions;
using MicroDb.Mapping;

using MicroDb.Query.Model;

namespace MicroDb.Query;

// Last and LastOrDefault: the query's order reversed, LIMIT 1, so only one row is read.
public sealed partial class TableQuery<T>
{
    /// <summary>
    /// The last row in the query's order, read as the first row of the reversed order. Without an OrderBy the order is
    /// the table's: rowid, or the primary key for a WITHOUT ROWID table (after Take/Skip, a sub-query, the rowid is only
    /// reachable through an integer primary key, so a rowid table without one needs an OrderBy there).
    /// Rows that tie on every key are told apart the same way, so the last of equal keys is the one inserted last.
    /// </summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    /// <exception cref="NotSupportedException">The query uses Take/Skip without an OrderBy on a rowid table without an integer primary key.</exception>
    public T Last() => Reversed().Take(1).TryFirst(out var value) ? value : throw NoRow();

    /// <summary>The last row matching <paramref name="predicate"/>; see <see cref="Last()"/>.</summary>
    /// <param name="predicate">The condition.</param>
    /// <exception cref="InvalidOperationException">No row matches.</exception>
    public T Last(Expression<Func<T, bool>> predicate) => Where(predicate).Last();

    /// <summary>The last row, or default when there is none; see <see cref="Last()"/>.</summary>
    public T? LastOrDefault() => Reversed().Take(1).TryFirst(out var value) ? value : default;

    /// <summary>The last row matching <paramref name="predicate"/>, or default; see <see cref="Last()"/>.</summary>
    /// <param name="predicate">The condition.</param>
    public T? LastOrDefault(Expression<Func<T, bool>> predicate) => Where(predicate).LastOrDefault();

    /// <summary>This query with its order reversed (plus the implicit row order as the final tie-breaker).</summary>
    internal TableQuery<T> Reversed()
    {
        var plain = _source is null && !IsLimited;
        var table = _map.Table;
        SqlExpression? identity = null;
        SqlExpression[]? compositeKey = null;
        if (plain && !table.WithoutRowId)
        {
            identity = SqlRowId.Instance;
        }
        else if (table.PrimaryKey is { } key && (table.WithoutRowId || key.SqlType == "INTEGER"))
        {
            // The key of a WITHOUT ROWID table orders it; an INTEGER PRIMARY KEY is the rowid itself.
            identity = new SqlColumn(key.Name);
        }
        else if (table.WithoutRowId && table.PrimaryKeyColumns.Count > 1)
        {
            // A composite key orders a WITHOUT ROWID table by its columns in key order.
            compositeKey = table.PrimaryKeyColumns.Select(c => (SqlExpression)new SqlColumn(c.Name)).ToArray();
        }

        var query = this;
        if (query.EffectiveOrderings().Length == 0 && !plain)
        {
            // A sub-query does not expose rowid, so the implicit order cannot be reversed outside it.
            query = WithBaseOrdering(new QueryOrdering(null, false, identity ?? throw new NotSupportedException(
                $"Last() on a query of '{table.TableName}' with Take/Skip needs an OrderBy: rows are in rowid order and '{table.EntityTypeName}' has no integer primary key that stands for the rowid.")));
        }

        // With an order, the identity (when reachable) is the final tie-breaker, so that of equal keys the last inserted row is last.
        var orderings = query.EffectiveOrderings();
        var tieBreakers = identity is not null ? [identity] : compositeKey ?? [];
        var reversed = new QueryOrdering[orderings.Length + tieBreakers.Length];
        for (var i = 0; i < orderings.Length; i++)
        {
            reversed[i] = orderings[i] with { Descending = !orderings[i].Descending };
        }

        for (var i = 0; i < tieBreakers.Length; i++)
        {
            reversed[orderings.Length + i] = new QueryOrdering(null, Descending: true, tieBreakers[i]);
        }

        return query.IsLimited
            ? new TableQuery<T>(query, query, [], reversed, null, 0, reversed.Length)
            : new TableQuery<T>(query, query._source, query._wheres, reversed, null, 0, reversed.Length);
    }

    private TableQuery<T> WithBaseOrdering(QueryOrdering ordering) =>
        _source is null
            ? new TableQuery<T>(this, null, _wheres, [ordering], _limit, _offset, 1)
            : new TableQuery<T>(this, _source.WithBaseOrdering(ordering), _wheres, _orderings, _limit, _offset);
}
