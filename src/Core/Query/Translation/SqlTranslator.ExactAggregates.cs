using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Group aggregates SQL's own functions would get wrong (issue 22): decimal Sum/Average (stored as text, SQLite adds REAL),
// Min/Max of ulong, enums, DateTime and decimal (their stored form does not order like the .NET value) and of strings
// (LINQ compares them with the current culture). They run as MicroDb's registered aggregate functions (ExactAggregates):
// Min/Max pick the row by the same order key ORDER BY uses and return its stored value, which the row reader reads with
// the column's typed reader; decimal sums are added as decimal. Only as a value of a grouped result: a HAVING condition
// would compare the stored form.
internal sealed partial class SqlTranslator
{
    private SqlExpression? TryExactGroupAggregate(MethodCallExpression call, string name, Expression selector, Type type)
    {
        var minMax = name is "Min" or "Max";
        var exact = type == typeof(decimal) || (minMax && (type == typeof(ulong) || type == typeof(DateTime) || type == typeof(string) || type.IsEnum));
        if (!exact)
        {
            return null;
        }

        if (!ReferenceEquals(call, _body))
        {
            throw Unsupported(call, $"{name} of '{type.Name}' over a group is computed exactly (not by SQL's own aggregate) only as a value of the grouped result (Select); in a condition (HAVING) or an ordering it has no exact SQL form, so select it and filter or sort the results");
        }

        if (!minMax)
        {
            if (!TryColumn(selector, out var column, out _) || column.Kind != ColumnKind.Decimal)
            {
                throw Unsupported(call, $"{name} of a decimal over a group is exact for a decimal member ('x => x.Price'); decimal arithmetic in SQL runs as REAL");
            }

            return new SqlFunction(name == "Sum" ? ExactAggregates.SumDecimal : ExactAggregates.AverageDecimal, ColumnRef(column));
        }

        if (type == typeof(string))
        {
            return new SqlFunction(name == "Min" ? ExactAggregates.MinText : ExactAggregates.MaxText, Stored(selector));
        }

        RejectTextEnum(call, selector);

        // The row with the least (greatest) order key, as ORDER BY orders the type; its stored value is read back as the member's.
        var key = Key(selector, KeyOf(selector));
        return new SqlFunction(name == "Min" ? ExactAggregates.Min : ExactAggregates.Max, key, Stored(selector));
    }

    /// <summary>The stored value of <paramref name="e"/>: its column as stored (a decimal's text, not the REAL it compares as), else its translation.</summary>
    private SqlExpression Stored(Expression e) => TryColumn(e, out var column, out _) ? ColumnRef(column) : Translate(e);
}
