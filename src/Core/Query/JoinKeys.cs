using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>
/// The ON condition of a join, as LINQ-to-Objects' Join matches keys: a single key that is null matches nothing (its
/// lookup skips null keys), so the condition is <c>outer == inner AND outer IS NOT NULL</c>; a composite key
/// (<c>new { o.A, o.B }</c>) is an object that is never null, compared member by member with <c>Equals</c>, so a null
/// member matches a null member. The equality is C#'s, which the translator writes with the stored types' rules. The
/// rule is the same for every join kind: LINQ-to-Objects' LeftJoin, RightJoin and GroupJoin look keys up as Join does.
/// </summary>
internal static class JoinKeys
{
    /// <summary>The condition joining <paramref name="outer"/> and <paramref name="inner"/> keys.</summary>
    /// <exception cref="NotSupportedException">The keys cannot be compared in SQL (a byte array, or a composite key on one side only).</exception>
    // Expression.Equal finds op_Equality of these types by reflection (as the compiler's trees for Where do): keep them under NativeAOT.
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(decimal))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateTime))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateTimeOffset))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(TimeSpan))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(Guid))]
#if NET
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(DateOnly))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicMethods, typeof(TimeOnly))]
#endif
    public static Expression Condition(Expression outer, Expression inner, string operatorName)
    {
        if (outer is NewExpression { Members: not null } outerKey && inner is NewExpression { Members: not null } innerKey && outerKey.Arguments.Count == innerKey.Arguments.Count)
        {
            Expression? all = null;
            for (var i = 0; i < outerKey.Arguments.Count; i++)
            {
                var equal = Equal(outerKey.Arguments[i], innerKey.Arguments[i], operatorName);
                all = all is null ? equal : Expression.AndAlso(all, equal);
            }

            return all ?? Expression.Constant(true);
        }

        if (outer is NewExpression or MemberInitExpression || inner is NewExpression or MemberInitExpression)
        {
            throw new NotSupportedException($"MicroDb cannot translate {operatorName} on the key '{outer}' equals '{inner}': a composite key must be an anonymous type (new {{ a, b }}) on both sides.");
        }

        var condition = Equal(outer, inner, operatorName);
        return CanBeNull(outer.Type)
            ? Expression.AndAlso(condition, Expression.NotEqual(outer, Expression.Constant(null, outer.Type)))
            : condition;
    }

    private static Expression Equal(Expression left, Expression right, string operatorName)
    {
        var type = Nullable.GetUnderlyingType(left.Type) ?? left.Type;
        if (type == typeof(byte[]))
        {
            throw new NotSupportedException($"MicroDb cannot translate {operatorName} on the byte[] key '{left}': LINQ compares arrays by reference, which has no SQL form.");
        }

        if (type.IsEnum || type == typeof(char))
        {
            // C# compares enums and chars as their underlying integers.
            var integer = type.IsEnum ? Enum.GetUnderlyingType(type) : typeof(int);
            var target = left.Type == type ? integer : NullableOf(integer);
            return Expression.Equal(Expression.Convert(left, target), Expression.Convert(right, target));
        }

        return Expression.Equal(left, right);
    }

    // Nullable<T> of an integer type, without MakeGenericType (not AOT-safe).
    private static Type NullableOf(Type integer) => Type.GetTypeCode(integer) switch
    {
        TypeCode.SByte => typeof(sbyte?),
        TypeCode.Byte => typeof(byte?),
        TypeCode.Int16 => typeof(short?),
        TypeCode.UInt16 => typeof(ushort?),
        TypeCode.Int32 => typeof(int?),
        TypeCode.UInt32 => typeof(uint?),
        TypeCode.Int64 => typeof(long?),
        _ => typeof(ulong?),
    };

    private static bool CanBeNull(Type type) => !type.IsValueType || Nullable.GetUnderlyingType(type) is not null;
}
