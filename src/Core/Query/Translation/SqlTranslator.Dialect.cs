using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// The dialect's seams (QueryDialect, carried by the StorageFormat): under SQLite every answer is the translator's own
// form, so its output is unchanged. Under native storage (PostgreSQL) each kind is stored in a type whose equality and
// order are .NET's, so comparisons need no key expressions or ranges; what is left is NaN (stored, equal to itself in
// SQL and above every number, where .NET finds it equal to nothing and unordered, except Equals), text order (ordinal
// through the dialect's collation) and the constructs the dialect refuses.
internal sealed partial class SqlTranslator
{
    private QueryDialect Dialect => _format.Dialect;

    /// <summary>True when values are stored natively (<see cref="QueryDialect.NativeStorage"/>).</summary>
    private bool Native => _format.Dialect.NativeStorage;

    /// <summary>Throws when the dialect has no faithful translation of <paramref name="feature"/>.</summary>
    private void Refuse(Expression node, QueryFeature feature)
    {
        if (Dialect.Refuses(feature) is { } why)
        {
            throw Unsupported(node, why);
        }
    }

    /// <summary>The NaN literal of native storage.</summary>
    private static SqlLiteral NaN { get; } = new("'NaN'");

    /// <summary>
    /// Native storage: <c>open op value</c> for a closed, non-null value that is not NaN. A float operand is NaN-guarded for
    /// <c>&gt;</c> and <c>&gt;=</c> (NaN sorts above every number in SQL; in .NET it is greater than nothing); text is
    /// compared in ordinal order.
    /// </summary>
    private SqlExpression NativeOrdering(Expression open, string op, object value, StoredKey key)
    {
        TryColumn(open, out var column, out var memberType);
        var operand = Translate(open);
        SqlExpression comparison = Binary(key == StoredKey.String ? Dialect.Ordinal(operand) : operand, ComparisonOperator(op), Value(value, column, memberType));
        if (key == StoredKey.Floating && op is ">" or ">=")
        {
            comparison = Group(And(comparison, Binary(Translate(open), SqlOperator.NotEqual, NaN)));
        }

        return comparison;
    }

    /// <summary>
    /// Native storage: an operand equal to a closed, non-null value that is not NaN. A nullable column is
    /// <c>(c = v AND c IS NOT NULL)</c>, two-valued and served by an index on the column; its negation is
    /// <c>c IS DISTINCT FROM v</c>; any other operand that can be null compares with <c>IS [NOT] DISTINCT FROM</c>.
    /// </summary>
    private SqlExpression NativeEquality(Expression left, object value, bool negate)
    {
        var isColumn = TryColumn(left, out var column, out var memberType);
        var operand = Translate(left);
        var parameter = Value(value, isColumn ? column : null, isColumn ? memberType : null);
        if (isColumn && column.IsNullable && !negate)
        {
            return Group(And(Binary(operand, SqlOperator.Equal, parameter), new SqlIsNull(Translate(left), Negated: true)));
        }

        var nullable = isColumn ? column.IsNullable : CanBeNull(left.Type);
        return Group(Binary(operand, EqualityOperator(nullable, negate), parameter));
    }

    /// <summary>Native storage: two open operands ordered; each float side is NaN-guarded (any order with NaN is false in .NET).</summary>
    private SqlExpression NativeOrdering(Expression left, string op, Expression right)
    {
        SqlExpression comparison = Binary(Translate(left), ComparisonOperator(op), Translate(right));
        if (KeyOf(left) == StoredKey.Floating)
        {
            comparison = And(comparison, Binary(Translate(left), SqlOperator.NotEqual, NaN));
        }

        if (KeyOf(right) == StoredKey.Floating)
        {
            comparison = And(comparison, Binary(Translate(right), SqlOperator.NotEqual, NaN));
        }

        return comparison;
    }

    /// <summary>
    /// Native storage: two open operands equal (C#'s <c>==</c>: null equals null, NaN equals nothing), or, for
    /// <paramref name="equalsMethod"/> (<c>a.Equals(b)</c>), NaN equal to NaN as in SQL.
    /// </summary>
    private SqlExpression NativeEquality(Expression left, Expression right, bool negate, bool equalsMethod)
    {
        var nullable = CanBeNull(left.Type) || CanBeNull(right.Type);
        SqlExpression equal = Binary(Translate(left), EqualityOperator(nullable, negate: false), Translate(right));
        if (!equalsMethod && (KeyOf(left) == StoredKey.Floating || KeyOf(right) == StoredKey.Floating))
        {
            var side = KeyOf(left) == StoredKey.Floating ? left : right;
            equal = And(equal, Binary(Translate(side), SqlOperator.IsNot, NaN));
        }

        return negate ? Group(new SqlUnary(SqlUnaryOperator.Not, Group(equal))) : Group(equal);
    }

    /// <summary><c>a.Equals(b)</c> on a float under native storage: NaN equals NaN, as in SQL.</summary>
    private SqlExpression? TryNativeFloatEquals(Expression a, Expression b)
    {
        if (!Native || (KeyOf(a) != StoredKey.Floating && KeyOf(b) != StoredKey.Floating))
        {
            return null;
        }

        if (!Uses(a))
        {
            (a, b) = (b, a);
        }

        if (Uses(b))
        {
            return NativeEquality(a, b, negate: false, equalsMethod: true);
        }

        var value = Evaluate(b);
        return value is double.NaN or float.NaN
            ? Group(Binary(Translate(a), SqlOperator.Is, NaN))
            : null;
    }

    /// <summary>
    /// Native storage: an ORDER BY key in .NET's order. Text sorts ordinally; a float sorts null, then NaN, then the numbers
    /// (SQL puts NaN above every number), as one row value <c>ROW(rank, value)</c>, so the key stays one term.
    /// </summary>
    private SqlExpression NativeOrderKey(Expression body)
    {
        var type = Underlying(body.Type);
        if (type == typeof(byte[]) || type == typeof(Uri) || type == typeof(System.Text.StringBuilder))
        {
            throw Unsupported(body, $"{type.Name} values have no order in .NET (they are not IComparable)");
        }

        switch (KeyOf(body))
        {
            case StoredKey.String:
                return Dialect.Ordinal(Translate(body));
            case StoredKey.Floating:
                {
                    var value = Translate(body);
                    var isNull = new SqlIsNull(Translate(body), Negated: false);
                    var isNaN = Binary(Translate(body), SqlOperator.Equal, NaN);
                    var rank = new SqlCase(new ValueList<SqlWhen>([new SqlWhen(isNull, SqlLiteral.Zero), new SqlWhen(isNaN, SqlLiteral.One)]), SqlLiteral.Integer(2));
                    return new SqlFunction("ROW", rank, value);
                }

            default:
                return Translate(body);
        }
    }

    /// <summary>Native storage: a conversion. One that keeps the value and the type (nullable, enum) is the operand; a numeric one is the dialect's cast, or refused.</summary>
    private SqlExpression NativeConvert(UnaryExpression u)
    {
        var from = Underlying(u.Operand.Type);
        var to = Underlying(u.Type);
        if (from == to || from.IsEnum || to.IsEnum || to == typeof(object) || !to.IsValueType)
        {
            return Translate(u.Operand);
        }

        var cast = Dialect.NumericCast(from, to)
            ?? throw Unsupported(u, $"the conversion from {from.Name} to {to.Name} may change the value (C# truncates or wraps where {Dialect.Name} rounds or fails)");
        var operand = Translate(u.Operand);
        return cast.Length == 0 ? operand : new SqlCast(operand, cast);
    }

    /// <summary>Throws when the dialect computes arithmetic <paramref name="op"/> on <paramref name="type"/> otherwise than C#.</summary>
    private void RefuseArithmetic(Expression node, Type type, SqlOperator op)
    {
        if (Dialect.RefusesArithmetic(Underlying(type), op) is { } why)
        {
            throw Unsupported(node, why);
        }
    }

    /// <summary>Native storage: a string match that is NULL on a NULL operand is false, also under <c>!</c>.</summary>
    private SqlExpression NativeMatch(SqlExpression match) => Group(new SqlFunction("coalesce", match, Dialect.False));

    /// <summary>Native storage: <c>EndsWith</c> as <c>right(target, length(pattern)) = pattern</c>.</summary>
    private SqlExpression NativeEndsWith(SqlExpression target, Func<SqlExpression> pattern) =>
        Binary(new SqlFunction("right", target, new SqlFunction("length", pattern())), SqlOperator.Equal, pattern());

    /// <summary>Native storage: the key kinds that need care (floats, text); everything else compares directly.</summary>
    private static StoredKey NativeKey(StoredKey key) => key is StoredKey.Floating or StoredKey.String ? key : StoredKey.Direct;

    /// <summary>Native storage: a column whose <see cref="ColumnKind"/> is compared by reference in .NET.</summary>
    private void RefuseNativeReferenceEquality(Expression node, Expression operand)
    {
        if (Native && TryColumn(operand, out var column, out _) && column.Kind is ColumnKind.Blob or ColumnKind.StringBuilder or ColumnKind.Uri)
        {
            throw Unsupported(node, $"'{column.MemberName}' ({column.Kind}) compares by reference in .NET; compare it with null only");
        }
    }
}
