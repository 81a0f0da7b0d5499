using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// A table as a join takes it, translated at the query type's edge (SQLite's <c>TableQuery</c>, MicroDb.Npgsql's table
/// query): its map, the connection it was made on, its Where conditions (asked only once the join's own checks passed,
/// so that errors keep their order) and, for a database that does not read rows through the map
/// (MicroDb.Npgsql: through its typed contract), the reader of its entity that its <see cref="JoinExecution"/> takes back.
/// </summary>
internal sealed class JoinTable(IEntityMap map, object connection, Func<IReadOnlyList<LambdaExpression>> filters, object? reader)
{
    public IEntityMap Map { get; } = map;

    public object Connection { get; } = connection;

    /// <summary>The table's Where conditions; throws when the table query is ordered or limited.</summary>
    public IReadOnlyList<LambdaExpression> Filters() => filters();

    public object? Reader { get; } = reader;
}
