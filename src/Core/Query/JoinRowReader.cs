using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// Reads a joined row: the columns the result uses, per table, into one entity of each table (through its map, as a
/// projection over one table does), then evaluates the result selector over those entities with
/// <see cref="ExpressionInterpreter"/>. A left-joined table whose key column is NULL had no matching row: its entity is null.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal sealed class JoinRowReader<TResult> : IRowReader<TResult>
{
    private readonly IEntityMap[] _maps;
    private readonly int[][] _ordinals;
    private readonly int[] _presence;
    private readonly bool[] _used;
    private readonly Expression _body;
    private readonly ExpressionInterpreter _interpreter;

    // The intercepted path's projector (generated code over the rows), used instead of the interpreter.
    private readonly Func<object?[], TResult>? _project;

    public JoinRowReader(IEntityMap[] maps, ParameterExpression[] parameters, int[][] ordinals, int[] presence, Expression body, Func<object?[], TResult>? project = null)
    {
        _project = project;
        _maps = maps;
        _ordinals = ordinals;
        _presence = presence;
        _body = body;
        _used = new bool[maps.Length];
        for (var i = 0; i < maps.Length; i++)
        {
            _used[i] = ParameterFinder.Uses(body, parameters[i]);
        }

        _interpreter = ExpressionInterpreter.ForEntities(parameters, maps);
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        var entities = new object?[_maps.Length];
        for (var i = 0; i < entities.Length; i++)
        {
            if (_used[i] && (_presence[i] < 0 || !statement.IsNull(_presence[i])))
            {
                entities[i] = _maps[i].ReadObject(statement, _ordinals[i]);
            }
        }

        return _project is { } project ? project(entities) : (TResult)_interpreter.EvaluateForRow(_body, entities)!;
    }

    /// <summary>The qualified columns <paramref name="body"/> reads, and for each table the ordinal of each of its columns (-1: not read).</summary>
    public static (List<SqlExpression> Columns, int[][] Ordinals) Plan(IEntityMap[] maps, ParameterExpression[] parameters, Expression body)
    {
        var columns = new List<SqlExpression>();
        var ordinals = new int[maps.Length][];
        for (var i = 0; i < maps.Length; i++)
        {
            var table = maps[i].Table;
            var used = ProjectionColumns.Collect(body, parameters[i], table);
            ordinals[i] = new int[table.Columns.Count];
            for (var c = 0; c < table.Columns.Count; c++)
            {
                ordinals[i][c] = -1;
                if (used is null || used.Contains(c))
                {
                    ordinals[i][c] = columns.Count;
                    columns.Add(new SqlColumn(table.Columns[c].Name, JoinScope.Alias(i)));
                }
            }
        }

        return (columns, ordinals);
    }
}
