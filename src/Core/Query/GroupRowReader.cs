using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using SQLitePCL;

namespace MicroDb.Query;

/// <summary>
/// Reads a grouped row: the key's columns into one entity per table through its map (a left-joined table whose key is
/// NULL reads as null), each aggregate's value converted to the type LINQ gives it (an <c>int</c> sum that does not fit
/// throws <see cref="OverflowException"/>, as LINQ's checked sum), then the result evaluated over both with
/// <see cref="ExpressionInterpreter"/>.
/// </summary>
/// <typeparam name="TResult">The result type.</typeparam>
internal sealed class GroupRowReader<TResult> : IRowReader<TResult>
{
    private readonly IEntityMap[] _maps;
    private readonly GroupState.Plan _plan;
    private readonly bool[] _reads;
    private readonly ExpressionInterpreter? _interpreter;
    private object?[]? _values;

    // The intercepted path's projector (generated code over the row and the aggregate values), used instead of the interpreter.
    private readonly Func<object?, object?[], TResult>? _project;

    public GroupRowReader(IEntityMap[] maps, ParameterExpression[] parameters, GroupState.Plan plan, Func<object?, object?[], TResult>? project = null)
    {
        _project = project;
        _maps = maps;
        _plan = plan;
        _reads = new bool[maps.Length];
        var bound = new ParameterExpression[maps.Length + 1];
        var boundMaps = new IEntityMap?[maps.Length + 1];
        for (var i = 0; i < maps.Length; i++)
        {
            _reads[i] = ParameterFinder.Uses(plan.Body, parameters[i]);
            bound[i] = parameters[i];
            boundMaps[i] = maps[i];
        }

        bound[maps.Length] = plan.Values;

        // The intercepted path's projector builds the result: no interpreter.
        _interpreter = project is null ? ExpressionInterpreter.ForEntities(bound, boundMaps) : null;
    }

    public void Prepare(SqliteStatement statement)
    {
    }

    public TResult Read(SqliteStatement statement)
    {
        // The values array is the reader's own, filled again for each row: the projector and the interpreter read it while
        // building the result and keep nothing of it (a reader serves one statement, one row at a time).
        var values = _values ??= new object?[_plan.Aggregates.Count];
        for (var i = 0; i < values.Length; i++)
        {
            var ordinal = _plan.First + i;
            var type = _plan.Aggregates[i].Type;
            var target = Nullable.GetUnderlyingType(type) ?? type;
            values[i] = statement.GetColumnType(ordinal) switch
            {
                raw.SQLITE_NULL => ExpressionInterpreter.ConvertValue(null, type),

                // An int count or sum read as one box (not the 64-bit value's box, then the int's).
                raw.SQLITE_INTEGER when target == typeof(int) => checked((int)statement.GetInt64(ordinal)),

                // MicroDb's exact aggregates (ExactAggregates) give a decimal as text and a DateTime or DateTimeOffset as stored: the typed readers read them.
                _ when target == typeof(decimal) => statement.GetDecimal(ordinal),
                _ when target == typeof(DateTime) => statement.GetDateTime(ordinal),
                _ when target == typeof(DateTimeOffset) => statement.GetDateTimeOffset(ordinal),
                _ => ExpressionInterpreter.ConvertValue(statement.GetValue(ordinal), type),
            };
        }

        if (_project is { } project)
        {
            // The generated projector reads the first table's row only (the build-time front end lowers one-table groupings).
            return project(_reads[0] ? _maps[0].ReadObject(statement, _plan.Ordinals[0]) : null, values);
        }

        var row = new object?[_maps.Length + 1];
        for (var i = 0; i < _maps.Length; i++)
        {
            var presence = _plan.Presence.Length > i ? _plan.Presence[i] : -1;
            if (_reads[i] && (presence < 0 || !statement.IsNull(presence)))
            {
                row[i] = _maps[i].ReadObject(statement, _plan.Ordinals[i]);
            }
        }

        row[_maps.Length] = values;
        return (TResult)_interpreter!.EvaluateForRow(_plan.Body, row)!;
    }
}
