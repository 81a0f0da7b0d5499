using System.Globalization;
using MicroDb.Npgsql.Query;
using MicroDb.Query;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// Runs Core's grouping (<see cref="GroupState"/>, which translates and writes the statement with PostgreSQL's dialect)
/// on a <see cref="MicroDbNpgsqlConnection"/>, and reads its rows: the key's columns through the table's map, each
/// aggregate converted to the type LINQ gives it (a sum that does not fit throws <see cref="OverflowException"/>, as
/// LINQ's checked Sum), the result evaluated by <see cref="ExpressionInterpreter"/>.
/// </summary>
internal static class NpgsqlGroupedRows
{
    public static ValueTask<long> Count(MicroDbNpgsqlConnection db, GroupState state, bool async, CancellationToken cancellationToken)
    {
        var (sql, args) = state.BuildCount();
        return db.RunScalar<long>(sql, PostgresQueryDialect.Parameters(args), async, cancellationToken);
    }

    public static (string Sql, List<NpgsqlParameter> Parameters, Func<NpgsqlDataReader, TResult> Read) Build<TResult>(
        GroupState state, System.Linq.Expressions.Expression selector, Func<NpgsqlDataReader, int[], object?> readEntity, int? limitCap)
    {
        var plan = state.PlanResult(selector);
        var (sql, args) = state.BuildSelect(plan, limitCap);
        var reads = ParameterFinder.Uses(plan.Body, state.Parameters[0]);
        var interpreter = ExpressionInterpreter.ForEntities([state.Parameters[0], plan.Values], [state.Map, null]);
        TResult Read(NpgsqlDataReader reader)
        {
            var values = new object?[plan.Aggregates.Count];
            for (var i = 0; i < values.Length; i++)
            {
                values[i] = Aggregate(reader, plan.First + i, plan.Aggregates[i].Type);
            }

            var entity = reads ? readEntity(reader, plan.Ordinals[0]) : null;
            return (TResult)interpreter.EvaluateForRow(plan.Body, [entity, values])!;
        }

        return (sql, PostgresQueryDialect.Parameters(args), Read);
    }

    /// <summary>The aggregate at <paramref name="ordinal"/> as <paramref name="type"/>: integers narrowed checked, dates read in their own type.</summary>
    internal static object? Aggregate(NpgsqlDataReader reader, int ordinal, Type type)
    {
        if (reader.IsDBNull(ordinal))
        {
            return ExpressionInterpreter.ConvertValue(null, type);
        }

        var target = Nullable.GetUnderlyingType(type) ?? type;
        object value;
        if (target == typeof(DateTimeOffset))
        {
            value = reader.GetFieldValue<DateTimeOffset>(ordinal);
        }
        else if (target == typeof(DateOnly))
        {
            value = reader.GetFieldValue<DateOnly>(ordinal);
        }
        else if (target == typeof(TimeOnly))
        {
            value = reader.GetFieldValue<TimeOnly>(ordinal);
        }
        else if (target == typeof(decimal))
        {
            try
            {
                value = reader.GetFieldValue<decimal>(ordinal);
            }
            catch (InvalidCastException e)
            {
                throw new OverflowException("A decimal aggregate of the grouped query does not fit in a decimal.", e);
            }
        }
        else
        {
            value = reader.GetValue(ordinal);
            if (target.IsEnum)
            {
                value = Enum.ToObject(target, Convert.ToInt64(value, CultureInfo.InvariantCulture));
            }
            else if (target.IsPrimitive && value is IConvertible && value.GetType() != target)
            {
                // count and sum come back wider (bigint, numeric): narrowed checked, as LINQ's checked Sum and Count.
                value = Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
            }
        }

        return ExpressionInterpreter.ConvertValue(value, type);
    }
}
