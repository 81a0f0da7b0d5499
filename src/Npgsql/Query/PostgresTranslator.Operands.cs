using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;
using Npgsql;

namespace MicroDb.Npgsql.Query;

// Values over the row: columns, arithmetic, casts, coalesce, GetValueOrDefault, conditionals and string concatenation.
internal sealed partial class PostgresTranslator
{
    /// <summary>A translated value: its SQL, its .NET type, whether it can be NULL, and the column it is (null for an expression).</summary>
    private readonly record struct Operand(SqlExpression Sql, Type Type, bool Nullable, ColumnMapping? Column)
    {
        public bool Floating => Column is { Kind: ColumnKind.Single or ColumnKind.Double } || (Column is null && Underlying(Type) is var t && (t == typeof(double) || t == typeof(float)));

        public bool IsText => Column is { Kind: ColumnKind.String } || (Column is null && Type == typeof(string));
    }

    /// <summary>
    /// Translates a value. With <paramref name="compared"/> (an operand of a comparison) widening conversions around a
    /// column are dropped, as comparing in the wider type gives the same answer and keeps the column's index usable;
    /// inside arithmetic they are casts.
    /// </summary>
    private Operand ValueOf(Expression e, bool compared = false)
    {
        if ((compared || !IsNumericWidening(e)) && TryColumn(e, out var column))
        {
            return new Operand(new SqlColumn(column.Name), e.Type, column.IsNullable, column);
        }

        if (!Uses(e))
        {
            var value = Evaluate(e);
            return new Operand(Value(value, e.Type), e.Type, value is null, null);
        }

        switch (e.NodeType)
        {
            case ExpressionType.Convert or ExpressionType.ConvertChecked when ((UnaryExpression)e).Method is null:
                return Converted((UnaryExpression)e);
            case ExpressionType.Add or ExpressionType.AddChecked or ExpressionType.Subtract or ExpressionType.SubtractChecked
                or ExpressionType.Multiply or ExpressionType.MultiplyChecked or ExpressionType.Divide or ExpressionType.Modulo:
                return Arithmetic((BinaryExpression)e);
            case ExpressionType.Negate or ExpressionType.NegateChecked:
                {
                    var operand = ((UnaryExpression)e).Operand;
                    RefuseArithmetic(e, e.Type, ExpressionType.Negate);
                    var inner = ValueOf(operand);
                    return new Operand(Group(new SqlUnary(SqlUnaryOperator.Negate, inner.Sql)), e.Type, inner.Nullable, null);
                }

            case ExpressionType.Coalesce:
                {
                    var coalesce = (BinaryExpression)e;
                    if (coalesce.Conversion is not null)
                    {
                        throw Unsupported(e, "a coalesce with a conversion has no PostgreSQL translation");
                    }

                    var left = ValueOf(coalesce.Left);
                    var right = ValueOf(coalesce.Right);
                    return new Operand(Function("COALESCE", left.Sql, right.Sql), e.Type, right.Nullable, null);
                }

            case ExpressionType.Conditional:
                {
                    var conditional = (ConditionalExpression)e;
                    if (!Uses(conditional.Test))
                    {
                        // Only the branch C# takes is translated (the other may not be evaluable).
                        return ValueOf(Evaluate(conditional.Test) is true ? conditional.IfTrue : conditional.IfFalse);
                    }

                    var test = Boolean(conditional.Test);
                    var ifTrue = ValueOf(conditional.IfTrue);
                    var ifFalse = ValueOf(conditional.IfFalse);
                    return new Operand(Group(new SqlCase(test, ifTrue.Sql, ifFalse.Sql)), e.Type, ifTrue.Nullable || ifFalse.Nullable, null);
                }

            case ExpressionType.Call when e is MethodCallExpression { Method.Name: "Abs", Object: null, Arguments.Count: 1 } abs && abs.Method.DeclaringType == typeof(Math):
                {
                    // Math.Abs throws for int.MinValue/long.MinValue; PostgreSQL's abs() fails for them too (22003).
                    RefuseArithmetic(e, e.Type, ExpressionType.Negate);
                    var inner = ValueOf(abs.Arguments[0]);
                    return new Operand(Function("abs", inner.Sql), e.Type, inner.Nullable, null);
                }

            case ExpressionType.MemberAccess when e is MemberExpression { Member.Name: "Length", Expression: { } text } && text.Type == typeof(string):
                {
                    // .NET counts UTF-16 code units: the code points, plus one for each above U+FFFF (a surrogate pair).
                    var operand = ValueOf(text);
                    var inner = operand.Sql;
                    var astral = Function("regexp_replace", inner, new SqlLiteral(@"'[^\U00010000-\U0010FFFF]'"), SqlLiteral.Quoted(string.Empty), SqlLiteral.Quoted("g"));
                    return new Operand(Group(new SqlBinary(Function("char_length", inner), SqlOperator.Add, Function("char_length", astral))), typeof(int), operand.Nullable, null);
                }

            case ExpressionType.Call when e is MethodCallExpression { Method.Name: "Replace", Object: { } target, Arguments.Count: 2 } replace
                && replace.Method.DeclaringType == typeof(string) && replace.Arguments[0].Type == typeof(string):
                {
                    // string.Replace(string, string) is ordinal, as replace() is; .NET refuses a null or empty old value.
                    if (Uses(replace.Arguments[0]) || Evaluate(replace.Arguments[0]) is not string { Length: > 0 } old)
                    {
                        throw Unsupported(e, "the replaced text must be a non-empty string value (.NET throws for null or empty)");
                    }

                    var inner = ValueOf(target);
                    var replacement = ValueOf(replace.Arguments[1]);
                    var with = replacement.Nullable ? Function("COALESCE", replacement.Sql, Value(string.Empty)) : replacement.Sql;
                    return new Operand(Function("replace", inner.Sql, Value(old), with), typeof(string), inner.Nullable, null);
                }

            case ExpressionType.Call when IsGetValueOrDefault((MethodCallExpression)e):
                {
                    var call = (MethodCallExpression)e;
                    var target = ValueOf(call.Object!);
                    var fallback = call.Arguments.Count == 1 ? ValueOf(call.Arguments[0]).Sql : Value(DefaultOf(call, e.Type), e.Type);
                    return new Operand(Function("COALESCE", target.Sql, fallback), e.Type, false, null);
                }
        }

        if (IsBool(e.Type))
        {
            // A condition used as a value (in a CASE or a coalesce): two-valued, never NULL.
            return new Operand(Boolean(e), e.Type, false, null);
        }

        throw Unsupported(e, $"'{e}' is neither a mapped member of '{_table.EntityTypeName}' nor an expression with a PostgreSQL translation");
    }

    // A conversion: one that keeps the value and type (nullable, enum) is the operand itself; a numeric widening is a
    // CAST, so the arithmetic around it is done in the wider type as in C# (int / 2 is integer division, (double)int / 2 is not).
    private Operand Converted(UnaryExpression u)
    {
        var inner = ValueOf(u.Operand);
        var from = Underlying(u.Operand.Type);
        var to = Underlying(u.Type);
        if (from == to || from.IsEnum || to.IsEnum || to == typeof(object))
        {
            return inner with { Type = u.Type };
        }

        if (!KeepsValue(from, to) || PgNumericType(to) is not { } sqlType)
        {
            throw Unsupported(u, $"the conversion from {from.Name} to {to.Name} may change the value (C# truncates or wraps where PostgreSQL rounds or fails)");
        }

        return new Operand(new SqlCast(inner.Sql, sqlType), u.Type, inner.Nullable, null);
    }

    private Operand Arithmetic(BinaryExpression b)
    {
        if (b.NodeType is ExpressionType.Add && b.Type == typeof(string))
        {
            // C#'s + on strings treats null as empty, as PostgreSQL's concat() does (|| would give NULL).
            if (b.Left.Type != typeof(string) || b.Right.Type != typeof(string))
            {
                throw Unsupported(b, "only string + string is translated (C# formats other values with their ToString)");
            }

            return new Operand(Function("concat", ValueOf(b.Left).Sql, ValueOf(b.Right).Sql), typeof(string), false, null);
        }

        RefuseArithmetic(b, b.Type, b.NodeType);
        if (b.Method is { } method && !(method.DeclaringType == typeof(decimal) && method.Name is "op_Addition" or "op_Subtraction" or "op_Multiply"))
        {
            throw Unsupported(b, $"the operator '{method.DeclaringType?.Name}.{method.Name}' has no PostgreSQL translation");
        }

        var left = ValueOf(b.Left);
        var right = ValueOf(b.Right);
        var op = b.NodeType switch
        {
            ExpressionType.Add or ExpressionType.AddChecked => SqlOperator.Add,
            ExpressionType.Subtract or ExpressionType.SubtractChecked => SqlOperator.Subtract,
            ExpressionType.Multiply or ExpressionType.MultiplyChecked => SqlOperator.Multiply,
            ExpressionType.Divide => SqlOperator.Divide,
            _ => SqlOperator.Modulo,
        };
        return new Operand(Group(new SqlBinary(left.Sql, op, right.Sql)), b.Type, left.Nullable || right.Nullable, null);
    }

    // Arithmetic PostgreSQL computes as C# does (an overflow raises an error there, where unchecked C# wraps).
    private void RefuseArithmetic(Expression node, Type type, ExpressionType op)
    {
        var t = Underlying(type);
        var signedInteger = t == typeof(int) || t == typeof(long);
        var floating = t == typeof(double) || t == typeof(float);
        if (t == typeof(decimal) && op is ExpressionType.Divide or ExpressionType.Modulo)
        {
            throw Unsupported(node, "decimal division rounds to another scale in PostgreSQL than in .NET");
        }

        if (floating && op == ExpressionType.Modulo)
        {
            throw Unsupported(node, "PostgreSQL has no % on floating-point numbers");
        }

        if (!signedInteger && !floating && t != typeof(decimal))
        {
            throw Unsupported(node, $"arithmetic on {t.Name} is not translated (unsigned and narrow integers wrap in C#)");
        }
    }

    /// <summary>A slot for a closed value outside a column comparison, typed by its .NET type (a typed NULL for null).</summary>
    private SqlParameter Value(object? value, Type type)
    {
        var recipe = new PostgresParameterRecipe(value, null, type);
        _recipes?.Add(recipe);
        _parameters.Add(recipe.Create(value));
        return new SqlParameter(_parameters.Count - 1);
    }

    private SqlParameter Value(object value) => Value(value, value.GetType());

    internal static ColumnKind KindOf(Type type)
    {
        var t = Underlying(type);
        return t.IsEnum ? ColumnKind.Enum : ColumnKindRules.FromTypeName(t.FullName ?? t.Name, storeAsText: false) ?? ColumnKind.String;
    }

    private static string? PgNumericType(Type to) => Type.GetTypeCode(to) switch
    {
        TypeCode.Int16 => "smallint",
        TypeCode.Int32 or TypeCode.UInt16 => "integer",
        TypeCode.Int64 or TypeCode.UInt32 => "bigint",
        TypeCode.UInt64 or TypeCode.Decimal => "numeric",
        TypeCode.Single => "real",
        TypeCode.Double => "double precision",
        _ => null,
    };

    private static bool IsGetValueOrDefault(MethodCallExpression call) =>
        call.Method.Name == "GetValueOrDefault" && call.Object is not null && Nullable.GetUnderlyingType(call.Object.Type) is not null;

    private object DefaultOf(Expression node, Type type)
    {
        var t = Underlying(type);
        if (t.IsEnum)
        {
            return Enum.ToObject(t, 0);
        }

        return Type.GetTypeCode(t) switch
        {
            TypeCode.Boolean => false,
            TypeCode.Byte => (byte)0,
            TypeCode.SByte => (sbyte)0,
            TypeCode.Int16 => (short)0,
            TypeCode.UInt16 => (ushort)0,
            TypeCode.Int32 => 0,
            TypeCode.UInt32 => 0u,
            TypeCode.Int64 => 0L,
            TypeCode.UInt64 => 0UL,
            TypeCode.Single => 0f,
            TypeCode.Double => 0d,
            TypeCode.Decimal => 0m,
            TypeCode.Char => '\0',
            TypeCode.DateTime => default(DateTime),
            _ when t == typeof(Guid) => Guid.Empty,
            _ when t == typeof(TimeSpan) => TimeSpan.Zero,
            _ when t == typeof(DateTimeOffset) => default(DateTimeOffset),
            _ when t == typeof(DateOnly) => default(DateOnly),
            _ when t == typeof(TimeOnly) => default(TimeOnly),
            _ => throw Unsupported(node, $"the default of {t.Name} has no PostgreSQL value"),
        };
    }

    private static bool IsNumericWidening(Expression e) =>
        e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked, Method: null } u
        && Underlying(u.Operand.Type) is var from && Underlying(u.Type) is var to
        && from != to && !from.IsEnum && !to.IsEnum && to != typeof(object);

    private static bool IsBool(Type type) => type == typeof(bool) || type == typeof(bool?);

    private static Type Underlying(Type type) => Nullable.GetUnderlyingType(type) ?? type;
}
