using System.Collections;
using System.Globalization;
using System.Linq.Expressions;
using System.Reflection;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb.Query;

/// <summary>
/// Evaluates an expression tree by walking it, never by compiling it (no Expression.Compile, no Reflection.Emit),
/// so it works under NativeAOT and the interpreter-only runtimes. Two uses:
/// <list type="bullet">
/// <item>captured variables and other parameter-free sub-trees of a predicate (closure fields, <c>DateTime.Now</c>, method calls);</item>
/// <item>projections: the selector is evaluated against an entity the map has just read, where a mapped member of the
/// lambda's parameter is read through <see cref="EntityMap{T}.GetValue"/>.</item>
/// </list>
/// Every member, constructor and method it invokes comes from the expression tree itself: the C# compiler built that tree
/// with <c>ldtoken</c> references, so the trimmer keeps those members and NativeAOT keeps them invocable. Nothing here
/// looks a member up by name, creates a generic type or calls Activator, which is why the API needs no
/// <c>[RequiresUnreferencedCode]</c>/<c>[RequiresDynamicCode]</c>.
/// </summary>
internal sealed class ExpressionInterpreter
{
    private readonly ParameterExpression? _parameter;
    private readonly IEntityMap? _map;
    private object? _entity;

    // A join's row: one parameter, map and entity per table (null otherwise).
    private readonly ParameterExpression[]? _parameters;
    private readonly IEntityMap?[]? _maps;
    private object?[]? _entities;

    // ResolveColumn's memo: member nodes already resolved, and their (table, column).
    private const int MaxResolved = 64;
    private MemberExpression?[]? _resolvedNodes;
    private (int Row, int Ordinal)[]? _resolved;
    private int _resolvedCount;

    // The last NewExpression whose constructor was checked (no ref struct parameter).
    private NewExpression? _checkedNew;

    private ExpressionInterpreter(ParameterExpression? parameter, IEntityMap? map)
    {
        _parameter = parameter;
        _map = map;
    }

    private ExpressionInterpreter(ParameterExpression[] parameters, IEntityMap?[] maps)
    {
        _parameters = parameters;
        _maps = maps;
    }

    /// <summary>An interpreter that resolves each of a join's <paramref name="parameters"/> to the entity at its index in <see cref="EvaluateForRow"/>.</summary>
    /// <param name="parameters">The join's parameters, one per table.</param>
    /// <param name="maps">The map of each table, at the same index.</param>
    public static ExpressionInterpreter ForEntities(ParameterExpression[] parameters, IEntityMap?[] maps) => new(parameters, maps);

    /// <summary>Evaluates <paramref name="body"/> with each parameter bound to its entity in <paramref name="entities"/> (null: a missing row of a left join). Not thread-safe.</summary>
    public object? EvaluateForRow(Expression body, object?[] entities)
    {
        _entities = entities;
        try
        {
            return Eval(body);
        }
        finally
        {
            _entities = null;
        }
    }

    private int RowIndexOf(Expression? e) => _parameters is not null && e is ParameterExpression parameter ? Array.IndexOf(_parameters, parameter) : -1;

    /// <summary>
    /// The table (-1: the single entity) and column a member of a row parameter reads (column -1: not a mapped column),
    /// resolved once per member node and interpreter: a projection evaluates the same nodes for every row, and looking the
    /// column up by <c>MemberInfo.Name</c> each time cost more than reading the value (under NativeAOT the name is decoded
    /// from metadata on every call). Only the per-query interpreters (<see cref="ForEntity"/>, <see cref="ForEntities"/>,
    /// not thread-safe) come here, never the shared <see cref="Closed"/> one.
    /// </summary>
    private (int Row, int Ordinal) ResolveColumn(MemberExpression m)
    {
        var nodes = _resolvedNodes;
        for (var i = 0; i < _resolvedCount; i++)
        {
            if (ReferenceEquals(nodes![i], m))
            {
                return _resolved![i];
            }
        }

        var resolved = (-1, -1);
        if (ReferenceEquals(m.Expression, _parameter) && _map!.Table.FindColumnByMember(m.Member.Name) is { } column)
        {
            resolved = (-1, column.Ordinal);
        }
        else if (RowIndexOf(m.Expression) is var row and >= 0 && _maps![row] is { } rowMap && rowMap.Table.FindColumnByMember(m.Member.Name) is { } joined)
        {
            resolved = (row, joined.Ordinal);
        }

        if (_resolvedCount < MaxResolved)
        {
            if (nodes is null || _resolvedCount == nodes.Length)
            {
                Array.Resize(ref _resolvedNodes, Math.Min(MaxResolved, Math.Max(8, _resolvedCount * 2)));
                Array.Resize(ref _resolved, _resolvedNodes.Length);
            }

            _resolvedNodes![_resolvedCount] = m;
            _resolved![_resolvedCount++] = resolved;
        }

        return resolved;
    }

    /// <summary>An interpreter for parameter-free expressions.</summary>
    public static ExpressionInterpreter Closed { get; } = new((ParameterExpression?)null, null);

    /// <summary>An interpreter that resolves <paramref name="parameter"/> to the entity passed to <see cref="EvaluateFor"/>.</summary>
    /// <param name="parameter">The lambda's parameter.</param>
    /// <param name="map">The map that reads member values.</param>
    public static ExpressionInterpreter ForEntity(ParameterExpression parameter, IEntityMap map) => new(parameter, (IEntityMap?)map);

    /// <summary>Evaluates a parameter-free expression.</summary>
    public static object? EvaluateClosed(Expression expression) => Closed.Eval(expression);

    /// <summary>Evaluates <paramref name="body"/> with the parameter bound to <paramref name="entity"/>. Not thread-safe.</summary>
    public object? EvaluateFor(Expression body, object? entity)
    {
        _entity = entity;
        try
        {
            return Eval(body);
        }
        finally
        {
            _entity = null;
        }
    }

    private object? Eval(Expression e)
    {
        switch (e.NodeType)
        {
            case ExpressionType.Constant:
                return ((ConstantExpression)e).Value;
            case ExpressionType.Parameter:
                if (ReferenceEquals(e, _parameter))
                {
                    return _entity;
                }

                if (RowIndexOf(e) is var index and >= 0)
                {
                    return _entities![index];
                }

                throw Unsupported(e, "it refers to a lambda parameter that is not bound here");
            case ExpressionType.MemberAccess:
                return EvalMember((MemberExpression)e);
            case ExpressionType.Convert:
            case ExpressionType.ConvertChecked:
            case ExpressionType.TypeAs:
            case ExpressionType.Unbox:
                return EvalConvert((UnaryExpression)e);
            case ExpressionType.Quote:
                return ((UnaryExpression)e).Operand;
            case ExpressionType.ArrayIndex:
                {
                    var binary = (BinaryExpression)e;
                    var array = (Array)Eval(binary.Left)!;
                    return array.GetValue(Convert.ToInt64(Eval(binary.Right), CultureInfo.InvariantCulture));
                }

            case ExpressionType.ArrayLength:
                return ((Array)Eval(((UnaryExpression)e).Operand)!).Length;
            case ExpressionType.Call:
                return EvalCall((MethodCallExpression)e);
            case ExpressionType.New:
                return EvalNew((NewExpression)e);
            case ExpressionType.MemberInit:
                return EvalMemberInit((MemberInitExpression)e);
            case ExpressionType.ListInit:
                return EvalListInit((ListInitExpression)e);
            case ExpressionType.NewArrayInit:
                {
                    var init = (NewArrayExpression)e;
                    var array = Array.CreateInstanceFromArrayType(init.Type, init.Expressions.Count);
                    for (var i = 0; i < init.Expressions.Count; i++)
                    {
                        array.SetValue(Eval(init.Expressions[i]), i);
                    }

                    return array;
                }

            case ExpressionType.Conditional:
                {
                    var conditional = (ConditionalExpression)e;
                    return (bool)Eval(conditional.Test)! ? Eval(conditional.IfTrue) : Eval(conditional.IfFalse);
                }

            case ExpressionType.TypeIs:
                {
                    var typeIs = (TypeBinaryExpression)e;
                    var value = Eval(typeIs.Expression);
                    return value is not null && typeIs.TypeOperand.IsInstanceOfType(value);
                }

            case ExpressionType.Not:
            case ExpressionType.Negate:
            case ExpressionType.NegateChecked:
            case ExpressionType.UnaryPlus:
            case ExpressionType.OnesComplement:
                return EvalUnary((UnaryExpression)e);
            case ExpressionType.Invoke:
                {
                    var invoke = (InvocationExpression)e;
                    var target = Eval(invoke.Expression) as Delegate ?? throw Unsupported(e, "the invoked delegate is null");
                    return target.Method.Invoke(target.Target, BindingFlags.DoNotWrapExceptions, null, EvalAll(invoke.Arguments), null);
                }
        }

        if (e is BinaryExpression binaryExpression)
        {
            return EvalBinary(binaryExpression);
        }

        throw Unsupported(e, $"node type {e.NodeType} cannot be evaluated");
    }

    private object? EvalMember(MemberExpression m)
    {
        if (m.Expression is ParameterExpression && (_parameter is not null || _parameters is not null) && ResolveColumn(m) is var (row, ordinal) && ordinal >= 0)
        {
            if (row < 0)
            {
                // A mapped member goes through the map (generated code on the AOT path), not through reflection.
                return _map!.GetValue(_entity!, ordinal);
            }

            // As LINQ-to-Objects: a member of a missing (left-joined) row cannot be read.
            return _entities![row] is { } entity
                ? _maps![row]!.GetValue(entity, ordinal)
                : throw new NullReferenceException($"'{m.Expression}' is null (no row matched the left join), so '{m}' cannot be evaluated; test '{m.Expression} == null' first.");
        }

        var instance = m.Expression is null ? null : Eval(m.Expression);
        if (m.Expression is not null && Nullable.GetUnderlyingType(m.Expression.Type) is not null)
        {
            // A Nullable<T> is boxed as its value or null, so its members are answered here rather than by reflection.
            return m.Member.Name switch
            {
                "HasValue" => instance is not null,
                "Value" => instance ?? throw new InvalidOperationException($"Nullable object must have a value: '{m}'."),
                _ => throw Unsupported(m, "this member of Nullable<T> cannot be evaluated"),
            };
        }

        if (instance is null && m.Expression is not null)
        {
            throw new NullReferenceException($"'{m.Expression}' is null, so '{m}' cannot be evaluated.");
        }

        return m.Member switch
        {
            FieldInfo field => field.GetValue(instance),
            PropertyInfo property => property.GetValue(instance),
            _ => throw Unsupported(m, $"member kind {m.Member.MemberType} cannot be read"),
        };
    }

    private object? EvalConvert(UnaryExpression u)
    {
        var value = Eval(u.Operand);
        if (u.Method is not null)
        {
            if (value is null && u.IsLifted)
            {
                return null;
            }

            return Invoke(u, u.Method, null, [value]);
        }

        if (u.NodeType == ExpressionType.TypeAs)
        {
            return value is not null && u.Type.IsInstanceOfType(value) ? value : null;
        }

        return ConvertValue(value, u.Type, u);
    }

    /// <summary>Converts a boxed value to <paramref name="type"/> as a C# cast would (numeric, enum and nullable conversions).</summary>
    internal static object? ConvertValue(object? value, Type type, Expression? node = null)
    {
        if (value is null)
        {
            if (type.IsValueType && Nullable.GetUnderlyingType(type) is null)
            {
                throw new InvalidOperationException($"Nullable object must have a value: '{node}'.");
            }

            return null;
        }

        var target = Nullable.GetUnderlyingType(type) ?? type;
        if (target.IsInstanceOfType(value))
        {
            return value;
        }

        if (target.IsEnum)
        {
            return Enum.ToObject(target, value is Enum e ? ValueEncoding.EnumToInt64(e) : Convert.ToInt64(value, CultureInfo.InvariantCulture));
        }

        if (value is IConvertible && typeof(IConvertible).IsAssignableFrom(target) && target.IsPrimitive)
        {
            if (value is Enum en)
            {
                value = ValueEncoding.EnumToInt64(en);
            }

            // A C# cast between integers is unchecked; go through the 64-bit pattern so narrowing wraps instead of throwing.
            if (IsIntegral(value.GetType()) && IsIntegral(target))
            {
                var bits = value is ulong ul ? unchecked((long)ul) : Convert.ToInt64(value, CultureInfo.InvariantCulture);
                return NarrowInteger(bits, target);
            }

            if (value is decimal exact && IsIntegral(target))
            {
                // C# truncates a decimal cast to an integer; Convert.ChangeType would round.
                return NarrowInteger((long)decimal.Truncate(exact), target);
            }

            if (value is double or float && IsIntegral(target))
            {
                return NarrowInteger(unchecked((long)Convert.ToDouble(value, CultureInfo.InvariantCulture)), target);
            }

            return Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
        }

        if (target == typeof(decimal) && value is IConvertible)
        {
            return Convert.ToDecimal(value, CultureInfo.InvariantCulture);
        }

        throw Unsupported(node, $"a value of type '{value.GetType().FullName}' cannot be converted to '{type.FullName}'");
    }

    private object? EvalCall(MethodCallExpression call)
    {
        var instance = call.Object is null ? null : Eval(call.Object);
        if (call.Object is not null && Nullable.GetUnderlyingType(call.Object.Type) is { } underlying)
        {
            // A Nullable<T> is boxed as its value or null; its methods are answered here rather than invoked by reflection.
            return call.Method.Name switch
            {
                "GetValueOrDefault" when call.Arguments.Count == 1 => instance ?? Eval(call.Arguments[0]),
                "GetValueOrDefault" when instance is not null => instance,
                "GetValueOrDefault" when underlying.IsPrimitive || underlying.IsEnum => ConvertValue(0, underlying, call),
                "ToString" => instance?.ToString() ?? string.Empty,
                "Equals" when call.Arguments.Count == 1 => Equals(instance, Eval(call.Arguments[0])),
                "GetHashCode" => instance?.GetHashCode() ?? 0,
                _ => throw Unsupported(call, $"method '{call.Method.Name}' of Nullable<{underlying.Name}> cannot be evaluated here"),
            };
        }

        if (call.Object is not null && instance is null)
        {
            throw new NullReferenceException($"'{call.Object}' is null, so '{call}' cannot be evaluated.");
        }

        return Invoke(call, call.Method, instance, EvalAll(call.Arguments));
    }

    private object? EvalNew(NewExpression n)
    {
        if (n.Constructor is null)
        {
            throw Unsupported(n, "a value type created without a constructor cannot be evaluated; use a constant instead");
        }

        if (!ReferenceEquals(n, _checkedNew))
        {
            foreach (var parameter in n.Constructor.GetParameters())
            {
                if (parameter.ParameterType.IsByRefLike)
                {
                    throw Unsupported(n, $"constructor parameter '{parameter.Name}' is a ref struct");
                }
            }

            // A projection builds its result with the same node for every row: check it once. (Only a node that passed is
            // kept, so a racing write on the shared Closed interpreter can only skip the check of a node already checked.)
            _checkedNew = n;
        }

        return n.Constructor.Invoke(BindingFlags.DoNotWrapExceptions, null, EvalAll(n.Arguments), null);
    }

    private object? EvalMemberInit(MemberInitExpression init)
    {
        var instance = EvalNew(init.NewExpression);
        foreach (var binding in init.Bindings)
        {
            if (binding is not MemberAssignment assignment)
            {
                throw Unsupported(init, $"member binding '{binding}' is not a plain assignment");
            }

            var value = Eval(assignment.Expression);
            switch (assignment.Member)
            {
                case PropertyInfo property:
                    property.SetValue(instance, value);
                    break;
                case FieldInfo field:
                    field.SetValue(instance, value);
                    break;
                default:
                    throw Unsupported(init, $"member '{assignment.Member.Name}' cannot be assigned");
            }
        }

        return instance;
    }

    private object? EvalListInit(ListInitExpression init)
    {
        var list = EvalNew(init.NewExpression);
        foreach (var initializer in init.Initializers)
        {
            Invoke(init, initializer.AddMethod, list, EvalAll(initializer.Arguments));
        }

        return list;
    }

    private object? EvalUnary(UnaryExpression u)
    {
        var value = Eval(u.Operand);
        if (u.Method is not null)
        {
            return value is null && u.IsLifted ? null : Invoke(u, u.Method, null, [value]);
        }

        if (value is null)
        {
            return null;
        }

        switch (u.NodeType)
        {
            case ExpressionType.UnaryPlus:
                return value;
            case ExpressionType.Not when value is bool b:
                return !b;
            case ExpressionType.Not:
            case ExpressionType.OnesComplement:
                return ConvertValue(~ToInt64(value), u.Type, u);
            case ExpressionType.Negate:
            case ExpressionType.NegateChecked:
                return value is double or float
                    ? ConvertValue(-Convert.ToDouble(value, CultureInfo.InvariantCulture), u.Type, u)
                    : ConvertValue(unchecked(-ToInt64(value)), u.Type, u);
            default:
                throw Unsupported(u, $"unary operator {u.NodeType} cannot be evaluated");
        }
    }

    private object? EvalBinary(BinaryExpression b)
    {
        switch (b.NodeType)
        {
            case ExpressionType.AndAlso:
                return (bool)Eval(b.Left)! && (bool)Eval(b.Right)!;
            case ExpressionType.OrElse:
                return (bool)Eval(b.Left)! || (bool)Eval(b.Right)!;
            case ExpressionType.Coalesce:
                return Eval(b.Left) ?? Eval(b.Right);
        }

        var left = Eval(b.Left);
        var right = Eval(b.Right);
        var comparison = b.NodeType is ExpressionType.Equal or ExpressionType.NotEqual or ExpressionType.LessThan
            or ExpressionType.LessThanOrEqual or ExpressionType.GreaterThan or ExpressionType.GreaterThanOrEqual;
        if (left is null || right is null)
        {
            // Lifted semantics: null == null is true, any other comparison with null is false, arithmetic gives null.
            return b.NodeType switch
            {
                ExpressionType.Equal => left is null && right is null,
                ExpressionType.NotEqual => !(left is null && right is null),
                _ when comparison => false,
                _ when b.Method is not null && !b.IsLifted => Invoke(b, b.Method, null, [left, right]),
                _ => null,
            };
        }

        if (b.Method is not null)
        {
            return Invoke(b, b.Method, null, [left, right]);
        }

        if (b.NodeType is ExpressionType.Equal or ExpressionType.NotEqual && !(IsNumeric(left.GetType()) && IsNumeric(right.GetType())))
        {
            var equal = Equals(left, right);
            return b.NodeType == ExpressionType.Equal ? equal : !equal;
        }

        if (left is bool lb && right is bool rb)
        {
            return b.NodeType switch
            {
                ExpressionType.And => lb & rb,
                ExpressionType.Or => lb | rb,
                ExpressionType.ExclusiveOr => lb ^ rb,
                _ => throw Unsupported(b, $"operator {b.NodeType} on booleans cannot be evaluated"),
            };
        }

        if (left is double or float || right is double or float)
        {
            var x = Convert.ToDouble(left, CultureInfo.InvariantCulture);
            var y = Convert.ToDouble(right, CultureInfo.InvariantCulture);
            object result = b.NodeType switch
            {
                ExpressionType.Add or ExpressionType.AddChecked => x + y,
                ExpressionType.Subtract or ExpressionType.SubtractChecked => x - y,
                ExpressionType.Multiply or ExpressionType.MultiplyChecked => x * y,
                ExpressionType.Divide => x / y,
                ExpressionType.Modulo => x % y,
                ExpressionType.Equal => x == y,
                ExpressionType.NotEqual => x != y,
                ExpressionType.LessThan => x < y,
                ExpressionType.LessThanOrEqual => x <= y,
                ExpressionType.GreaterThan => x > y,
                ExpressionType.GreaterThanOrEqual => x >= y,
                _ => throw Unsupported(b, $"operator {b.NodeType} on floating point cannot be evaluated"),
            };
            return comparison ? result : ConvertValue(result, b.Type, b);
        }

        if (left is ulong ux && (right is ulong || b.NodeType is ExpressionType.LeftShift or ExpressionType.RightShift))
        {
            // C#'s ulong arithmetic: its division, remainder, orderings and right shift are unsigned (the others give the same bits as signed).
            var uy = right is ulong u ? u : unchecked((ulong)ToInt64(right));
            object result = b.NodeType switch
            {
                ExpressionType.Add or ExpressionType.AddChecked => unchecked(ux + uy),
                ExpressionType.Subtract or ExpressionType.SubtractChecked => unchecked(ux - uy),
                ExpressionType.Multiply or ExpressionType.MultiplyChecked => unchecked(ux * uy),
                ExpressionType.Divide => ux / uy,
                ExpressionType.Modulo => ux % uy,
                ExpressionType.And => ux & uy,
                ExpressionType.Or => ux | uy,
                ExpressionType.ExclusiveOr => ux ^ uy,
                ExpressionType.LeftShift => ux << (int)uy,
                ExpressionType.RightShift => ux >> (int)uy,
                ExpressionType.Equal => ux == uy,
                ExpressionType.NotEqual => ux != uy,
                ExpressionType.LessThan => ux < uy,
                ExpressionType.LessThanOrEqual => ux <= uy,
                ExpressionType.GreaterThan => ux > uy,
                ExpressionType.GreaterThanOrEqual => ux >= uy,
                _ => throw Unsupported(b, $"operator {b.NodeType} on ulong cannot be evaluated"),
            };
            return comparison ? result : ConvertValue(result, b.Type, b);
        }

        {
            var x = ToInt64(left);
            var y = ToInt64(right);
            if (b.NodeType is ExpressionType.Divide or ExpressionType.Modulo && y == -1 && x == int.MinValue && (Nullable.GetUnderlyingType(b.Type) ?? b.Type) == typeof(int))
            {
                // C# throws for int.MinValue / -1 and % -1 even unchecked (as long.MinValue's do in the 64-bit division below).
                throw new OverflowException($"'{b}' overflows: int.MinValue divided by -1.");
            }

            // C# masks a shift count by the shifted operand's width: 5 bits for int and uint, 6 for long (as the shift below does).
            var shifted = Nullable.GetUnderlyingType(b.Left.Type) ?? b.Left.Type;
            var count = (int)y & (shifted == typeof(int) || shifted == typeof(uint) ? 31 : 63);
            object result = b.NodeType switch
            {
                ExpressionType.Add or ExpressionType.AddChecked => unchecked(x + y),
                ExpressionType.Subtract or ExpressionType.SubtractChecked => unchecked(x - y),
                ExpressionType.Multiply or ExpressionType.MultiplyChecked => unchecked(x * y),
                ExpressionType.Divide => x / y,
                ExpressionType.Modulo => x % y,
                ExpressionType.And => x & y,
                ExpressionType.Or => x | y,
                ExpressionType.ExclusiveOr => x ^ y,
                ExpressionType.LeftShift => x << count,
                ExpressionType.RightShift => x >> count,
                ExpressionType.Equal => x == y,
                ExpressionType.NotEqual => x != y,
                ExpressionType.LessThan => x < y,
                ExpressionType.LessThanOrEqual => x <= y,
                ExpressionType.GreaterThan => x > y,
                ExpressionType.GreaterThanOrEqual => x >= y,
                _ => throw Unsupported(b, $"operator {b.NodeType} on integers cannot be evaluated"),
            };
            return comparison ? result : ConvertValue(result, b.Type, b);
        }
    }

    private object?[] EvalAll(IReadOnlyList<Expression> expressions)
    {
        if (expressions.Count == 0)
        {
            return [];
        }

        var values = new object?[expressions.Count];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = Eval(expressions[i]);
        }

        return values;
    }

    private static object? Invoke(Expression node, MethodInfo method, object? instance, object?[] args)
    {
        foreach (var parameter in method.GetParameters())
        {
            if (parameter.ParameterType.IsByRefLike)
            {
                throw Unsupported(node, $"method '{method.DeclaringType?.Name}.{method.Name}' takes a ref struct ('{parameter.Name}')");
            }
        }

        if (method.ReturnType.IsByRefLike)
        {
            throw Unsupported(node, $"method '{method.DeclaringType?.Name}.{method.Name}' returns a ref struct");
        }

        return method.Invoke(instance, BindingFlags.DoNotWrapExceptions, null, args, null);
    }

    private static long ToInt64(object value) => value switch
    {
        ulong ul => unchecked((long)ul),
        Enum e => ValueEncoding.EnumToInt64(e),
        _ => Convert.ToInt64(value, CultureInfo.InvariantCulture),
    };

    private static object NarrowInteger(long bits, Type target) => Type.GetTypeCode(target) switch
    {
        TypeCode.SByte => unchecked((sbyte)bits),
        TypeCode.Byte => unchecked((byte)bits),
        TypeCode.Int16 => unchecked((short)bits),
        TypeCode.UInt16 => unchecked((ushort)bits),
        TypeCode.Int32 => unchecked((int)bits),
        TypeCode.UInt32 => unchecked((uint)bits),
        TypeCode.Int64 => bits,
        TypeCode.UInt64 => unchecked((ulong)bits),
        TypeCode.Char => unchecked((char)bits),
        _ => throw new InvalidCastException($"'{target.FullName}' is not an integer type."),
    };

    private static bool IsIntegral(Type type) => Type.GetTypeCode(type) is TypeCode.SByte or TypeCode.Byte or TypeCode.Int16
        or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Char;

    private static bool IsNumeric(Type type) => IsIntegral(type) || type == typeof(double) || type == typeof(float);

    internal static NotSupportedException Unsupported(Expression? node, string why) =>
        new($"MicroDb cannot evaluate '{node}': {why}.");

    /// <summary>Evaluates a parameter-free expression to a sequence (for IN lists).</summary>
    internal static IEnumerable EvaluateSequence(Expression expression) =>
        EvaluateClosed(expression) as IEnumerable
        ?? throw new NotSupportedException($"MicroDb cannot use '{expression}' as a list of values: it evaluated to null.");
}
