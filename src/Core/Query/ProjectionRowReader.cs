using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads the columns a selector needs into an entity (the others keep their defaults), then evaluates the selector
/// against it with <see cref="ExpressionInterpreter"/>. A selector with sub-queries (<see cref="ProjectionSubqueries"/>)
/// also reads their values, selected after the entity's columns.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
internal sealed class ProjectionRowReader<T, TResult> : IRowReader<TResult>
{
    private readonly EntityMap<T> _map;
    private readonly int[] _ordinals;
    private readonly Expression _body;
    private readonly ExpressionInterpreter _interpreter;
    private readonly ProjectionSubqueries? _subqueries;
    private readonly int _first;

    public ProjectionRowReader(EntityMap<T> map, int[] ordinals, LambdaExpression selector, ProjectionSubqueries? subqueries = null, int first = 0)
    {
        _map = map;
        _ordinals = ordinals;
        _body = subqueries?.Body ?? selector.Body;
        _subqueries = subqueries;
        _first = first;
        _interpreter = subqueries is null
            ? ExpressionInterpreter.ForEntity(selector.Parameters[0], map)
            : ExpressionInterpreter.ForEntities([selector.Parameters[0], subqueries.Values], [map, null]);
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        var entity = _map.Read(statement, _ordinals);
        if (_subqueries is null)
        {
            return (TResult)_interpreter.EvaluateFor(_body, entity)!;
        }

        var values = new object?[_subqueries.Lifted.Count];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = _subqueries.Read(statement, _first + i, i);
        }

        return (TResult)_interpreter.EvaluateForRow(_body, [entity, values])!;
    }
}
