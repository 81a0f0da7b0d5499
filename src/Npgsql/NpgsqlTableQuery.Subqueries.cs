using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query;

namespace MicroDb.Npgsql;

// A PostgreSQL table query read inside another query's lambda (db.Table<B>().Any(b => b.AId == a.Id)) becomes a sub-query of
// the outer statement through Core's translator (SqlTranslator.Subqueries), which sees it through ISubquerySource.
public sealed partial class NpgsqlTableQuery<T>
{
    object ISubquerySource.Connection => _db;

    TableMapping ISubquerySource.Table => _map.Table;

    ISubquerySource? ISubquerySource.LimitedSource => _source;

    int? ISubquerySource.Limit => _limit;

    int ISubquerySource.Offset => _offset;

    IReadOnlyList<QueryOrdering> ISubquerySource.Orderings
    {
        get
        {
            // Its own orderings, or (with none) those of the limited query it reads.
            if (_orderings.Length == 0 && _source is not null)
            {
                return ((ISubquerySource)_source).Orderings;
            }

            var orderings = new QueryOrdering[_orderings.Length];
            for (var i = 0; i < orderings.Length; i++)
            {
                orderings[i] = new QueryOrdering(_orderings[i].Key, _orderings[i].Descending);
            }

            return orderings;
        }
    }

    IReadOnlyList<LambdaExpression> ISubquerySource.WhereLambdas => _wheres;
}
