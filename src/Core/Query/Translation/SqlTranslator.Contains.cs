using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Collection Contains: a list known before the query runs (array, List, IEnumerable, C# 14 span) becomes IN (?, ?, ...),
// each element encoded as the column stores it; null elements become IS NULL. The list is a sequence site of the shape:
// the cache keys on its elements' facets (their count, where the nulls are) and binds each element again on a hit.
internal sealed partial class SqlTranslator
{
    private SqlExpression TranslateListContains(MethodCallExpression call)
    {
        Expression source;
        Expression value;
        if (call.Object is null && call.Arguments.Count is 2 or 3)
        {
            source = call.Arguments[0];
            value = call.Arguments[1];
            if (call.Arguments.Count == 3 && (Uses(call.Arguments[2]) || Evaluate(call.Arguments[2]) is not null))
            {
                throw Unsupported(call, "Contains with an equality comparer has no SQL translation");
            }
        }
        else if (call.Object is not null && call.Arguments.Count == 1)
        {
            source = call.Object;
            value = call.Arguments[0];
        }
        else
        {
            throw Unsupported(call, "this Contains overload has no SQL translation");
        }

        source = UnwrapSpan(source);
        if (TryInSubquery(call, source, value) is { } inQuery)
        {
            return inQuery;
        }

        if (Uses(source))
        {
            throw Unsupported(call, "only a list of values (array, List, IEnumerable) known before the query runs can be searched; it must not depend on the row");
        }

        var values = EvaluateSequence(source, out var site);
        return In(value, values, site);
    }

    private SqlExpression In(Expression value, object?[] values, int site)
    {
        TryColumn(value, out var column, out var memberType);
        var key = KeyOf(value);
        if (key == StoredKey.DateTimeOffset)
        {
            throw Unsupported(value, DateTimeOffsetReason);
        }

        // Values equal in .NET but stored differently (DateTime kinds, decimal scales) are all listed for a column; other
        // operands of those types are compared by their key. A non-nullable float's NULL reads (and matches) as 0.
        var byKey = column is null ? key is StoredKey.DateTime or StoredKey.Decimal or StoredKey.DateTimeText : key == StoredKey.DateTimeText;
        byKey |= key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal;
        var floatNull = key == StoredKey.Floating && !CanBeNull(value.Type) && !Native;
        var encoded = new List<SqlExpression>();
        var hasNull = false;

        // Only elements bound as they are replay: a key form, a NaN or a float's zero-as-NULL is decided per value.
        var replayable = !byKey && key is not (StoredKey.DateTime or StoredKey.Decimal) && !floatNull;
        for (var index = 0; index < values.Length; index++)
        {
            var item = values[index];
            if (item is null)
            {
                hasNull = true;
            }
            else if (item is double.NaN or float.NaN && Native)
            {
                // Stored natively, NaN is a value, and Contains compares with Equals, under which NaN equals NaN.
                encoded.Add(Parameter(item));
                replayable = false;
            }
            else if (item is double.NaN or float.NaN)
            {
                // NaN equals nothing.
                replayable = false;
            }
            else if (byKey)
            {
                if (KeyValue(item, key) is var stored && !ReferenceEquals(stored, NoStoredValue))
                {
                    encoded.Add(Parameter(stored));
                }
            }
            else if (key == StoredKey.DateTime)
            {
                var ticks = ((DateTime)item).Ticks;
                encoded.AddRange([Parameter(ticks), Parameter(ticks | (1L << 62)), Parameter(ticks | (2L << 62))]);
            }
            else if (key == StoredKey.Decimal)
            {
                foreach (var spelling in DecimalSpellings(Convert.ToDecimal(item, System.Globalization.CultureInfo.InvariantCulture)))
                {
                    encoded.Add(Parameter(spelling));
                }
            }
            else
            {
                hasNull |= floatNull && Convert.ToDouble(item, System.Globalization.CultureInfo.InvariantCulture) == 0;
                encoded.Add(replayable && site >= 0 ? ElementValue(item, site, index, column, memberType) : Parameter(Encode(item, column, memberType, _format)));
            }
        }

        if (!replayable)
        {
            UncacheableSequence();
        }

        if (encoded.Count == 0)
        {
            return hasNull ? Group(new SqlIsNull(Translate(value), Negated: false)) : Dialect.False;
        }

        SqlExpression? guard = null;
        if (CanBeNull(value.Type) || floatNull)
        {
            guard = new SqlIsNull(Translate(value), Negated: !hasNull);
        }

        SqlExpression operand;
        if (byKey)
        {
            operand = Key(value, key);
        }
        else if (key == StoredKey.Decimal)
        {
            // The stored text itself, not the REAL a decimal column is otherwise read as.
            operand = ColumnRef(column!);
        }
        else
        {
            operand = Translate(value);
        }

        var @in = new SqlIn(operand, new ValueList<SqlExpression>([.. encoded]), Negated: false);
        return Group(guard is null ? @in : hasNull ? Or(guard, @in) : And(guard, @in));
    }

    /// <summary>C# 14 binds <c>array.Contains(x)</c> to MemoryExtensions.Contains over an implicit span; take the array back.</summary>
    internal static Expression UnwrapSpan(Expression e)
    {
        while (true)
        {
            if (e is MethodCallExpression { Method.Name: "op_Implicit", Arguments.Count: 1 } call && IsSpan(call.Type))
            {
                e = call.Arguments[0];
            }
            else if (e is UnaryExpression { NodeType: ExpressionType.Convert, Method.Name: "op_Implicit" } convert && IsSpan(convert.Type))
            {
                e = convert.Operand;
            }
            else
            {
                return e;
            }
        }
    }

    private static bool IsSpan(Type type) =>
        type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(ReadOnlySpan<>) || type.GetGenericTypeDefinition() == typeof(Span<>));
}
