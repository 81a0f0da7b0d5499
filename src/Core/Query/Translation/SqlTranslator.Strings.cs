using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// String methods: Contains/StartsWith/EndsWith (with or without ignore-case), Equals, case, trim, Substring, Replace,
// IndexOf, IsNullOrEmpty/WhiteSpace and concatenation, each with C#'s semantics (null as empty in +, ordinal comparisons).
internal sealed partial class SqlTranslator
{
    // What C#'s string.Trim() removes, within what a SQL trim can be told (the common whitespace characters).
    internal const string WhiteSpace = " \t\n\v\f\r\u0085\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000";

    private SqlExpression TranslateStringCall(MethodCallExpression call)
    {
        var args = call.Arguments;
        var target = call.Object;
        switch (call.Method.Name)
        {
            case "Contains" when target is not null && args.Count is 1 or 2:
                return StringMatchOf(call, StringMatch.Contains, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
            case "StartsWith" when target is not null && args.Count is 1 or 2:
                return StringMatchOf(call, StringMatch.StartsWith, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
            case "EndsWith" when target is not null && args.Count is 1 or 2:
                return StringMatchOf(call, StringMatch.EndsWith, target, args[0], IgnoreCase(call, args.Count == 2 ? args[1] : null));
            case "StartsWith" when target is not null && args.Count == 3:
                Refuse(call, QueryFeature.CultureMatch);
                return StringMatchOf(call, StringMatch.StartsWith, target, args[0], EvaluateBool(call, args[1]));
            case "EndsWith" when target is not null && args.Count == 3:
                Refuse(call, QueryFeature.CultureMatch);
                return StringMatchOf(call, StringMatch.EndsWith, target, args[0], EvaluateBool(call, args[1]));
            case "Equals" when target is not null && args.Count is 1 or 2:
                return StringEquals(call, target, args[0], args.Count == 2 && IgnoreCase(call, args[1]));
            case "Equals" when target is null && args.Count is 2 or 3:
                return StringEquals(call, args[0], args[1], args.Count == 3 && IgnoreCase(call, args[2]));
            case "ToLower" or "ToLowerInvariant" or "ToUpper" or "ToUpperInvariant" when target is not null && args.Count == 0:
                Refuse(call, QueryFeature.CaseMapping);
                return Dialect.CaseMapped(SqlStrings.CaseMapping(call.Method.Name)!, Translate(target));
            case "Trim" or "TrimStart" or "TrimEnd" when target is not null && args.Count <= 1:
                {
                    Refuse(call, QueryFeature.Trim);
                    var name = SqlStrings.TrimFunction(call.Method.Name)!;
                    var text = Translate(target);
                    return new SqlFunction(Dialect.Function(name), text, Value(TrimCharacters(call, args.Count == 1 ? args[0] : null), null, typeof(string)));
                }

            case "Substring" when target is not null && args.Count is 1 or 2:
                {
                    Refuse(call, QueryFeature.Substring);
                    var text = Translate(target);
                    var start = Translate(args[0]);
                    return SqlStrings.Substring(text, start, args.Count == 2 ? Translate(args[1]) : null);
                }

            case "Replace" when target is not null && args.Count == 2:
                {
                    var text = Translate(target);
                    var from = Text(call, args[0]);
                    return SqlStrings.Replace(text, from, Text(call, args[1]));
                }

            case "IndexOf" when target is not null && args.Count == 1:
                {
                    Refuse(call, QueryFeature.IndexOf);
                    var text = Translate(target);
                    return Group(Binary(new SqlFunction(Dialect.Function("instr"), text, Text(call, args[0])), SqlOperator.Subtract, SqlLiteral.One));
                }

            case "IsNullOrEmpty" when target is null && args.Count == 1:
                {
                    var isNull = new SqlIsNull(Translate(args[0]), Negated: false);
                    return Group(Or(isNull, Binary(Translate(args[0]), SqlOperator.Equal, SqlLiteral.Quoted(""))));
                }

            case "IsNullOrWhiteSpace" when target is null && args.Count == 1:
                {
                    Refuse(call, QueryFeature.Trim);
                    var isNull = new SqlIsNull(Translate(args[0]), Negated: false);
                    var trimmed = new SqlFunction(Dialect.Function("trim"), Translate(args[0]), Value(WhiteSpace, null, typeof(string)));
                    return Group(Or(isNull, Binary(trimmed, SqlOperator.Equal, SqlLiteral.Quoted(""))));
                }

            case "Concat" when target is null && args.Count is >= 2 and <= 4:
                return Concat(call, args);
        }

        throw Unsupported(call, $"method 'String.{call.Method.Name}' with these arguments has no SQL translation");
    }

    /// <summary>Which match a string's Contains, StartsWith or EndsWith is.</summary>
    internal enum StringMatch
    {
        Contains,
        StartsWith,
        EndsWith,
    }

    private SqlExpression StringMatchOf(MethodCallExpression call, StringMatch kind, Expression target, Expression pattern, bool ignoreCase)
    {
        var closed = !Uses(pattern);
        string? value = null;
        if (closed)
        {
            value = Evaluate(pattern)?.ToString()
                ?? throw new ArgumentNullException(nameof(pattern), $"The value passed to '{call}' is null.");
        }

        if (ignoreCase && closed && !Native)
        {
            // LIKE is case-insensitive for ASCII letters; the pattern's own wildcards are escaped so they match literally.
            var like = LikePattern(kind, value!);
            var text = Translate(target);
            return Group(new SqlLike(text, Parameter(like), '\\'));
        }

        SqlExpression Target() => ignoreCase ? Dialect.CaseMapped("lower", Translate(target)) : Translate(target);

        SqlExpression Pattern()
        {
            if (closed)
            {
                // Only native storage reaches here with ignoreCase and a closed pattern (SQLite takes LIKE above).
                return ignoreCase ? Dialect.CaseMapped("lower", Parameter(value)) : Parameter(value);
            }

            return ignoreCase ? Dialect.CaseMapped("lower", Translate(pattern)) : Translate(pattern);
        }

        if (Native)
        {
            var t = Target();
            var match = kind switch
            {
                StringMatch.Contains => Binary(new SqlFunction(Dialect.Function("instr"), t, Pattern()), SqlOperator.GreaterThan, SqlLiteral.Zero),
                StringMatch.StartsWith => Binary(new SqlFunction("substr", t, SqlLiteral.One, new SqlFunction("length", Pattern())), SqlOperator.Equal, Pattern()),
                _ => NativeEndsWith(t, Pattern),
            };
            return NativeMatch(match);
        }

        switch (kind)
        {
            case StringMatch.Contains:
                {
                    var t = Target();
                    return Group(Binary(new SqlFunction("instr", t, Pattern()), SqlOperator.GreaterThan, SqlLiteral.Zero));
                }

            case StringMatch.StartsWith:
                {
                    var t = Target();
                    var prefix = new SqlFunction("substr", t, SqlLiteral.One, new SqlFunction("length", Pattern()));
                    return Group(Binary(prefix, SqlOperator.Equal, Pattern()));
                }

            default:
                {
                    // substr(x, -0) is not the empty suffix, so an empty pattern is handled on its own.
                    var empty = Binary(new SqlFunction("length", Pattern()), SqlOperator.Equal, SqlLiteral.Zero);
                    var t = Target();
                    var suffix = new SqlFunction("substr", t, new SqlUnary(SqlUnaryOperator.Negate, new SqlFunction("length", Pattern())));
                    return Group(Or(empty, Binary(suffix, SqlOperator.Equal, Pattern())));
                }
        }
    }

    /// <summary>
    /// The LIKE pattern (escape character <c>\</c>) of a case-insensitive match of <paramref name="value"/>, its own
    /// <c>\</c>, <c>%</c> and <c>_</c> escaped (also bound by an intercepted site, <see cref="InterceptedSite.Text"/>).
    /// </summary>
    internal static string LikePattern(StringMatch kind, string value)
    {
        var escaped = value.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("%", "\\%", StringComparison.Ordinal).Replace("_", "\\_", StringComparison.Ordinal);
        return kind switch
        {
            StringMatch.Contains => "%" + escaped + "%",
            StringMatch.StartsWith => escaped + "%",
            _ => "%" + escaped,
        };
    }

    private SqlExpression StringEquals(MethodCallExpression call, Expression left, Expression right, bool ignoreCase)
    {
        if (!ignoreCase)
        {
            return Equality(left, right, negate: false);
        }

        var l = Translate(left);
        var op = CanBeNull(left.Type) || CanBeNull(right.Type) ? SqlOperator.Is : SqlOperator.Equal;
        if (Native)
        {
            // Both sides case-mapped by the dialect (PostgreSQL: lower under an ICU collation).
            return Group(Binary(Dialect.CaseMapped("lower", l), op, Dialect.CaseMapped("lower", Text(call, right))));
        }

        return Group(Binary(l, op, new SqlCollate(Text(call, right), "NOCASE")));
    }

    private SqlExpression Text(MethodCallExpression call, Expression e)
    {
        if (Uses(e))
        {
            if (e.Type != typeof(string))
            {
                throw Unsupported(call, $"argument '{e}' must be a string");
            }

            return Translate(e);
        }

        return Value(Evaluate(e)?.ToString(), null, typeof(string));
    }

    private SqlExpression Concat(Expression node, IReadOnlyList<Expression> parts)
    {
        var pieces = new SqlExpression[parts.Count];
        for (var i = 0; i < parts.Count; i++)
        {
            var part = StripConvert(parts[i]);
            var type = Underlying(part.Type);
            if (Uses(part) && type != typeof(string) && Native)
            {
                Refuse(node, QueryFeature.NonStringConcat);
            }

            if (Uses(part) && type != typeof(string) && !IsIntegral(type))
            {
                // SQLite's text form of a real or a date differs from .NET's ToString().
                throw Unsupported(node, $"concatenating a value of type '{part.Type.Name}' has no faithful SQL translation");
            }

            pieces[i] = Uses(part) ? Translate(part) : Value(Evaluate(part)?.ToString(), null, typeof(string));
        }

        // C# treats a null operand of + as the empty string; SQL's || would make the result NULL.
        return SqlConcat.Of(Dialect.Function("ifnull"), pieces);
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
        if (mode == StringComparison.OrdinalIgnoreCase)
        {
            Refuse(call, QueryFeature.CaseInsensitiveMatch);
        }
        else if (mode != StringComparison.Ordinal)
        {
            Refuse(call, QueryFeature.CultureMatch);
        }

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

        return TrimText(Evaluate(argument)) ?? throw Unsupported(call, "the characters to trim must be a char or a char array");
    }

    /// <summary>
    /// The text a SQL trim is given for Trim's argument (also read by an intercepted setter): a char's, a char array's
    /// characters, <see cref="WhiteSpace"/> for null or an empty array (as .NET trims whitespace then); null for another value.
    /// </summary>
    internal static string? TrimText(object? characters) => characters switch
    {
        char c => c.ToString(),
        char[] { Length: > 0 } chars => new string(chars),
        null or char[] => WhiteSpace,
        _ => null,
    };

    /// <summary>
    /// <c>string.CompareOrdinal(a, b) op 0</c> (or <c>string.Compare(a, b, StringComparison.Ordinal)</c>, or Visual Basic's
    /// <c>Operators.CompareString(a, b, False)</c>) as <c>a op b</c>, with .NET's null rule (null is less than any string).
    /// Culture-sensitive comparisons have no SQL form and throw. Null when neither side is a string comparison call.
    /// </summary>
    private SqlExpression? TryCompareCall(Expression left, Expression right, string op)
    {
        if (StripConvert(right) is MethodCallExpression && StripConvert(left) is not MethodCallExpression)
        {
            (left, right, op) = (right, left, Flip(op));
        }

        if (StripConvert(left) is not MethodCallExpression call
            || !(IsVisualBasicCompareString(call)
                || (call.Method.Name is "Compare" or "CompareOrdinal" or "CompareTo" && (call.Method.DeclaringType == typeof(string) || call.Object?.Type == typeof(string)))))
        {
            return null;
        }

        if (Uses(right) || Evaluate(right) is not int zero || zero != 0)
        {
            throw Unsupported(call, "the result of a string comparison can only be compared with 0 in SQL");
        }

        Expression a, b;
        var visualBasic = IsVisualBasicCompareString(call);
        switch (call.Method.Name)
        {
            case "CompareOrdinal" when call.Arguments.Count == 2:
                (a, b) = (call.Arguments[0], call.Arguments[1]);
                break;
            case "Compare" when call.Arguments.Count == 3 && call.Arguments[2].Type == typeof(StringComparison)
                && !Uses(call.Arguments[2]) && Evaluate(call.Arguments[2]) is StringComparison.Ordinal:
                (a, b) = (call.Arguments[0], call.Arguments[1]);
                break;
            case "CompareString" when visualBasic:
                if (Uses(call.Arguments[2]))
                {
                    throw Unsupported(call, "the TextCompare argument of CompareString must not depend on the row");
                }

                if (Evaluate(call.Arguments[2]) is true)
                {
                    // Option Compare Text: culture-aware and case-insensitive, which SQLite cannot reproduce.
                    throw Unsupported(call, "Visual Basic's Option Compare Text compares strings culture-sensitively and case-insensitively; only Option Compare Binary (the default, ordinal) has a SQL translation");
                }

                (a, b) = (call.Arguments[0], call.Arguments[1]);
                return VisualBasicCompare(call, a, b, op);
            default:
                throw Unsupported(call, "only ordinal string comparisons have a SQL translation (string.CompareOrdinal or string.Compare(a, b, StringComparison.Ordinal)); "
                    + "Compare and CompareTo without StringComparison.Ordinal are culture-sensitive in .NET");
        }

        return OrdinalCompare(call, a, b, op);
    }

    private SqlExpression OrdinalCompare(MethodCallExpression call, Expression a, Expression b, string op)
    {
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

            var left = Translate(a);
            return Group(Binary(left, op == "=" ? SqlOperator.Is : SqlOperator.IsNot, Translate(b)));
        }

        var value = (string?)Evaluate(b);
        if (value is null)
        {
            // Compare(a, null) is 0 when a is null, else positive.
            var whenNull = Holds(0, op);
            var whenNotNull = Holds(1, op);
            var operand = Translate(a);
            return Group(whenNull == whenNotNull
                ? (whenNull ? Or(new SqlIsNull(operand, false), Dialect.True) : And(new SqlIsNull(operand, false), Dialect.False))
                : new SqlIsNull(operand, Negated: !whenNull));
        }

        if (op is not ("=" or "<>"))
        {
            RejectNonBmpOrder(call, value);
        }

        // A null a compares below any string.
        var nullHolds = Holds(-1, op);
        var guard = new SqlIsNull(Translate(a), Negated: !nullHolds);
        var ordered = Translate(a);
        var compare = Binary(op is "=" or "<>" ? ordered : Dialect.Ordinal(ordered), ComparisonOperator(op), Parameter(value));
        return Group(nullHolds ? Or(guard, compare) : And(guard, compare));
    }

    /// <summary>
    /// Visual Basic's <c>Operators.CompareString(a, b, TextCompare: False)</c>, what <c>a = b</c> and <c>a &lt; b</c> on strings
    /// compile to in VB, is ordinal like <c>string.CompareOrdinal</c>, except that VB treats null (Nothing) as the empty
    /// string: <c>Nothing = ""</c> is True. So each operand is compared as <c>ifnull(x, '')</c>.
    /// </summary>
    private SqlExpression VisualBasicCompare(MethodCallExpression call, Expression a, Expression b, string op)
    {
        if (!Uses(a))
        {
            (a, b, op) = (b, a, Flip(op));
        }

        if (!Uses(a))
        {
            return Value(Holds(string.CompareOrdinal((string?)Evaluate(a) ?? "", (string?)Evaluate(b) ?? ""), op), null, typeof(bool));
        }

        SqlExpression left = new SqlFunction(Dialect.Function("ifnull"), Translate(a), SqlLiteral.Quoted(""));
        if (Uses(b))
        {
            if (op is not ("=" or "<>"))
            {
                throw Unsupported(call, StringOrderReason);
            }

            return Group(Binary(left, ComparisonOperator(op), new SqlFunction(Dialect.Function("ifnull"), Translate(b), SqlLiteral.Quoted(""))));
        }

        // A Nothing value binds "" (not linked to its site, so the cache tells a null value from a string by its facet).
        var evaluated = (string?)Evaluate(b);
        if (op is not ("=" or "<>"))
        {
            RejectNonBmpOrder(call, evaluated ?? "");
        }

        return Group(Binary(left, ComparisonOperator(op), evaluated is null ? Parameter("") : Value(evaluated, null, typeof(string))));
    }

    /// <summary>
    /// <c>Microsoft.VisualBasic.CompilerServices.Operators.CompareString(string, string, bool)</c>, matched by name so no
    /// reference to the Visual Basic runtime is needed.
    /// </summary>
    private static bool IsVisualBasicCompareString(MethodCallExpression call) =>
        call.Method.Name == "CompareString" && call.Object is null && call.Arguments.Count == 3
        && call.Method.DeclaringType?.FullName == "Microsoft.VisualBasic.CompilerServices.Operators"
        && call.Arguments[0].Type == typeof(string) && call.Arguments[1].Type == typeof(string) && call.Arguments[2].Type == typeof(bool);

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
