using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

// A sub-query in a joined table's own Where (db.Table<C>().Where(c => db.Table<L>().Any(l => l.X == c.Id)) joined): the
// run time ANDs that Where to the table's ON condition, so the generator's paths start at that condition's root (as a
// JoinedOnValue's do). Each run checks that the sub-query's table query is a plain one on the join's connection.
public sealed partial class InterceptedSite
{
    private (int Table, string Path)[] _onSubqueries = [];

    /// <summary>
    /// Adds a sub-query of joined table <paramref name="table"/>'s own Where: the call at <paramref name="path"/> in that
    /// table's ON condition (<c>db.Table&lt;T&gt;().Any(...)</c>, <c>All(...)</c>, <c>Count(...)</c> ..., as
    /// <see cref="Subquery"/> takes). A run whose table query there is not a plain table query on the join's connection
    /// runs on the run-time path. Call while building the site, before it is used.
    /// </summary>
    /// <param name="table">The joined table (1 or more), in join order.</param>
    /// <param name="path">The steps from the ON condition's root to the call.</param>
    /// <returns>This site.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="path"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="table"/> is below 1.</exception>
    public InterceptedSite JoinedOnSubquery(int table, string path)
    {
        ArgumentNullException.ThrowIfNull(path);
        if (table < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(table), table, "Only a joined table (1 or more) has an ON condition.");
        }

        _onSubqueries = [.. _onSubqueries, (table, path)];
        return this;
    }

    /// <summary>Whether every sub-query of the joined tables' own Where conditions reads a plain table query on the join's connection.</summary>
    private bool OnSubqueriesHold<TResult>(JoinQuery<TResult> query)
    {
        foreach (var (table, path) in _onSubqueries)
        {
            if (OnSourceOf(query, table, path) is null)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>The column of a value inside a sub-query of a joined table's own Where: the member of the sub-query's table.</summary>
    private static ColumnMapping? OnSubqueryColumn<TResult>(JoinQuery<TResult> query, ValueSite site) =>
        OnSourceOf(query, site.Table, site.Path.Substring(0, site.Path.LastIndexOf('a')))?.Table.FindColumnByMember(site.Member);

    /// <summary>The table query the sub-query at <paramref name="path"/> of table <paramref name="table"/>'s ON condition calls, when it is a plain one on the join's connection.</summary>
    private static ISubquerySource? OnSourceOf<TResult>(JoinQuery<TResult> query, int table, string path)
    {
        var start = 0;
        var body = query.Intercepted is { } intercepted ? intercepted.OnFilter(table, path, out start)
            : table < query.Tables.On.Length ? query.Tables.On[table] : null;
        return body is not null && TryNavigate(body, path, out var node, start) ? SourceOf(node, query.Connection) : null;
    }
}
