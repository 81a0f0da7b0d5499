using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Reads a grouped row: the key's columns into an entity through the map, each aggregate's value converted to the type
/// LINQ gives it (an <c>int</c> sum that does not fit throws <see cref="OverflowException"/>, as LINQ's checked sum), then
/// the result evaluated over both with <see cref="ExpressionInterpreter"/>.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal sealed class GroupRowReader<TResult> : IRowReader<TResult>
{
    private readonly IEntityMap _map;
    private readonly GroupState.Plan _plan;
    private readonly bool _readsEntity;
    private readonly ExpressionInterpreter _interpreter;

    // The intercepted path's projector (generated code over the row and the aggregate values), used instead of the interpreter.
    private readonly Func<object?, object?[], TResult>? _project;

    public GroupRowReader(IEntityMap map, ParameterExpression element, GroupState.Plan plan, Func<object?, object?[], TResult>? project = null)
    {
        _project = project;
        _map = map;
        _plan = plan;
        _readsEntity = ParameterFinder.Uses(plan.Body, element);
        _interpreter = ExpressionInterpreter.ForEntities([element, plan.Values], [map, null]);
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        var values = new object?[_plan.Aggregates.Count];
        for (var i = 0; i < values.Length; i++)
        {
            var raw = statement.GetValue(_plan.First + i);
            var type = _plan.Aggregates[i].Type;
            var target = Nullable.GetUnderlyingType(type) ?? type;
            values[i] = raw is long total && target == typeof(int) ? checked((int)total) : ExpressionInterpreter.ConvertValue(raw, type);
        }

        var entity = _readsEntity ? _map.ReadObject(statement, _plan.Ordinals) : null;
        return _project is { } project ? project(entity, values) : (TResult)_interpreter.EvaluateForRow(_plan.Body, [entity, values])!;
    }
}
