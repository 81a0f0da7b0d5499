using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Operators: logic, equality and ordering with C#'s two-valued null semantics, arithmetic, bitwise, coalesce. A closed
// operand compared with a column is encoded as that column stores it (SqlTranslator.Values.cs).
internal sealed partial class SqlTranslator
{
    private SqlExpression TranslateBinary(BinaryExpression b)
    {
        switch (b.NodeType)
        {
            case ExpressionType.AndAlso:
            case ExpressionType.OrElse:
                {
                    if (!Uses(b.Left))
                    {
                        // C# short-circuits: `!limit.HasValue || x.Age > limit.Value` must not read limit.Value when it is null.
                        var left = (bool)Evaluate(b.Left)!;
                        return left == (b.NodeType == ExpressionType.OrElse)
                            ? Value(left, null, typeof(bool))
                            : TranslateBoolean(b.Right);
                    }

                    var l = TranslateBoolean(b.Left);
                    return Group(Binary(l, b.NodeType == ExpressionType.AndAlso ? SqlOperator.And : SqlOperator.Or, TranslateBoolean(b.Right)));
                }

            case ExpressionType.Equal:
                return Equality(b.Left, b.Right, negate: false);
            case ExpressionType.NotEqual:
                return Equality(b.Left, b.Right, negate: true);
            case ExpressionType.LessThan:
                return Ordering(b, "<");
            case ExpressionType.LessThanOrEqual:
                return Ordering(b, "<=");
            case ExpressionType.GreaterThan:
                return Ordering(b, ">");
            case ExpressionType.GreaterThanOrEqual:
                return Ordering(b, ">=");
            case ExpressionType.Add when b.Type == typeof(string):
                return Concat(b, [b.Left, b.Right]);
            case ExpressionType.Add:
            case ExpressionType.AddChecked:
                return Arithmetic(b, SqlOperator.Add);
            case ExpressionType.Subtract:
            case ExpressionType.SubtractChecked:
                return Arithmetic(b, SqlOperator.Subtract);
            case ExpressionType.Multiply:
            case ExpressionType.MultiplyChecked:
                return Arithmetic(b, SqlOperator.Multiply);
            case ExpressionType.Divide:
                return Arithmetic(b, SqlOperator.Divide);
            case ExpressionType.Modulo:
                return Arithmetic(b, SqlOperator.Modulo);
            case ExpressionType.LeftShift:
                return Arithmetic(b, SqlOperator.LeftShift);
            case ExpressionType.RightShift:
                return Arithmetic(b, SqlOperator.RightShift);
            case ExpressionType.And:
            case ExpressionType.Or:
                if (IsBool(b.Type))
                {
                    var l = TranslateBoolean(b.Left);
                    return Group(Binary(l, b.NodeType == ExpressionType.And ? SqlOperator.And : SqlOperator.Or, TranslateBoolean(b.Right)));
                }

                return Arithmetic(b, b.NodeType == ExpressionType.And ? SqlOperator.BitwiseAnd : SqlOperator.BitwiseOr);
            case ExpressionType.ExclusiveOr:
                if (IsBool(b.Type))
                {
                    var l = TranslateBoolean(b.Left);
                    return Group(Binary(l, SqlOperator.NotEqual, TranslateBoolean(b.Right)));
                }
                else
                {
                    // SQLite has no XOR operator: a ^ b == (a | b) - (a & b).
                    var l1 = Translate(b.Left);
                    var or = Group(Binary(l1, SqlOperator.BitwiseOr, Translate(b.Right)));
                    var l2 = Translate(b.Left);
                    var and = Group(Binary(l2, SqlOperator.BitwiseAnd, Translate(b.Right)));
                    return Group(Binary(or, SqlOperator.Subtract, and));
                }

            case ExpressionType.Coalesce:
                {
                    var left = Translate(b.Left);

                    // A fallback value is encoded as the column it stands in for stores it ([StoreAsText] dates, enum names).
                    return new SqlFunction("coalesce", left, Operand(b.Right, !Uses(b.Right), Uses(b.Right) ? null : Evaluate(b.Right), b.Left));
                }
        }

        throw Unsupported(b, $"operator {b.NodeType} has no SQL translation");
    }

    private SqlExpression Arithmetic(BinaryExpression b, SqlOperator op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
        RejectSqliteNetTextArithmetic(b, b.Left);
        RejectSqliteNetTextArithmetic(b, b.Right);
        RefuseArithmetic(b, b.Type, op);
        if (op is SqlOperator.Add or SqlOperator.Subtract or SqlOperator.Multiply or SqlOperator.Divide or SqlOperator.Modulo && Underlying(b.Type) == typeof(ulong))
        {
            // Stored by bit pattern: SQLite's signed arithmetic (and its overflow to REAL) would not give .NET's unsigned result.
            throw Unsupported(b, "arithmetic on UInt64 (ulong) runs in SQLite on the signed bit pattern, overflowing to REAL, so it would not match .NET");
        }

        var left = Translate(b.Left);
        return Group(Binary(left, op, Translate(b.Right)));
    }

    private static SqlOperator EqualityOperator(bool nullable, bool negate) =>
        nullable ? (negate ? SqlOperator.IsNot : SqlOperator.Is) : (negate ? SqlOperator.NotEqual : SqlOperator.Equal);

    private SqlExpression Equality(Expression left, Expression right, bool negate)
    {
        if (_scope is not null && TryRowPresence(left, right, negate) is { } presence)
        {
            return presence;
        }

        if (!Uses(left))
        {
            (left, right) = (right, left);
        }

        if (TryCompareCall(left, right, negate ? "<>" : "=") is { } compare)
        {
            return compare;
        }

        if (!Uses(right))
        {
            var value = Evaluate(right);
            if (value is null)
            {
                return Group(new SqlIsNull(Translate(left), negate));
            }

            var key = KeyOf(left);
            if (value is double.NaN or float.NaN)
            {
                // NaN equals nothing, itself included.
                return negate ? Dialect.True : Dialect.False;
            }

            RefuseNativeReferenceEquality(left, left);
            if (Native)
            {
                // Stored natively: the column compares with the value as .NET compares them (NaN equals no number).
                return NativeEquality(left, value, negate);
            }

            if (key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal)
            {
                return SqliteNetComparison(left, key, negate ? "<>" : "=", value);
            }

            TryColumn(left, out var column, out var memberType);
            if (column is not null && TryColumnEquality(left, column, memberType, key, value, negate) is { } columnEquality)
            {
                return columnEquality;
            }

            var op = EqualityOperator(CanBeNull(left.Type), negate);
            if (key is StoredKey.DateTime or StoredKey.DateTimeText or StoredKey.Decimal or StoredKey.DateTimeOffset or StoredKey.Floating)
            {
                var k = Key(left, key);
                return Group(Binary(k, op, Parameter(KeyValue(value, key))));
            }

            var l = Translate(left);
            return Group(Binary(l, op, Value(value, column, memberType)));
        }

        // Two columns (every join kind's key pair, a sub-query's correlation): the same rule the generator declines by.
        RejectColumnsStoredDifferently(left, right);
        if (Native)
        {
            RefuseNativeReferenceEquality(left, left);
            RefuseNativeReferenceEquality(right, right);
            return NativeEquality(left, right, negate, equalsMethod: false);
        }

        var leftKey = KeyOf(left);
        var pairKey = leftKey != StoredKey.Direct ? leftKey : KeyOf(right);
        RejectMixedKeys(left, right);
        var eitherNullable = CanBeNull(left.Type) || CanBeNull(right.Type);
        var a = Key(left, pairKey);
        return Group(Binary(a, EqualityOperator(eitherNullable, negate), Key(right, pairKey)));
    }

    private SqlExpression Ordering(BinaryExpression b, string op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
        if (TryCompareCall(b.Left, b.Right, op) is { } compare)
        {
            return compare;
        }

        var leftClosed = !Uses(b.Left);
        var rightClosed = !Uses(b.Right);
        var leftValue = leftClosed ? Evaluate(b.Left) : null;
        var rightValue = rightClosed ? Evaluate(b.Right) : null;
        if ((leftClosed && leftValue is null) || (rightClosed && rightValue is null)
            || leftValue is double.NaN or float.NaN || rightValue is double.NaN or float.NaN)
        {
            // C#: any ordering comparison with null or NaN is false.
            return Dialect.False;
        }

        // Written as open-operand op value when one side is closed.
        var (open, value, normalOp) = leftClosed ? (b.Right, leftValue, Flip(op)) : (b.Left, rightValue, op);
        var key = leftClosed || rightClosed ? KeyOf(open) : (KeyOf(b.Left) is var k && k != StoredKey.Direct ? k : KeyOf(b.Right));

        // (left IS NOT NULL AND right IS NOT NULL AND comparison): the null guards of nullable open operands (not of a
        // non-nullable float lifted: its stored NULL reads as 0, ReadsNull).
        SqlExpression? guards = null;
        if (!leftClosed && CanBeNull(b.Left.Type) && (key != StoredKey.Floating || ReadsNull(b.Left)))
        {
            guards = new SqlIsNull(Translate(b.Left), Negated: true);
        }

        if (!rightClosed && CanBeNull(b.Right.Type) && (key != StoredKey.Floating || ReadsNull(b.Right)))
        {
            var guard = new SqlIsNull(Translate(b.Right), Negated: true);
            guards = guards is null ? guard : And(guards, guard);
        }

        SqlExpression Guarded(SqlExpression comparison) => Group(guards is null ? comparison : And(guards, comparison));

        if (Native)
        {
            if (key == StoredKey.String && !(leftClosed || rightClosed))
            {
                throw Unsupported(b, StringOrderReason);
            }

            return Guarded(leftClosed || rightClosed ? NativeOrdering(open, normalOp, value!, key) : NativeOrdering(b.Left, op, b.Right));
        }

        if (leftClosed || rightClosed)
        {
            if (key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal or StoredKey.TimeSpanText)
            {
                return Guarded(SqliteNetComparison(open, key, normalOp, value!));
            }

            if (TryColumn(open, out var column, out var memberType) && TryColumnRange(b, column, memberType, key, normalOp, value!) is { } range)
            {
                return Guarded(range);
            }

            if (key == StoredKey.String)
            {
                RejectNonBmpOrder(b, (string)value!);
            }

            if (key is StoredKey.UInt64 or StoredKey.DateTime or StoredKey.DateTimeText or StoredKey.Decimal or StoredKey.DateTimeOffset or StoredKey.Floating)
            {
                var openKey = Key(open, key);
                return Guarded(Binary(openKey, ComparisonOperator(normalOp), Parameter(KeyValue(value!, key))));
            }
        }
        else
        {
            if (key == StoredKey.String)
            {
                throw Unsupported(b, StringOrderReason);
            }

            RejectMixedKeys(b.Left, b.Right);
            RejectSqliteNetOrder(b, key);

            var leftKey = Key(b.Left, key);
            return Guarded(Binary(leftKey, ComparisonOperator(op), Key(b.Right, key)));
        }

        var leftOperand = Operand(b.Left, leftClosed, leftValue, b.Right);
        return Guarded(Binary(leftOperand, ComparisonOperator(op), Operand(b.Right, rightClosed, rightValue, b.Left)));
    }

    private const string StringOrderReason =
        "ordering two strings computed in SQL is not supported: SQLite orders UTF-8 by code point, .NET's ordinal order is by "
        + "UTF-16 code unit, and they differ between surrogate pairs and U+E000–U+FFFF; compare with a value instead";

    /// <summary>Two operands stored differently (a DateTime as ticks and one as text, say) have no common SQL key.</summary>
    private void RejectMixedKeys(Expression left, Expression right)
    {
        var (a, b) = (KeyOf(left), KeyOf(right));
        if (a != b && a is not (StoredKey.Direct or StoredKey.Floating) && b is not (StoredKey.Direct or StoredKey.Floating))
        {
            throw Unsupported(left, QueryReasons.StoredDifferently(StripConvert(left).ToString(), a.ToString(), StripConvert(right).ToString(), b.ToString()));
        }
    }

    /// <summary>
    /// Two columns whose stored forms differ for equal values (<see cref="StoredPairRules"/>: an enum by number and one by
    /// name, a DateTime as ticks and one as text) have no common SQL form: '=' would never match where .NET's equality does.
    /// Nor has a column stored by name and a number SQL computes from the row (<see cref="StoredPairRules.ComputedStoredDifferently"/>).
    /// </summary>
    private void RejectColumnsStoredDifferently(Expression left, Expression right)
    {
        var leftIsColumn = TryColumn(left, out var a, out var aType);
        var rightIsColumn = TryColumn(right, out var b, out var bType);
        if (leftIsColumn && rightIsColumn
            && StoredPairRules.StoredDifferently(a.Kind, b.Kind, Underlying(aType) == Underlying(bType), Native || _format.Kind == StorageFormatKind.SqliteNet))
        {
            throw Unsupported(left, QueryReasons.StoredDifferently(StripConvert(left).ToString(), a.Kind.ToString(), StripConvert(right).ToString(), b.Kind.ToString()));
        }

        if (leftIsColumn != rightIsColumn && Uses(leftIsColumn ? right : left)
            && (leftIsColumn ? a : b) is var column && StoredPairRules.ComputedStoredDifferently(column.Kind))
        {
            throw Unsupported(left, QueryReasons.StoredDifferentlyFromComputed(column.MemberName, column.Kind.ToString(), StripConvert(leftIsColumn ? right : left).ToString()));
        }
    }

    private static string Flip(string op) => op switch { "<" => ">", "<=" => ">=", ">" => "<", ">=" => "<=", _ => op };

    private SqlExpression Operand(Expression operand, bool closed, object? value, Expression other)
    {
        if (closed)
        {
            TryColumn(other, out var column, out var memberType);
            return Value(value, column, memberType);
        }

        return Translate(operand);
    }
}
