using System.Linq.Expressions;

namespace MicroDb.Query;

// Operators: logic, equality and ordering with C#'s two-valued null semantics, arithmetic, bitwise, coalesce. A closed
// operand compared with a column is encoded as that column stores it (SqlTranslator.Values.cs).
internal sealed partial class SqlTranslator
{
    private void WriteBinary(BinaryExpression b)
    {
        switch (b.NodeType)
        {
            case ExpressionType.AndAlso:
            case ExpressionType.OrElse:
                if (!Uses(b.Left))
                {
                    // C# short-circuits: `!limit.HasValue || x.Age > limit.Value` must not read limit.Value when it is null.
                    var left = (bool)Evaluate(b.Left)!;
                    if (left == (b.NodeType == ExpressionType.OrElse))
                    {
                        WriteValue(left, null, typeof(bool));
                    }
                    else
                    {
                        WriteBoolean(b.Right);
                    }

                    return;
                }

                _sql.Append('(');
                WriteBoolean(b.Left);
                _sql.Append(b.NodeType == ExpressionType.AndAlso ? " AND " : " OR ");
                WriteBoolean(b.Right);
                _sql.Append(')');
                return;
            case ExpressionType.Equal:
                WriteEquality(b.Left, b.Right, negate: false);
                return;
            case ExpressionType.NotEqual:
                WriteEquality(b.Left, b.Right, negate: true);
                return;
            case ExpressionType.LessThan:
                WriteOrdering(b, "<");
                return;
            case ExpressionType.LessThanOrEqual:
                WriteOrdering(b, "<=");
                return;
            case ExpressionType.GreaterThan:
                WriteOrdering(b, ">");
                return;
            case ExpressionType.GreaterThanOrEqual:
                WriteOrdering(b, ">=");
                return;
            case ExpressionType.Add when b.Type == typeof(string):
                WriteConcat(b, [b.Left, b.Right]);
                return;
            case ExpressionType.Add:
            case ExpressionType.AddChecked:
                WriteArithmetic(b, " + ");
                return;
            case ExpressionType.Subtract:
            case ExpressionType.SubtractChecked:
                WriteArithmetic(b, " - ");
                return;
            case ExpressionType.Multiply:
            case ExpressionType.MultiplyChecked:
                WriteArithmetic(b, " * ");
                return;
            case ExpressionType.Divide:
                WriteArithmetic(b, " / ");
                return;
            case ExpressionType.Modulo:
                WriteArithmetic(b, " % ");
                return;
            case ExpressionType.LeftShift:
                WriteArithmetic(b, " << ");
                return;
            case ExpressionType.RightShift:
                WriteArithmetic(b, " >> ");
                return;
            case ExpressionType.And:
            case ExpressionType.Or:
                if (IsBool(b.Type))
                {
                    _sql.Append('(');
                    WriteBoolean(b.Left);
                    _sql.Append(b.NodeType == ExpressionType.And ? " AND " : " OR ");
                    WriteBoolean(b.Right);
                    _sql.Append(')');
                }
                else
                {
                    WriteArithmetic(b, b.NodeType == ExpressionType.And ? " & " : " | ");
                }

                return;
            case ExpressionType.ExclusiveOr:
                if (IsBool(b.Type))
                {
                    _sql.Append('(');
                    WriteBoolean(b.Left);
                    _sql.Append(" <> ");
                    WriteBoolean(b.Right);
                    _sql.Append(')');
                }
                else
                {
                    // SQLite has no XOR operator: a ^ b == (a | b) - (a & b).
                    _sql.Append("((");
                    Write(b.Left);
                    _sql.Append(" | ");
                    Write(b.Right);
                    _sql.Append(") - (");
                    Write(b.Left);
                    _sql.Append(" & ");
                    Write(b.Right);
                    _sql.Append("))");
                }

                return;
            case ExpressionType.Coalesce:
                _sql.Append("coalesce(");
                Write(b.Left);
                _sql.Append(", ");

                // A fallback value is encoded as the column it stands in for stores it ([StoreAsText] dates, enum names).
                WriteOperand(b.Right, !Uses(b.Right), Uses(b.Right) ? null : Evaluate(b.Right), b.Left);
                _sql.Append(')');
                return;
        }

        throw Unsupported(b, $"operator {b.NodeType} has no SQL translation");
    }

    private void WriteArithmetic(BinaryExpression b, string op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
        RejectSqliteNetTextArithmetic(b, b.Left);
        RejectSqliteNetTextArithmetic(b, b.Right);
        if (op is " + " or " - " or " * " or " / " or " % " && Underlying(b.Type) == typeof(ulong))
        {
            // Stored by bit pattern: SQLite's signed arithmetic (and its overflow to REAL) would not give .NET's unsigned result.
            throw Unsupported(b, "arithmetic on UInt64 (ulong) runs in SQLite on the signed bit pattern, overflowing to REAL, so it would not match .NET");
        }

        _sql.Append('(');
        Write(b.Left);
        _sql.Append(op);
        Write(b.Right);
        _sql.Append(')');
    }

    private void WriteEquality(Expression left, Expression right, bool negate)
    {
        if (!Uses(left))
        {
            (left, right) = (right, left);
        }

        if (TryWriteCompareCall(left, right, negate ? "<>" : "="))
        {
            return;
        }

        if (!Uses(right))
        {
            var value = Evaluate(right);
            if (value is null)
            {
                _sql.Append('(');
                Write(left);
                _sql.Append(negate ? " IS NOT NULL)" : " IS NULL)");
                return;
            }

            var key = KeyOf(left);
            if (value is double.NaN or float.NaN)
            {
                // NaN equals nothing, itself included.
                _sql.Append(negate ? '1' : '0');
                return;
            }

            if (key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal)
            {
                WriteSqliteNetComparison(left, key, negate ? "<>" : "=", value);
                return;
            }

            TryColumn(left, out var column, out var memberType);
            if (column is not null && TryWriteColumnEquality(left, column, memberType, key, value, negate))
            {
                return;
            }

            var nullable = CanBeNull(left.Type);
            _sql.Append('(');
            if (key is StoredKey.DateTime or StoredKey.DateTimeText or StoredKey.Decimal or StoredKey.DateTimeOffset or StoredKey.Floating)
            {
                WriteKey(left, key);
                _sql.Append(nullable ? (negate ? " IS NOT " : " IS ") : (negate ? " <> " : " = "));
                _sql.Append('?');
                _args.Add(KeyValue(value, key));
            }
            else
            {
                Write(left);
                _sql.Append(nullable ? (negate ? " IS NOT " : " IS ") : (negate ? " <> " : " = "));
                WriteValue(value, column, memberType);
            }

            _sql.Append(')');
            return;
        }

        var leftKey = KeyOf(left);
        var pairKey = leftKey != StoredKey.Direct ? leftKey : KeyOf(right);
        RejectMixedKeys(left, right);
        var eitherNullable = CanBeNull(left.Type) || CanBeNull(right.Type);
        _sql.Append('(');
        WriteKey(left, pairKey);
        _sql.Append(eitherNullable ? (negate ? " IS NOT " : " IS ") : (negate ? " <> " : " = "));
        WriteKey(right, pairKey);
        _sql.Append(')');
    }

    private void WriteOrdering(BinaryExpression b, string op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
        if (TryWriteCompareCall(b.Left, b.Right, op))
        {
            return;
        }

        var leftClosed = !Uses(b.Left);
        var rightClosed = !Uses(b.Right);
        var leftValue = leftClosed ? Evaluate(b.Left) : null;
        var rightValue = rightClosed ? Evaluate(b.Right) : null;
        if ((leftClosed && leftValue is null) || (rightClosed && rightValue is null)
            || leftValue is double.NaN or float.NaN || rightValue is double.NaN or float.NaN)
        {
            // C#: any ordering comparison with null or NaN is false.
            _sql.Append('0');
            return;
        }

        // Written as open-operand op value when one side is closed.
        var (open, value, normalOp) = leftClosed ? (b.Right, leftValue, Flip(op)) : (b.Left, rightValue, op);
        var key = leftClosed || rightClosed ? KeyOf(open) : (KeyOf(b.Left) is var k && k != StoredKey.Direct ? k : KeyOf(b.Right));
        _sql.Append('(');
        if (!leftClosed && CanBeNull(b.Left.Type))
        {
            Write(b.Left);
            _sql.Append(" IS NOT NULL AND ");
        }

        if (!rightClosed && CanBeNull(b.Right.Type))
        {
            Write(b.Right);
            _sql.Append(" IS NOT NULL AND ");
        }

        if (leftClosed || rightClosed)
        {
            if (key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal or StoredKey.TimeSpanText)
            {
                WriteSqliteNetComparison(open, key, normalOp, value!);
                _sql.Append(')');
                return;
            }

            if (TryColumn(open, out var column, out var memberType) && TryWriteColumnRange(b, column, memberType, key, normalOp, value!))
            {
                _sql.Append(')');
                return;
            }

            if (key == StoredKey.String)
            {
                RejectNonBmpOrder(b, (string)value!);
            }

            if (key is StoredKey.UInt64 or StoredKey.DateTime or StoredKey.DateTimeText or StoredKey.Decimal or StoredKey.DateTimeOffset or StoredKey.Floating)
            {
                WriteKey(open, key);
                _sql.Append(' ').Append(normalOp).Append(" ?)");
                _args.Add(KeyValue(value!, key));
                return;
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

            WriteKey(b.Left, key);
            _sql.Append(' ').Append(op).Append(' ');
            WriteKey(b.Right, key);
            _sql.Append(')');
            return;
        }

        WriteOperand(b.Left, leftClosed, leftValue, b.Right);
        _sql.Append(' ').Append(op).Append(' ');
        WriteOperand(b.Right, rightClosed, rightValue, b.Left);
        _sql.Append(')');
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
            throw Unsupported(left, $"'{left}' and '{right}' are stored differently ({a} and {b}), so SQL cannot compare them as .NET does");
        }
    }

    private static string Flip(string op) => op switch { "<" => ">", "<=" => ">=", ">" => "<", ">=" => "<=", _ => op };

    private void WriteOperand(Expression operand, bool closed, object? value, Expression other)
    {
        if (closed)
        {
            TryColumn(other, out var column, out var memberType);
            WriteValue(value, column, memberType);
        }
        else
        {
            Write(operand);
        }
    }
}
