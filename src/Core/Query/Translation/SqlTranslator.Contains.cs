using System.Collections;
using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Collection Contains: a list known before the query runs (array, List, IEnumerable, C# 14 span) becomes IN (?, ?, ...),
// each element encoded as the column stores it; null elements become IS NULL.
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
        if (Uses(source))
        {
            throw Unsupported(call, "only a list of values (array, List, IEnumerable) known before the query runs can be searched; it must not depend on the row");
        }

        var values = EvaluateSequence(source);
        return In(value, values);
    }

    private SqlExpression In(Expression value, IEnumerable values)
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
        var floatNull = key == StoredKey.Floating && !CanBeNull(value.Type);
        var encoded = new List<object?>();
        var hasNull = false;
        foreach (var item in values)
        {
            if (item is null)
            {
                hasNull = true;
            }
            else if (item is double.NaN or float.NaN)
            {
                // NaN equals nothing.
            }
            else if (byKey)
            {
                if (KeyValue(item, key) is var stored && !ReferenceEquals(stored, NoStoredValue))
                {
                    encoded.Add(stored);
                }
            }
            else if (key == StoredKey.DateTime)
            {
                var ticks = ((DateTime)item).Ticks;
                encoded.AddRange([ticks, ticks | (1L << 62), ticks | (2L << 62)]);
            }
            else if (key == StoredKey.Decimal)
            {
                encoded.AddRange(DecimalSpellings(Convert.ToDecimal(item, System.Globalization.CultureInfo.InvariantCulture)));
            }
            else
            {
                hasNull |= floatNull && Convert.ToDouble(item, System.Globalization.CultureInfo.InvariantCulture) == 0;
                encoded.Add(Encode(item, column, memberType, _format));
            }
        }

        if (encoded.Count == 0)
        {
            return hasNull ? Group(new SqlIsNull(Translate(value), Negated: false)) : SqlLiteral.Zero;
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
            operand = new SqlColumn(column!.Name);
        }
        else
        {
            operand = Translate(value);
        }

        var list = new SqlExpression[encoded.Count];
        for (var i = 0; i < list.Length; i++)
        {
            list[i] = Parameter(encoded[i]);
        }

        var @in = new SqlIn(operand, new ValueList<SqlExpression>(list), Negated: false);
        return Group(guard is null ? @in : hasNull ? Or(guard, @in) : And(guard, @in));
    }

    /// <summary>C# 14 binds <c>array.Contains(x)</c> to MemoryExtensions.Contains over an implicit span; take the array back.</summary>
    private static Expression UnwrapSpan(Expression e)
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
