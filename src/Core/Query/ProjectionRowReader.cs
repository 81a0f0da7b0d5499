using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads the columns a selector needs into an entity (the others keep their defaults), then evaluates the selector
/// against it with <see cref="ExpressionInterpreter"/>.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
internal sealed class ProjectionRowReader<T, TResult> : IRowReader<TResult>
{
    private readonly EntityMap<T> _map;
    private readonly int[] _ordinals;
    private readonly Expression _body;
    private readonly ExpressionInterpreter _interpreter;

    public ProjectionRowReader(EntityMap<T> map, int[] ordinals, LambdaExpression selector)
    {
        _map = map;
        _ordinals = ordinals;
        _body = selector.Body;
        _interpreter = ExpressionInterpreter.ForEntity(selector.Parameters[0], map);
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        var entity = _map.Read(statement, _ordinals);
        return (TResult)_interpreter.EvaluateFor(_body, entity)!;
    }
}
