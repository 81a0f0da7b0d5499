using System.Collections;
using System.Globalization;
using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Translates a predicate or key selector over one entity type to SQLite SQL. Every value (constants, captured variables,
/// list elements, LIKE patterns) is appended to the argument list and written as <c>?</c>; identifiers go through
/// <see cref="SqlBuilder.Quote"/>. Sub-trees that do not use the lambda's parameter are evaluated first by
/// <see cref="ExpressionInterpreter"/> and encoded the way the column they are compared with stores its values.
/// The SQL keeps C#'s two-valued logic: equality with a nullable operand uses <c>IS</c>/<c>IS NOT</c>, and an ordering
/// comparison is false (not NULL) when an operand is null, so <c>!</c> and <c>||</c> give the LINQ-to-Objects rows.
/// Anything without a faithful translation throws <see cref="NotSupportedException"/> naming the expression.
/// </summary>
internal sealed class SqlTranslator
{
    // What C#'s string.Trim() removes, within what a SQL trim can be told (the common whitespace characters).
    private const string WhiteSpace = " \t\n\v\f\r\u0085\u00A0\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000";

    private readonly TableMapping _table;
    private readonly LambdaExpression _lambda;
    private readonly ParameterExpression _parameter;
    private readonly StringBuilder _sql;
    private readonly List<object?> _args;

    private SqlTranslator(TableMapping table, LambdaExpression lambda, StringBuilder sql, List<object?> args)
    {
        _table = table;
        _lambda = lambda;
        _parameter = lambda.Parameters[0];
        _sql = sql;
        _args = args;
    }

    /// <summary>Writes <paramref name="predicate"/> as a SQL condition.</summary>
    public static void WritePredicate(TableMapping table, LambdaExpression predicate, StringBuilder sql, List<object?> args) =>
        new SqlTranslator(table, predicate, sql, args).WriteBoolean(predicate.Body);

    /// <summary>Writes <paramref name="keySelector"/> as an ORDER BY term (without direction).</summary>
    public static void WriteOrderKey(TableMapping table, LambdaExpression keySelector, StringBuilder sql, List<object?> args)
    {
        var translator = new SqlTranslator(table, keySelector, sql, args);
        if (translator.TryColumn(keySelector.Body, out var column, out _) && column.Kind == ColumnKind.EnumText)
        {
            throw new NotSupportedException($"MicroDb cannot order by '{keySelector}': member '{column.MemberName}' is a [StoreAsText] enum, so SQL would sort by name, not by value.");
        }

        translator.Write(keySelector.Body);
    }

    /// <summary>
    /// Translates once into a scratch buffer, so an untranslatable expression fails where it is written. Only
    /// <see cref="NotSupportedException"/> escapes: an error that depends on captured values (a variable that is still
    /// null, say) is left for the run, when those values are read again.
    /// </summary>
    public static void Validate(TableMapping table, LambdaExpression lambda, bool isPredicate)
    {
        var sql = new StringBuilder();
        var args = new List<object?>();
        try
        {
            if (isPredicate)
            {
                WritePredicate(table, lambda, sql, args);
            }
            else
            {
                WriteOrderKey(table, lambda, sql, args);
            }
        }
        catch (Exception ex) when (ex is not NotSupportedException)
        {
            // Reported when the query runs, with the values it runs with.
        }
    }

    private bool Uses(Expression e) => ParameterFinder.Uses(e, _parameter);

    private void WriteBoolean(Expression e)
    {
        if (!Uses(e))
        {
            WriteValue(ExpressionInterpreter.EvaluateClosed(e), null, e.Type);
            return;
        }

        if (TryColumn(e, out _, out _))
        {
            // A bool member used as a condition.
            _sql.Append('(');
            Write(e);
            _sql.Append(" = 1)");
            return;
        }

        Write(e);
    }

    private void Write(Expression e)
    {
        if (!Uses(e))
        {
            WriteValue(ExpressionInterpreter.EvaluateClosed(e), null, e.Type);
            return;
        }

        switch (e.NodeType)
        {
            case ExpressionType.MemberAccess:
                WriteMember((MemberExpression)e);
                return;
            case ExpressionType.Convert:
            case ExpressionType.ConvertChecked:
                WriteConvert((UnaryExpression)e);
                return;
            case ExpressionType.Not:
                {
                    var operand = ((UnaryExpression)e).Operand;
                    if (IsBool(operand.Type))
                    {
                        _sql.Append("(NOT ");
                        WriteBoolean(operand);
                        _sql.Append(')');
                    }
                    else
                    {
                        _sql.Append("(~");
                        Write(operand);
                        _sql.Append(')');
                    }

                    return;
                }

            case ExpressionType.Negate:
            case ExpressionType.NegateChecked:
                _sql.Append("(-");
                Write(((UnaryExpression)e).Operand);
                _sql.Append(')');
                return;
            case ExpressionType.UnaryPlus:
                Write(((UnaryExpression)e).Operand);
                return;
            case ExpressionType.Conditional:
                {
                    var conditional = (ConditionalExpression)e;
                    if (!Uses(conditional.Test))
                    {
                        // Only the branch C# would take is translated (the other may not be evaluable).
                        Write((bool)ExpressionInterpreter.EvaluateClosed(conditional.Test)! ? conditional.IfTrue : conditional.IfFalse);
                        return;
                    }

                    _sql.Append("(CASE WHEN ");
                    WriteBoolean(conditional.Test);
                    _sql.Append(" THEN ");
                    Write(conditional.IfTrue);
                    _sql.Append(" ELSE ");
                    Write(conditional.IfFalse);
                    _sql.Append(" END)");
                    return;
                }

            case ExpressionType.Call:
                WriteCall((MethodCallExpression)e);
                return;
            case ExpressionType.Parameter:
                throw Unsupported(e, "the whole entity cannot be used as a SQL value; compare its members instead");
        }

        if (e is BinaryExpression binary)
        {
            WriteBinary(binary);
            return;
        }

        throw Unsupported(e, $"expressions of kind {e.NodeType} have no SQL translation");
    }

    private void WriteMember(MemberExpression m)
    {
        if (TryColumn(m, out var column, out _))
        {
            WriteColumn(column);
            return;
        }

        if (m.Expression is not null && Nullable.GetUnderlyingType(m.Expression.Type) is not null)
        {
            if (m.Member.Name == "HasValue")
            {
                _sql.Append('(');
                Write(m.Expression);
                _sql.Append(" IS NOT NULL)");
                return;
            }

            if (m.Member.Name == "Value")
            {
                Write(m.Expression);
                return;
            }
        }

        if (m.Expression is not null && m.Expression.Type == typeof(string) && m.Member.Name == "Length")
        {
            _sql.Append("length(");
            Write(m.Expression);
            _sql.Append(')');
            return;
        }

        if (m.Expression is not null && ReferenceEquals(m.Expression, _parameter))
        {
            throw Unsupported(m, $"member '{m.Member.Name}' of '{_table.EntityTypeName}' is not a mapped column");
        }

        throw Unsupported(m, $"member '{m.Member.DeclaringType?.Name}.{m.Member.Name}' has no SQL translation");
    }

    private void WriteColumn(ColumnMapping column)
    {
        if (column.Kind == ColumnKind.Decimal)
        {
            // Decimals are stored as exact text; compare and sort them as numbers.
            _sql.Append("CAST(").Append(SqlBuilder.Quote(column.Name)).Append(" AS REAL)");
        }
        else
        {
            _sql.Append(SqlBuilder.Quote(column.Name));
        }
    }

    private void WriteConvert(UnaryExpression u)
    {
        if (u.Method is not null)
        {
            throw Unsupported(u, $"the conversion operator '{u.Method.DeclaringType?.Name}.{u.Method.Name}' has no SQL translation");
        }

        var from = Underlying(u.Operand.Type);
        var to = Underlying(u.Type);
        if ((to == typeof(double) || to == typeof(float)) && IsIntegral(from))
        {
            _sql.Append("CAST(");
            Write(u.Operand);
            _sql.Append(" AS REAL)");
        }
        else if (IsIntegral(to) && (from == typeof(double) || from == typeof(float) || from == typeof(decimal)))
        {
            _sql.Append("CAST(");
            Write(u.Operand);
            _sql.Append(" AS INTEGER)");
        }
        else
        {
            Write(u.Operand);
        }
    }

    private void WriteBinary(BinaryExpression b)
    {
        switch (b.NodeType)
        {
            case ExpressionType.AndAlso:
            case ExpressionType.OrElse:
                if (!Uses(b.Left))
                {
                    // C# short-circuits: `!limit.HasValue || x.Age > limit.Value` must not read limit.Value when it is null.
                    var left = (bool)ExpressionInterpreter.EvaluateClosed(b.Left)!;
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
                Write(b.Right);
                _sql.Append(')');
                return;
        }

        throw Unsupported(b, $"operator {b.NodeType} has no SQL translation");
    }

    private void WriteArithmetic(BinaryExpression b, string op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
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

        if (!Uses(right))
        {
            var value = ExpressionInterpreter.EvaluateClosed(right);
            _sql.Append('(');
            Write(left);
            if (value is null)
            {
                _sql.Append(negate ? " IS NOT NULL)" : " IS NULL)");
                return;
            }

            TryColumn(left, out var column, out var memberType);
            _sql.Append(CanBeNull(left.Type) ? (negate ? " IS NOT " : " IS ") : (negate ? " <> " : " = "));
            WriteValue(value, column, memberType);
            _sql.Append(')');
            return;
        }

        var nullable = CanBeNull(left.Type) || CanBeNull(right.Type);
        _sql.Append('(');
        Write(left);
        _sql.Append(nullable ? (negate ? " IS NOT " : " IS ") : (negate ? " <> " : " = "));
        Write(right);
        _sql.Append(')');
    }

    private void WriteOrdering(BinaryExpression b, string op)
    {
        RejectTextEnum(b, b.Left);
        RejectTextEnum(b, b.Right);
        var leftClosed = !Uses(b.Left);
        var rightClosed = !Uses(b.Right);
        var leftValue = leftClosed ? ExpressionInterpreter.EvaluateClosed(b.Left) : null;
        var rightValue = rightClosed ? ExpressionInterpreter.EvaluateClosed(b.Right) : null;
        if ((leftClosed && leftValue is null) || (rightClosed && rightValue is null))
        {
            // C#: any ordering comparison with null is false.
            _sql.Append('0');
            return;
        }

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

        WriteOperand(b.Left, leftClosed, leftValue, b.Right);
        _sql.Append(' ').Append(op).Append(' ');
        WriteOperand(b.Right, rightClosed, rightValue, b.Left);
        _sql.Append(')');
    }

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

    private void WriteCall(MethodCallExpression call)
    {
        var method = call.Method;
        if (method.DeclaringType == typeof(string))
        {
            WriteStringCall(call);
            return;
        }

        switch (method.Name)
        {
            case "Contains":
                WriteListContains(call);
                return;
            case "Equals" when call.Object is not null && call.Arguments.Count == 1:
                WriteEquality(call.Object, StripConvert(call.Arguments[0]), negate: false);
                return;
            case "Equals" when call.Object is null && call.Arguments.Count == 2 && method.DeclaringType == typeof(object):
                WriteEquality(StripConvert(call.Arguments[0]), StripConvert(call.Arguments[1]), negate: false);
                return;
            case "GetValueOrDefault" when call.Object is not null && Nullable.GetUnderlyingType(call.Object.Type) is { } valueType:
                _sql.Append("coalesce(");
                Write(call.Object);
                _sql.Append(", ");
                if (call.Arguments.Count == 1)
                {
                    WriteOperand(call.Arguments[0], !Uses(call.Arguments[0]), Uses(call.Arguments[0]) ? null : ExpressionInterpreter.EvaluateClosed(call.Arguments[0]), call.Object);
                }
                else if (IsIntegral(valueType) || valueType == typeof(double) || valueType == typeof(float) || valueType == typeof(decimal) || valueType == typeof(bool))
                {
                    // default(T) of a number or bool is stored as 0.
                    _sql.Append('0');
                }
                else
                {
                    throw Unsupported(call, $"GetValueOrDefault() of '{valueType.Name}' has no SQL translation; pass the default explicitly");
                }

                _sql.Append(')');
                return;
            case "Abs" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 1:
                WriteFunction("abs", call.Arguments);
                return;
            case "Max" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 2:
                WriteFunction("max", call.Arguments);
                return;
            case "Min" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 2:
                WriteFunction("min", call.Arguments);
                return;
        }

        throw Unsupported(call, $"method '{method.DeclaringType?.Name}.{method.Name}' has no SQL translation");
    }

    private void WriteFunction(string name, IReadOnlyList<Expression> arguments)
    {
        _sql.Append(name).Append('(');
        for (var i = 0; i < arguments.Count; i++)
        {
            if (i > 0)
            {
                _sql.Append(", ");
            }

            Write(arguments[i]);
        }

        _sql.Append(')');
    }

    private void WriteListContains(MethodCallExpression call)
    {
        Expression source;
        Expression value;
        if (call.Object is null && call.Arguments.Count is 2 or 3)
        {
            source = call.Arguments[0];
            value = call.Arguments[1];
            if (call.Arguments.Count == 3 && (Uses(call.Arguments[2]) || ExpressionInterpreter.EvaluateClosed(call.Arguments[2]) is not null))
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

        var values = ExpressionInterpreter.EvaluateSequence(source);
        WriteIn(value, values);
    }

    private void WriteIn(Expression value, IEnumerable values)
    {
        TryColumn(value, out var column, out var memberType);
        var encoded = new List<object?>();
        var hasNull = false;
        foreach (var item in values)
        {
            if (item is null)
            {
                hasNull = true;
            }
            else
            {
                encoded.Add(Encode(item, column, memberType));
            }
        }

        if (encoded.Count == 0)
        {
            if (hasNull)
            {
                _sql.Append('(');
                Write(value);
                _sql.Append(" IS NULL)");
            }
            else
            {
                _sql.Append('0');
            }

            return;
        }

        _sql.Append('(');
        if (CanBeNull(value.Type))
        {
            Write(value);
            _sql.Append(hasNull ? " IS NULL OR " : " IS NOT NULL AND ");
        }

        Write(value);
        _sql.Append(" IN (");
        for (var i = 0; i < encoded.Count; i++)
        {
            _sql.Append(i == 0 ? "?" : ", ?");
            _args.Add(encoded[i]);
        }

        _sql.Append("))");
    }

    private void WriteStringCall(MethodCallExpression call)
    {
        var args = call.Arguments;
        var target = call.Object;
        switch (call.Method.Name)
        {
            case "Contains" when target is not null && args.Count is 1 or 2:
                WriteStringMatch(call, StringMatch.Contains, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
                return;
            case "StartsWith" when target is not null && args.Count is 1 or 2:
                WriteStringMatch(call, StringMatch.StartsWith, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
                return;
            case "EndsWith" when target is not null && args.Count is 1 or 2:
                WriteStringMatch(call, StringMatch.EndsWith, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
                return;
            case "StartsWith" when target is not null && args.Count == 3:
                WriteStringMatch(call, StringMatch.StartsWith, target, args[0], EvaluateBool(call, args[1]));
                return;
            case "EndsWith" when target is not null && args.Count == 3:
                WriteStringMatch(call, StringMatch.EndsWith, target, args[0], EvaluateBool(call, args[1]));
                return;
            case "Equals" when target is not null && args.Count is 1 or 2:
                WriteStringEquals(call, target, args[0], args.Count == 2 && IgnoreCase(call, args[1]));
                return;
            case "Equals" when target is null && args.Count is 2 or 3:
                WriteStringEquals(call, args[0], args[1], args.Count == 3 && IgnoreCase(call, args[2]));
                return;
            case "ToLower" or "ToLowerInvariant" when target is not null && args.Count == 0:
                WriteFunction("lower", [target]);
                return;
            case "ToUpper" or "ToUpperInvariant" when target is not null && args.Count == 0:
                WriteFunction("upper", [target]);
                return;
            case "Trim" or "TrimStart" or "TrimEnd" when target is not null && args.Count <= 1:
                {
                    var name = call.Method.Name switch { "Trim" => "trim", "TrimStart" => "ltrim", _ => "rtrim" };
                    _sql.Append(name).Append('(');
                    Write(target);
                    _sql.Append(", ");
                    WriteValue(TrimCharacters(call, args.Count == 1 ? args[0] : null), null, typeof(string));
                    _sql.Append(')');
                    return;
                }

            case "Substring" when target is not null && args.Count is 1 or 2:
                _sql.Append("substr(");
                Write(target);
                _sql.Append(", (");
                Write(args[0]);
                _sql.Append(") + 1");
                if (args.Count == 2)
                {
                    _sql.Append(", ");
                    Write(args[1]);
                }

                _sql.Append(')');
                return;
            case "Replace" when target is not null && args.Count == 2:
                _sql.Append("replace(");
                Write(target);
                _sql.Append(", ");
                WriteText(call, args[0]);
                _sql.Append(", ");
                WriteText(call, args[1]);
                _sql.Append(')');
                return;
            case "IndexOf" when target is not null && args.Count == 1:
                _sql.Append("(instr(");
                Write(target);
                _sql.Append(", ");
                WriteText(call, args[0]);
                _sql.Append(") - 1)");
                return;
            case "IsNullOrEmpty" when target is null && args.Count == 1:
                _sql.Append('(');
                Write(args[0]);
                _sql.Append(" IS NULL OR ");
                Write(args[0]);
                _sql.Append(" = '')");
                return;
            case "IsNullOrWhiteSpace" when target is null && args.Count == 1:
                _sql.Append('(');
                Write(args[0]);
                _sql.Append(" IS NULL OR trim(");
                Write(args[0]);
                _sql.Append(", ");
                WriteValue(WhiteSpace, null, typeof(string));
                _sql.Append(") = '')");
                return;
            case "Concat" when target is null && args.Count is >= 2 and <= 4:
                WriteConcat(call, args);
                return;
        }

        throw Unsupported(call, $"method 'String.{call.Method.Name}' with these arguments has no SQL translation");
    }

    private enum StringMatch
    {
        Contains,
        StartsWith,
        EndsWith,
    }

    private void WriteStringMatch(MethodCallExpression call, StringMatch kind, Expression target, Expression pattern, bool ignoreCase)
    {
        var closed = !Uses(pattern);
        string? value = null;
        if (closed)
        {
            value = ExpressionInterpreter.EvaluateClosed(pattern)?.ToString()
                ?? throw new ArgumentNullException(nameof(pattern), $"The value passed to '{call}' is null.");
        }

        if (ignoreCase && closed)
        {
            // LIKE is case-insensitive for ASCII letters; the pattern's own wildcards are escaped so they match literally.
            var escaped = value!.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("%", "\\%", StringComparison.Ordinal).Replace("_", "\\_", StringComparison.Ordinal);
            var like = kind switch
            {
                StringMatch.Contains => "%" + escaped + "%",
                StringMatch.StartsWith => escaped + "%",
                _ => "%" + escaped,
            };
            _sql.Append('(');
            Write(target);
            _sql.Append(" LIKE ? ESCAPE '\\')");
            _args.Add(like);
            return;
        }

        void Target()
        {
            if (ignoreCase)
            {
                WriteFunction("lower", [target]);
            }
            else
            {
                Write(target);
            }
        }

        void Pattern()
        {
            if (closed)
            {
                _sql.Append('?');
                _args.Add(value);
            }
            else if (ignoreCase)
            {
                WriteFunction("lower", [pattern]);
            }
            else
            {
                Write(pattern);
            }
        }

        switch (kind)
        {
            case StringMatch.Contains:
                _sql.Append("(instr(");
                Target();
                _sql.Append(", ");
                Pattern();
                _sql.Append(") > 0)");
                break;
            case StringMatch.StartsWith:
                _sql.Append("(substr(");
                Target();
                _sql.Append(", 1, length(");
                Pattern();
                _sql.Append(")) = ");
                Pattern();
                _sql.Append(')');
                break;
            default:
                // substr(x, -0) is not the empty suffix, so an empty pattern is handled on its own.
                _sql.Append("(length(");
                Pattern();
                _sql.Append(") = 0 OR substr(");
                Target();
                _sql.Append(", -length(");
                Pattern();
                _sql.Append(")) = ");
                Pattern();
                _sql.Append(')');
                break;
        }
    }

    private void WriteStringEquals(MethodCallExpression call, Expression left, Expression right, bool ignoreCase)
    {
        if (!ignoreCase)
        {
            WriteEquality(left, right, negate: false);
            return;
        }

        _sql.Append('(');
        Write(left);
        _sql.Append(CanBeNull(left.Type) || CanBeNull(right.Type) ? " IS " : " = ");
        WriteText(call, right);
        _sql.Append(" COLLATE NOCASE)");
    }

    private void WriteText(MethodCallExpression call, Expression e)
    {
        if (Uses(e))
        {
            if (e.Type != typeof(string))
            {
                throw Unsupported(call, $"argument '{e}' must be a string");
            }

            Write(e);
            return;
        }

        WriteValue(ExpressionInterpreter.EvaluateClosed(e)?.ToString(), null, typeof(string));
    }

    private void WriteConcat(Expression node, IReadOnlyList<Expression> parts)
    {
        _sql.Append('(');
        for (var i = 0; i < parts.Count; i++)
        {
            var part = StripConvert(parts[i]);
            var type = Underlying(part.Type);
            if (Uses(part) && type != typeof(string) && !IsIntegral(type))
            {
                // SQLite's text form of a real or a date differs from .NET's ToString().
                throw Unsupported(node, $"concatenating a value of type '{part.Type.Name}' has no faithful SQL translation");
            }

            if (i > 0)
            {
                _sql.Append(" || ");
            }

            // C# treats a null operand of + as the empty string; SQL's || would make the result NULL.
            _sql.Append("ifnull(");
            if (Uses(part))
            {
                Write(part);
            }
            else
            {
                WriteValue(ExpressionInterpreter.EvaluateClosed(part)?.ToString(), null, typeof(string));
            }

            _sql.Append(", '')");
        }

        _sql.Append(')');
    }

    private bool IgnoreCase(MethodCallExpression call, Expression? comparison)
    {
        if (comparison is null)
        {
            return false;
        }

        if (comparison.Type != typeof(StringComparison))
        {
            throw Unsupported(call, "only the StringComparison overloads have a SQL translation");
        }

        if (Uses(comparison))
        {
            throw Unsupported(call, "the StringComparison must not depend on the row");
        }

        var mode = (StringComparison)ExpressionInterpreter.EvaluateClosed(comparison)!;
        return mode is StringComparison.OrdinalIgnoreCase or StringComparison.CurrentCultureIgnoreCase or StringComparison.InvariantCultureIgnoreCase;
    }

    private bool EvaluateBool(MethodCallExpression call, Expression e)
    {
        if (Uses(e))
        {
            throw Unsupported(call, $"argument '{e}' must not depend on the row");
        }

        return (bool)ExpressionInterpreter.EvaluateClosed(e)!;
    }

    private string TrimCharacters(MethodCallExpression call, Expression? argument)
    {
        if (argument is null)
        {
            return WhiteSpace;
        }

        if (Uses(argument))
        {
            throw Unsupported(call, "the characters to trim must not depend on the row");
        }

        return ExpressionInterpreter.EvaluateClosed(argument) switch
        {
            char c => c.ToString(),
            char[] { Length: > 0 } chars => new string(chars),
            null or char[] => WhiteSpace,
            _ => throw Unsupported(call, "the characters to trim must be a char or a char array"),
        };
    }

    private void WriteValue(object? value, ColumnMapping? column, Type? memberType)
    {
        _sql.Append('?');
        _args.Add(Encode(value, column, memberType));
    }

    /// <summary>Encodes a value as the column it is compared with stores it (<see cref="ValueEncoding.ToStorage"/>).</summary>
    private static object? Encode(object? value, ColumnMapping? column, Type? memberType)
    {
        if (value is null)
        {
            return null;
        }

        if (column is not null)
        {
            var type = memberType is null ? null : Underlying(memberType);
            switch (column.Kind)
            {
                case ColumnKind.Enum:
                    return value is Enum e ? ValueEncoding.EnumToInt64(e) : ToInt64(value);
                case ColumnKind.EnumText:
                    if (value is Enum named)
                    {
                        return named.ToString();
                    }

                    // C# compares an enum member as its underlying integer; turn that back into the stored name.
                    return type is { IsEnum: true } ? Enum.ToObject(type, ToInt64(value)).ToString() : value.ToString();
                case ColumnKind.Decimal:
                    return Convert.ToDouble(value, CultureInfo.InvariantCulture);
                case ColumnKind.Boolean:
                    return value is bool b ? (b ? 1L : 0L) : value;
            }

            var stored = ValueEncoding.ToStorage(value, column.StoreAsText);
            return stored is string || value is not decimal ? stored : Convert.ToDouble(value, CultureInfo.InvariantCulture);
        }

        // Outside a column comparison decimals take part in arithmetic, where SQLite needs a number.
        return value is decimal m ? (double)m : ValueEncoding.ToStorage(value);
    }

    /// <summary>Recognises a mapped member of the parameter, looking through conversions and <c>Nullable.Value</c>.</summary>
    private bool TryColumn(Expression e, out ColumnMapping column, out Type memberType)
    {
        e = StripConvert(e);
        if (e is MemberExpression { Member.Name: "Value" } value && value.Expression is not null && Nullable.GetUnderlyingType(value.Expression.Type) is not null)
        {
            e = StripConvert(value.Expression);
        }

        if (e is MemberExpression member && ReferenceEquals(member.Expression, _parameter))
        {
            var found = _table.FindColumnByMember(member.Member.Name);
            if (found is not null)
            {
                column = found;
                memberType = member.Type;
                return true;
            }
        }

        column = null!;
        memberType = null!;
        return false;
    }

    private void RejectTextEnum(Expression node, Expression operand)
    {
        if (TryColumn(operand, out var column, out _) && column.Kind == ColumnKind.EnumText)
        {
            throw Unsupported(node, $"member '{column.MemberName}' is a [StoreAsText] enum, stored by name, so SQL cannot compare or compute with its numeric value");
        }
    }

    private static Expression StripConvert(Expression e)
    {
        while (e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } u)
        {
            e = u.Operand;
        }

        return e;
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

    private static long ToInt64(object value) => value switch
    {
        ulong ul => unchecked((long)ul),
        Enum e => ValueEncoding.EnumToInt64(e),
        _ => Convert.ToInt64(value, CultureInfo.InvariantCulture),
    };

    private static Type Underlying(Type type) => Nullable.GetUnderlyingType(type) ?? type;

    private static bool IsBool(Type type) => Underlying(type) == typeof(bool);

    private static bool CanBeNull(Type type) => !type.IsValueType || Nullable.GetUnderlyingType(type) is not null;

    private static bool IsIntegral(Type type) => Type.GetTypeCode(type) is TypeCode.SByte or TypeCode.Byte or TypeCode.Int16
        or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Char
        && !type.IsEnum;

    private NotSupportedException Unsupported(Expression node, string why) =>
        new(ReferenceEquals(node, _lambda.Body)
            ? $"MicroDb cannot translate '{_lambda}' to SQL: {why}."
            : $"MicroDb cannot translate '{node}' in '{_lambda}' to SQL: {why}.");
}
