using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// Last and LastOrDefault: the query's order reversed, LIMIT 1, so only one row is read.
public sealed partial class TableQuery<T>
{
    /// <summary>
    /// The last row in the query's order, read as the first row of the reversed order. Without an OrderBy the order is
    /// the table's: rowid (the primary key for a WITHOUT ROWID table, or once Take/Skip made the query a sub-query).
    /// Rows that tie on every key are told apart the same way, so the last of equal keys is the one inserted last.
    /// </summary>
    /// <exception cref="InvalidOperationException">The query returns no row.</exception>
    /// <exception cref="NotSupportedException">The query uses Take/Skip without an OrderBy on a table without a primary key.</exception>
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
        string identity;
        if (plain && !table.WithoutRowId)
        {
            identity = "rowid";
        }
        else if (table.PrimaryKey is { } key)
        {
            identity = SqlBuilder.Quote(key.Name);
        }
        else if (plain)
        {
            throw new NotSupportedException($"Last() on '{table.TableName}' needs an OrderBy: the WITHOUT ROWID table has no single-column primary key to order by.");
        }
        else
        {
            // A sub-query does not expose rowid, so the implicit order cannot be reversed outside it.
            throw new NotSupportedException($"Last() on a query of '{table.TableName}' with Take/Skip needs an OrderBy, or a [PrimaryKey] on '{table.EntityTypeName}'.");
        }

        var query = this;
        if (EffectiveOrderings().Length == 0 && !plain)
        {
            // Give the innermost query the implicit order explicitly, so every level agrees on which rows come first.
            query = WithBaseOrdering(new QueryOrdering(null, false, identity));
        }

        var orderings = query.EffectiveOrderings();
        var reversed = new QueryOrdering[orderings.Length + 1];
        for (var i = 0; i < orderings.Length; i++)
        {
            reversed[i] = orderings[i] with { Descending = !orderings[i].Descending };
        }

        reversed[^1] = new QueryOrdering(null, Descending: true, identity);
        return query.IsLimited
            ? new TableQuery<T>(query, query, [], reversed, null, 0, reversed.Length)
            : new TableQuery<T>(query, query._source, query._wheres, reversed, null, 0, reversed.Length);
    }

    private TableQuery<T> WithBaseOrdering(QueryOrdering ordering) =>
        _source is null
            ? new TableQuery<T>(this, null, _wheres, [ordering], _limit, _offset, 1)
            : new TableQuery<T>(this, _source.WithBaseOrdering(ordering), _wheres, _orderings, _limit, _offset);
}
