using System.Linq.Expressions;

namespace MicroDb.Query;

// String methods: Contains/StartsWith/EndsWith (with or without ignore-case), Equals, case, trim, Substring, Replace,
// IndexOf, IsNullOrEmpty/WhiteSpace and concatenation, each with C#'s semantics (null as empty in +, ordinal comparisons).
internal sealed partial class SqlTranslator
{
    // What C#'s string.Trim() removes, within what a SQL trim can be told (the common whitespace characters).
    private const string WhiteSpace = " \t\n\v\f\r\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000";

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
            value = Evaluate(pattern)?.ToString()
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

        WriteValue(Evaluate(e)?.ToString(), null, typeof(string));
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
                WriteValue(Evaluate(part)?.ToString(), null, typeof(string));
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

        var mode = (StringComparison)Evaluate(comparison)!;
        return mode is StringComparison.OrdinalIgnoreCase or StringComparison.CurrentCultureIgnoreCase or StringComparison.InvariantCultureIgnoreCase;
    }

    private bool EvaluateBool(MethodCallExpression call, Expression e)
    {
        if (Uses(e))
        {
            throw Unsupported(call, $"argument '{e}' must not depend on the row");
        }

        return (bool)Evaluate(e)!;
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

        return Evaluate(argument) switch
        {
            char c => c.ToString(),
            char[] { Length: > 0 } chars => new string(chars),
            null or char[] => WhiteSpace,
            _ => throw Unsupported(call, "the characters to trim must be a char or a char array"),
        };
    }

    /// <summary>
    /// <c>string.CompareOrdinal(a, b) op 0</c> (or <c>string.Compare(a, b, StringComparison.Ordinal)</c>) as <c>a op b</c>, with
    /// .NET's null rule (null is less than any string). Culture-sensitive comparisons have no SQL form and throw.
    /// </summary>
    private bool TryWriteCompareCall(Expression left, Expression right, string op)
    {
        if (StripConvert(right) is MethodCallExpression && StripConvert(left) is not MethodCallExpression)
        {
            (left, right, op) = (right, left, Flip(op));
        }

        if (StripConvert(left) is not MethodCallExpression call
            || call.Method.Name is not ("Compare" or "CompareOrdinal" or "CompareTo")
            || (call.Method.DeclaringType != typeof(string) && call.Object?.Type != typeof(string)))
        {
            return false;
        }

        if (Uses(right) || Evaluate(right) is not int zero || zero != 0)
        {
            throw Unsupported(call, "the result of a string comparison can only be compared with 0 in SQL");
        }

        Expression a, b;
        switch (call.Method.Name)
        {
            case "CompareOrdinal" when call.Arguments.Count == 2:
                (a, b) = (call.Arguments[0], call.Arguments[1]);
                break;
            case "Compare" when call.Arguments.Count == 3 && call.Arguments[2].Type == typeof(StringComparison)
                && !Uses(call.Arguments[2]) && Evaluate(call.Arguments[2]) is StringComparison.Ordinal:
                (a, b) = (call.Arguments[0], call.Arguments[1]);
                break;
            default:
                throw Unsupported(call, "only ordinal string comparisons have a SQL translation (string.CompareOrdinal or string.Compare(a, b, StringComparison.Ordinal)); "
                    + "Compare and CompareTo without StringComparison.Ordinal are culture-sensitive in .NET");
        }

        if (!Uses(a))
        {
            (a, b, op) = (b, a, Flip(op));
        }

        if (Uses(b))
        {
            if (op is not ("=" or "<>"))
            {
                throw Unsupported(call, StringOrderReason);
            }

            _sql.Append('(');
            Write(a);
            _sql.Append(op == "=" ? " IS " : " IS NOT ");
            Write(b);
            _sql.Append(')');
            return true;
        }

        var value = (string?)Evaluate(b);
        if (value is null)
        {
            // Compare(a, null) is 0 when a is null, else positive.
            var whenNull = Holds(0, op);
            var whenNotNull = Holds(1, op);
            _sql.Append('(');
            Write(a);
            _sql.Append(whenNull == whenNotNull ? (whenNull ? " IS NULL OR 1)" : " IS NULL AND 0)") : whenNull ? " IS NULL)" : " IS NOT NULL)");
            return true;
        }

        if (op is not ("=" or "<>"))
        {
            RejectNonBmpOrder(call, value);
        }

        // A null a compares below any string.
        var nullHolds = Holds(-1, op);
        _sql.Append('(');
        Write(a);
        _sql.Append(nullHolds ? " IS NULL OR " : " IS NOT NULL AND ");
        Write(a);
        _sql.Append(' ').Append(op).Append(" ?)");
        _args.Add(value);
        return true;
    }

    private static bool Holds(int comparison, string op) => op switch
    {
        "=" => comparison == 0,
        "<>" => comparison != 0,
        "<" => comparison < 0,
        "<=" => comparison <= 0,
        ">" => comparison > 0,
        _ => comparison >= 0,
    };
}
