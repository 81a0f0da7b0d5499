using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>
/// The run-time front end of the query model: translates a predicate, key selector or value selector over one entity
/// type into a <see cref="SqlExpression"/> (src/Shared/Query), which <see cref="SqliteSqlWriter"/> then writes. Every
/// value (constants, captured variables, list elements, LIKE patterns) becomes a <see cref="SqlParameter"/> slot, encoded
/// the way the column it is compared with stores its values; identifiers are columns the writer quotes. Sub-trees that do
/// not use the lambda's parameter are evaluated first by <see cref="ExpressionInterpreter"/>.
/// The SQL keeps C#'s two-valued logic: equality with a nullable operand uses <c>IS</c>/<c>IS NOT</c>, and an ordering
/// comparison is false (not NULL) when an operand is null, so <c>!</c> and <c>||</c> give the LINQ-to-Objects rows.
/// Anything without a faithful translation throws <see cref="NotSupportedException"/> naming the expression.
/// <para>
/// One partial class, one file per concern: this file has the entry points and the dispatch over node kinds (with
/// conversions and the general method calls); <c>.Members</c> mapped members and columns; <c>.Comparisons</c> logic,
/// equality, ordering and arithmetic operators; <c>.Values</c> how constants become parameter slots; <c>.Strings</c> string
/// methods; <c>.Contains</c> collection Contains as IN.
/// </para>
/// </summary>
internal sealed partial class SqlTranslator
{
    private readonly TableMapping _table;
    // The translated body, and what error messages quote (the lambda, or a join's rewritten body).
    private readonly Expression _body;
    private readonly object _source;
    private readonly ParameterExpression _parameter;

    // The tables of a join and their parameters (null for a lambda over one table): see SqlTranslator.Joins.cs.
    private JoinScope? _scope;

    // The parameter slots of this translation: the value each SqlParameter binds, and what it was encoded from.
    private List<ParameterSlot> _slots = [];

    // The connection's storage format: how values are encoded, and so how SQL compares them.
    private readonly StorageFormat _format;

    private SqlTranslator(TableMapping table, StorageFormat format, LambdaExpression lambda)
        : this(table, format, lambda.Body, lambda.Parameters[0], lambda)
    {
    }

    private SqlTranslator(TableMapping table, StorageFormat format, Expression body, ParameterExpression parameter, object source)
    {
        _table = table;
        _format = format;
        _body = body;
        _source = source;
        _parameter = parameter;
    }

    private static SqlExpression TranslatePredicate(SqlTranslator translator) => translator.TranslateBoolean(translator._body);

    private static SqlExpression TranslateOrderKey(SqlTranslator translator)
    {
        var keySelector = translator._source;
        var keyBody = translator._body;
        if (translator.Native)
        {
            return translator.NativeOrderKey(keyBody);
        }

        if (translator.TryColumn(keyBody, out var column, out _) && column.Kind == ColumnKind.EnumText)
        {
            throw new NotSupportedException($"MicroDb cannot order by '{keySelector}': {QueryReasons.TextEnumOrdered(column.MemberName)}.");
        }

        // Keys whose stored form sorts differently from the value (ulong bit patterns, DateTime kinds, decimal text) sort by a key expression.
        var key = translator.KeyOf(keyBody);
        translator.RejectSqliteNetOrder(keyBody, key);
        return translator.Key(keyBody, key == StoredKey.String ? StoredKey.Direct : key);
    }

    private bool Uses(Expression e) =>
        (_scope is null ? ParameterFinder.Uses(e, _parameter) : _scope.Uses(e)) || (_group is not null && ParameterFinder.Uses(e, _group)) || UsesOuter(e)
        || HoldsAsyncSubquery(e);

    private SqlExpression TranslateBoolean(Expression e)
    {
        if (!Uses(e))
        {
            return Value(Evaluate(e), null, e.Type);
        }

        if (TryColumn(e, out _, out _))
        {
            // A bool member used as a condition.
            return Group(new SqlBinary(Translate(e), SqlOperator.Equal, Dialect.True));
        }

        return Translate(e);
    }

    private SqlExpression Translate(Expression e)
    {
        if (!Uses(e))
        {
            return Value(Evaluate(e), null, e.Type);
        }

        switch (e.NodeType)
        {
            case ExpressionType.MemberAccess:
                return TranslateMember((MemberExpression)e);
            case ExpressionType.Convert:
            case ExpressionType.ConvertChecked:
                return TranslateConvert((UnaryExpression)e);
            case ExpressionType.Not:
                {
                    var operand = ((UnaryExpression)e).Operand;
                    return IsBool(operand.Type)
                        ? Group(new SqlUnary(SqlUnaryOperator.Not, TranslateBoolean(operand)))
                        : Group(new SqlUnary(SqlUnaryOperator.Complement, Translate(operand)));
                }

            case ExpressionType.Negate:
            case ExpressionType.NegateChecked:
                RefuseArithmetic(e, e.Type, SqlOperator.Subtract);
                return Group(new SqlUnary(SqlUnaryOperator.Negate, Translate(((UnaryExpression)e).Operand)));
            case ExpressionType.UnaryPlus:
                return Translate(((UnaryExpression)e).Operand);
            case ExpressionType.Conditional:
                {
                    var conditional = (ConditionalExpression)e;
                    if (!Uses(conditional.Test))
                    {
                        // Only the branch C# would take is translated (the other may not be evaluable).
                        return Translate((bool)Evaluate(conditional.Test)! ? conditional.IfTrue : conditional.IfFalse);
                    }

                    var test = TranslateBoolean(conditional.Test);
                    var ifTrue = Translate(conditional.IfTrue);
                    return Group(new SqlCase(test, ifTrue, Translate(conditional.IfFalse)));
                }

            case ExpressionType.Call:
                return TranslateCall((MethodCallExpression)e);
            case ExpressionType.Parameter:
                throw Unsupported(e, "the whole entity cannot be used as a SQL value; compare its members instead");
        }

        if (e is BinaryExpression binary)
        {
            return TranslateBinary(binary);
        }

        throw Unsupported(e, $"expressions of kind {e.NodeType} have no SQL translation");
    }

    private SqlExpression TranslateConvert(UnaryExpression u)
    {
        if (u.Method is not null)
        {
            if (TrySetterDecimalConversion(u) is { } setterDecimal)
            {
                return setterDecimal;
            }

            throw Unsupported(u, $"the conversion operator '{u.Method.DeclaringType?.Name}.{u.Method.Name}' has no SQL translation");
        }

        if (Native)
        {
            return NativeConvert(u);
        }

        var from = Underlying(u.Operand.Type);
        var to = Underlying(u.Type);
        if ((to == typeof(double) || to == typeof(float)) && IsIntegral(from))
        {
            return new SqlCast(Translate(u.Operand), "REAL");
        }

        if (IsIntegral(to) && (from == typeof(double) || from == typeof(float) || from == typeof(decimal)))
        {
            return new SqlCast(Translate(u.Operand), "INTEGER");
        }

        return Translate(u.Operand);
    }

    private SqlExpression TranslateCall(MethodCallExpression call)
    {
        var method = call.Method;
        if (_group is not null && TryTranslateGroupAggregate(call) is { } aggregate)
        {
            return aggregate;
        }

        if (TryTranslateSubquery(call) is { } subquery)
        {
            return subquery;
        }

        if (method.DeclaringType == typeof(string))
        {
            return TranslateStringCall(call);
        }

        if (IsVisualBasicCompareString(call))
        {
            throw Unsupported(call, "the result of a string comparison can only be compared with 0 in SQL");
        }

        switch (method.Name)
        {
            case "Contains":
                return TranslateListContains(call);
            case "Equals" when call.Object is not null && call.Arguments.Count == 1 && TryNativeFloatEquals(call.Object, StripConvert(call.Arguments[0])) is { } floatEquals:
                return floatEquals;
            case "Equals" when call.Object is not null && call.Arguments.Count == 1:
                return Equality(call.Object, StripConvert(call.Arguments[0]), negate: false);
            case "Equals" when call.Object is null && call.Arguments.Count == 2 && method.DeclaringType == typeof(object):
                return Equality(StripConvert(call.Arguments[0]), StripConvert(call.Arguments[1]), negate: false);
            case "GetValueOrDefault" when call.Object is not null && Nullable.GetUnderlyingType(call.Object.Type) is { } valueType:
                {
                    var target = Translate(call.Object);
                    SqlExpression fallback;
                    if (call.Arguments.Count == 1)
                    {
                        fallback = Operand(call.Arguments[0], !Uses(call.Arguments[0]), Uses(call.Arguments[0]) ? null : Evaluate(call.Arguments[0]), call.Object);
                    }
                    else if (IsIntegral(valueType) || valueType == typeof(double) || valueType == typeof(float) || valueType == typeof(decimal) || valueType == typeof(bool))
                    {
                        // default(T) of a number or bool is stored as 0 (a bool as the dialect's false).
                        fallback = valueType == typeof(bool) ? Dialect.False : SqlLiteral.Zero;
                    }
                    else
                    {
                        throw Unsupported(call, $"GetValueOrDefault() of '{valueType.Name}' has no SQL translation; pass the default explicitly");
                    }

                    return new SqlFunction("coalesce", target, fallback);
                }

            case "Abs" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 1:
                return Function("abs", call.Arguments);
            case "Round" when method.DeclaringType == typeof(Math):
                Refuse(call, QueryFeature.MathFunctions);
                return TranslateRound(call);
            case "Max" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 2:
                Refuse(call, QueryFeature.MathFunctions);
                return Function("max", call.Arguments);
            case "Min" when method.DeclaringType == typeof(Math) && call.Arguments.Count == 2:
                Refuse(call, QueryFeature.MathFunctions);
                return Function("min", call.Arguments);
        }

        throw Unsupported(call, $"method '{method.DeclaringType?.Name}.{method.Name}' has no SQL translation");
    }

    private SqlFunction Function(string name, IReadOnlyList<Expression> arguments)
    {
        var translated = new SqlExpression[arguments.Count];
        for (var i = 0; i < arguments.Count; i++)
        {
            translated[i] = Translate(arguments[i]);
        }

        return new SqlFunction(name, new ValueList<SqlExpression>(translated));
    }

    private static SqlGroup Group(SqlExpression inner) => new(inner);

    private static SqlBinary Binary(SqlExpression left, SqlOperator op, SqlExpression right) => new(left, op, right);

    private static SqlExpression And(SqlExpression left, SqlExpression right) => new SqlBinary(left, SqlOperator.And, right);

    private static SqlExpression Or(SqlExpression left, SqlExpression right) => new SqlBinary(left, SqlOperator.Or, right);

    /// <summary>The model operator of a C# comparison written as text ("&lt;", "&gt;=", "=", "&lt;&gt;").</summary>
    private static SqlOperator ComparisonOperator(string op) => SqlComparisons.Of(op);

    private static Expression StripConvert(Expression e)
    {
        while (e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked or ExpressionType.TypeAs, Method: null } u)
        {
            e = u.Operand;
        }

        return e;
    }

    private static Type Underlying(Type type) => Nullable.GetUnderlyingType(type) ?? type;

    private static bool IsBool(Type type) => Underlying(type) == typeof(bool);

    private static bool CanBeNull(Type type) => !type.IsValueType || Nullable.GetUnderlyingType(type) is not null;

    private static bool IsIntegral(Type type) => Type.GetTypeCode(type) is TypeCode.SByte or TypeCode.Byte or TypeCode.Int16
        or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Char
        && !type.IsEnum;

    private NotSupportedException Unsupported(Expression node, string why) =>
        new(ReferenceEquals(node, _body)
            ? $"MicroDb cannot translate '{_source}' to SQL: {why}."
            : $"MicroDb cannot translate '{node}' in '{_source}' to SQL: {why}.");
}
