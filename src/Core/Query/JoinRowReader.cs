using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// Reads a joined row: the columns the result uses, per table, into one entity of each table (through its map, as a
/// projection over one table does), then evaluates the result selector over those entities with
/// <see cref="ExpressionInterpreter"/>. A left-joined table whose presence column (its rowid, or a WITHOUT ROWID table's first key column) is NULL had no matching row: its entity is null.
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
    private readonly ProjectionSubqueries? _subqueries;
    private readonly int _first;

    // The intercepted path's projector (generated code over the rows), used instead of the interpreter.
    private readonly Func<object?[], TResult>? _project;

    public JoinRowReader(IEntityMap[] maps, ParameterExpression[] parameters, int[][] ordinals, int[] presence, Expression body, ProjectionSubqueries? subqueries = null, int first = 0, Func<object?[], TResult>? project = null)
    {
        _project = project;
        _maps = maps;
        _ordinals = ordinals;
        _presence = presence;
        _subqueries = subqueries;
        _first = first;
        body = subqueries?.Body ?? body;
        _body = body;
        _used = new bool[maps.Length];
        for (var i = 0; i < maps.Length; i++)
        {
            _used[i] = ParameterFinder.Uses(body, parameters[i]);
        }

        _interpreter = subqueries is null
            ? ExpressionInterpreter.ForEntities(parameters, maps)
            : ExpressionInterpreter.ForEntities([.. parameters, subqueries.Values], [.. maps, null]);
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        var entities = new object?[_maps.Length + (_subqueries is null ? 0 : 1)];
        for (var i = 0; i < _maps.Length; i++)
        {
            if (_used[i] && (_presence[i] < 0 || !statement.IsNull(_presence[i])))
            {
                entities[i] = _maps[i].ReadObject(statement, _ordinals[i]);
            }
        }

        if (_subqueries is not null)
        {
            // A sub-query of the result, selected after the tables' columns (ProjectionSubqueries).
            var values = new object?[_subqueries.Lifted.Count];
            for (var i = 0; i < values.Length; i++)
            {
                values[i] = _subqueries.Read(statement, _first + i, i);
            }

            entities[_maps.Length] = values;
        }

        return _project is { } project ? project(entities) : (TResult)_interpreter.EvaluateForRow(_body, entities)!;
    }

    /// <summary>The qualified columns <paramref name="body"/> reads (<see cref="SqlJoinColumns"/>), and for each table the ordinal of each of its columns (-1: not read).</summary>
    public static (List<SqlExpression> Columns, int[][] Ordinals) Plan(IEntityMap[] maps, ParameterExpression[] parameters, Expression body)
    {
        var columns = new List<SqlExpression>();
        var ordinals = new int[maps.Length][];
        for (var i = 0; i < maps.Length; i++)
        {
            var table = maps[i].Table;
            var used = ProjectionColumns.Collect(body, parameters[i], table, nullTestReadsNothing: true);
            ordinals[i] = SqlJoinColumns.Append(columns, JoinScope.Alias(i), table.Columns, static c => c.Name, used is null ? null : used.Contains);
        }

        return (columns, ordinals);
    }
}
