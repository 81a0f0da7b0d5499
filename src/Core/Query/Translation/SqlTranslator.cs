using System.Linq.Expressions;
using System.Text;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// Translates a predicate or key selector over one entity type to SQLite SQL. Every value (constants, captured variables,
/// list elements, LIKE patterns) is appended to the argument list and written as <c>?</c>; identifiers go through
/// <see cref="SqlBuilder.Quote"/>. Sub-trees that do not use the lambda's parameter are evaluated first by
/// <see cref="ExpressionInterpreter"/> and encoded the way the column they are compared with stores its values.
/// The SQL keeps C#'s two-valued logic: equality with a nullable operand uses <c>IS</c>/<c>IS NOT</c>, and an ordering
/// comparison is false (not NULL) when an operand is null, so <c>!</c> and <c>||</c> give the LINQ-to-Objects rows.
/// Anything without a faithful translation throws <see cref="NotSupportedException"/> naming the expression.
/// <para>
/// One partial class, one file per concern: this file has the entry points and the dispatch over node kinds (with
/// conversions and the general method calls); <c>.Members</c> mapped members and columns; <c>.Comparisons</c> logic,
/// equality, ordering and arithmetic operators; <c>.Values</c> how constants are bound and encoded; <c>.Strings</c> string
/// methods; <c>.Contains</c> collection Contains as IN.
/// </para>
/// </summary>
internal sealed partial class SqlTranslator
{
    private readonly TableMapping _table;
    private readonly LambdaExpression _lambda;
    private readonly ParameterExpression _parameter;
    private readonly StringBuilder _sql;
    private readonly List<object?> _args;

    // The connection's storage format: how values are encoded, and so how SQL compares them.
    private readonly StorageFormat _format;

    private SqlTranslator(TableMapping table, StorageFormat format, LambdaExpression lambda, StringBuilder sql, List<object?> args)
    {
        _table = table;
        _format = format;
        _lambda = lambda;
        _parameter = lambda.Parameters[0];
        _sql = sql;
        _args = args;
    }

    /// <summary>Writes <paramref name="predicate"/> as a SQL condition.</summary>
    public static void WritePredicate(TableMapping table, StorageFormat format, LambdaExpression predicate, StringBuilder sql, List<object?> args) =>
        TranslationCache.Write(table, format, predicate, TranslationKind.Predicate, sql, args);

    private static void WritePredicateUncached(SqlTranslator translator) => translator.WriteBoolean(translator._lambda.Body);

    /// <summary>Writes <paramref name="keySelector"/> as an ORDER BY term (without direction).</summary>
    public static void WriteOrderKey(TableMapping table, StorageFormat format, LambdaExpression keySelector, StringBuilder sql, List<object?> args) =>
        TranslationCache.Write(table, format, keySelector, TranslationKind.OrderKey, sql, args);

    private static void WriteOrderKeyUncached(SqlTranslator translator)
    {
        var keySelector = translator._lambda;
        if (translator.TryColumn(keySelector.Body, out var column, out _) && column.Kind == ColumnKind.EnumText)
        {
            throw new NotSupportedException($"MicroDb cannot order by '{keySelector}': member '{column.MemberName}' is a [StoreAsText] enum, so SQL would sort by name, not by value.");
        }

        // Keys whose stored form sorts differently from the value (ulong bit patterns, DateTime kinds, decimal text) sort by a key expression.
        var key = translator.KeyOf(keySelector.Body);
        translator.RejectSqliteNetOrder(keySelector.Body, key);
        translator.WriteKey(keySelector.Body, key == StoredKey.String ? StoredKey.Direct : key);
    }

    /// <summary>
    /// Translates once into a scratch buffer, so an untranslatable expression fails where it is written. Only
    /// <see cref="NotSupportedException"/> escapes: an error that depends on captured values (a variable that is still
    /// null, say) is left for the run, when those values are read again.
    /// </summary>
    public static void Validate(TableMapping table, StorageFormat format, LambdaExpression lambda, bool isPredicate)
    {
        // A shape translated before translates again; its values are read (and checked) when the query runs.
        if (IsKnownShape(table, format, lambda, isPredicate ? TranslationKind.Predicate : TranslationKind.OrderKey))
        {
            return;
        }

        var sql = new StringBuilder();
        var args = new List<object?>();
        try
        {
            if (isPredicate)
            {
                WritePredicate(table, format, lambda, sql, args);
            }
            else
            {
                WriteOrderKey(table, format, lambda, sql, args);
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
            WriteValue(Evaluate(e), null, e.Type);
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
            WriteValue(Evaluate(e), null, e.Type);
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
                        Write((bool)Evaluate(conditional.Test)! ? conditional.IfTrue : conditional.IfFalse);
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
                    WriteOperand(call.Arguments[0], !Uses(call.Arguments[0]), Uses(call.Arguments[0]) ? null : Evaluate(call.Arguments[0]), call.Object);
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
            case "Round" when method.DeclaringType == typeof(Math):
                WriteRound(call);
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
        new(ReferenceEquals(node, _lambda.Body)
            ? $"MicroDb cannot translate '{_lambda}' to SQL: {why}."
            : $"MicroDb cannot translate '{node}' in '{_lambda}' to SQL: {why}.");
}
