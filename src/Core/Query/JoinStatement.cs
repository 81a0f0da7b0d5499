using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// A join's translated SELECT and how to read its rows, as <see cref="JoinState.Build"/> makes it for an execution seam
/// (<see cref="JoinExecution"/>): the text and arguments, the joined tables (maps, parameters, and the readers the query
/// type's edge gave with each table, <see cref="JoinTable.Reader"/>), per table the position of each of its columns (-1: not read) and of its presence column (-1: never missing),
/// the result over the tables' parameters, and the result's lifted sub-queries (selected from <see cref="First"/> on).
/// </summary>
internal sealed class JoinStatement(string sql, List<object?> args, JoinedTables tables, object?[] readers, int[][] ordinals, int[] presence, Expression selector, ProjectionSubqueries? subqueries, int first)
{
    public string Sql { get; } = sql;

    public List<object?> Args { get; } = args;

    public JoinedTables Tables { get; } = tables;

    /// <summary>Per table, its <see cref="JoinTable.Reader"/> (null on SQLite, which reads through the map).</summary>
    public object?[] Readers { get; } = readers;

    public int[][] Ordinals { get; } = ordinals;

    public int[] Presence { get; } = presence;

    public Expression Selector { get; } = selector;

    public ProjectionSubqueries? Subqueries { get; } = subqueries;

    public int First { get; } = first;

    /// <summary>SQLite's reader of these rows (the same reader the join has always used).</summary>
    public JoinRowReader<TResult> SqliteReader<TResult>() =>
        new(Tables.Maps, Tables.Parameters, Ordinals, Presence, Selector, Subqueries, First);
}
