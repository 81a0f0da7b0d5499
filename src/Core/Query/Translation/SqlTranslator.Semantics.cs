using System.Linq.Expressions;
#if !NET
using UInt128 = System.Numerics.BigInteger;
#endif
using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// .NET semantics over MicroDb's storage encodings, for equality, ordering comparisons and ORDER BY keys. Where SQLite's
// order of the stored form differs from .NET's order of the value, a comparison of a column with a value becomes ranges
// over the stored form (so an index on the column still serves it), and any other comparison or sort compares a key
// expression whose SQLite order is .NET's. See StoredKey for each type.
internal sealed partial class SqlTranslator
{
    // The ISO-8601 round-trip text of a DateTime is 27 characters before its kind suffix ("", "Z" or "+hh:mm").
    private const int DateTimeTextLength = SqlStoredKeys.DateTimeTextLength;

    /// <summary>How a stored type compares in SQL.</summary>
    private enum StoredKey
    {
        /// <summary>SQLite's order of the stored value is .NET's.</summary>
        Direct,
        /// <summary><c>ulong</c> (and ulong enums) by bit pattern: negative stored values are the largest.</summary>
        UInt64,
        /// <summary>DateTime ticks with the kind in the top two bits: .NET ignores the kind.</summary>
        DateTime,
        /// <summary>DateTime as ISO text: the kind suffix takes no part.</summary>
        DateTimeText,
        /// <summary>Decimal as exact invariant text.</summary>
        Decimal,
        /// <summary>DateTimeOffset as ISO text with its offset: no SQL form orders instants.</summary>
        DateTimeOffset,
        /// <summary>float/double: NaN is stored as NULL.</summary>
        Floating,
        /// <summary>Text: SQLite orders UTF-8 bytes (code points), .NET ordinal orders UTF-16 code units.</summary>
        String,
        /// <summary>sqlite-net format: DateTime as text in the connection's DateTimeStringFormat.</summary>
        SqliteNetText,
        /// <summary>sqlite-net format: decimal as REAL, read back rounded to 15 significant digits.</summary>
        SqliteNetDecimal,
        /// <summary>sqlite-net format: TimeSpan as "c" text (equality only).</summary>
        TimeSpanText,
    }

    /// <summary>The stored form of an operand: its column's kind when it is one (or a coalesce/conditional over one), else by type.</summary>
    private StoredKey KeyOf(Expression e)
    {
        if (_group is not null && ExactAggregateKeyOf(e) is { } exact)
        {
            return exact;
        }

        var key = MicroDbKeyOf(e, out var type);
        if (Native)
        {
            return NativeKey(key);
        }

        return _format.Kind == StorageFormatKind.SqliteNet ? SqliteNetKey(key, type) : key;
    }

    private StoredKey MicroDbKeyOf(Expression e, out Type type)
    {
        var column = StorageColumn(e, out var memberType);
        type = Underlying(memberType ?? e.Type);
        if (column is not null)
        {
            switch (column.Kind)
            {
                case ColumnKind.UInt64:
                    return StoredKey.UInt64;
                case ColumnKind.Enum when type.IsEnum && Enum.GetUnderlyingType(type) == typeof(ulong):
                    return StoredKey.UInt64;
                case ColumnKind.DateTime:
                    return StoredKey.DateTime;
                case ColumnKind.DateTimeText:
                    return StoredKey.DateTimeText;
                case ColumnKind.Decimal:
                    return StoredKey.Decimal;
                case ColumnKind.DateTimeOffset:
                    return StoredKey.DateTimeOffset;
                case ColumnKind.Single or ColumnKind.Double:
                    return StoredKey.Floating;
                case ColumnKind.String:
                    return StoredKey.String;
            }

            return StoredKey.Direct;
        }

        if (type == typeof(ulong) || (type.IsEnum && Enum.GetUnderlyingType(type) == typeof(ulong)))
        {
            return StoredKey.UInt64;
        }

        if (type == typeof(DateTime))
        {
            return StoredKey.DateTime;
        }

        if (type == typeof(decimal))
        {
            return StoredKey.Decimal;
        }

        if (type == typeof(DateTimeOffset))
        {
            return StoredKey.DateTimeOffset;
        }

        return type == typeof(double) || type == typeof(float) ? StoredKey.Floating : type == typeof(string) ? StoredKey.String : StoredKey.Direct;
    }

    /// <summary>The column an operand's stored form comes from, looking through coalesce and conditionals.</summary>
    private ColumnMapping? StorageColumn(Expression e, out Type? memberType)
    {
        if (TryColumn(e, out var column, out var type))
        {
            memberType = type;
            return column;
        }

        e = StripConvert(e);
        switch (e)
        {
            case BinaryExpression { NodeType: ExpressionType.Coalesce } coalesce:
                return StorageColumn(coalesce.Left, out memberType) ?? StorageColumn(coalesce.Right, out memberType);
            case ConditionalExpression conditional:
                return StorageColumn(conditional.IfTrue, out memberType) ?? StorageColumn(conditional.IfFalse, out memberType);
            case MemberExpression { Member.Name: "Date", Expression: { } date } when date.Type == typeof(DateTime):
                // DateTime.Date keeps the stored form (ticks with kind, or ISO text with its suffix).
                return StorageColumn(date, out memberType);
        }

        memberType = null;
        return null;
    }

    /// <summary>The SQL key of an operand whose SQLite order (and equality) is .NET's for its type.</summary>
    private SqlExpression Key(Expression e, StoredKey key)
    {
        if (_group is not null && ExactAggregateKey(e, key) is { } exact)
        {
            return exact;
        }

        switch (key)
        {
            case StoredKey.UInt64:
                {
                    // Flip the sign bit: ((v | min) - (v & min)) is v XOR min without overflow, and orders bit patterns as unsigned.
                    var or = Group(Binary(Translate(e), SqlOperator.BitwiseOr, Parameter(long.MinValue)));
                    var and = Group(Binary(Translate(e), SqlOperator.BitwiseAnd, Parameter(long.MinValue)));
                    return Group(Binary(or, SqlOperator.Subtract, and));
                }

            case StoredKey.DateTime:
                return SqlStoredKeys.DateTimeTicks(Translate(e));
            case StoredKey.DateTimeText:
                return SqlStoredKeys.DateTimeText(Translate(e));
            case StoredKey.Decimal:
                return DecimalKeyExpression(e);
            case StoredKey.DateTimeOffset:
                throw Unsupported(e, DateTimeOffsetReason);
            case StoredKey.Floating when !ReadsNull(e):
                // A non-nullable float reads a stored NULL (NaN when written) as 0; SQL treats it the same (lifted too).
                return SqlStoredKeys.FloatingNotNull(Translate(e));
            case StoredKey.Floating or StoredKey.Direct when SqlStoredKeys.KeysFloatingBranches(Underlying(e.Type).FullName) && StripConvert(e) is ConditionalExpression conditional && Uses(conditional.Test):
                // A double?/float? ?: keys each non-nullable float branch as that float (its stored NULL is 0, not the null of the
                // other branch), by its type (not by the column its first branch reads), as the generator's grouping keys do.
                return Group(new SqlCase(TranslateBoolean(conditional.Test), FloatingBranchKey(conditional.IfTrue), FloatingBranchKey(conditional.IfFalse)));
            case StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal or StoredKey.TimeSpanText:
                return SqliteNetKeyExpression(e, key);
            default:
                return Translate(e);
        }
    }

    /// <summary>
    /// Whether a compared operand reads as null: its type can be null, unless it is a non-nullable value lifted to compare
    /// with a nullable one (<c>x.Double == x.NDouble</c>): a non-nullable float column's stored NULL (NaN when written)
    /// reads as 0, so it compares as 0 (never as NULL, never guarded away). The generator's conditions apply the same rule
    /// (MicroDbGenerator.ConditionValues.cs, a lifted operand's <c>ZeroHolds</c>).
    /// </summary>
    private static bool ReadsNull(Expression e) =>
        CanBeNull(e.Type) && !(e is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } lift && !CanBeNull(lift.Operand.Type));

    /// <summary>A branch of a nullable floating-point <c>?:</c> key: a non-nullable float branch read as its key (<c>ifnull(v, 0)</c>), a nested <c>?:</c> by the same rule.</summary>
    private SqlExpression FloatingBranchKey(Expression branch)
    {
        var value = StripConvert(branch);
        if (!Uses(value))
        {
            return Translate(branch);
        }

        if (value.Type == typeof(double) || value.Type == typeof(float))
        {
            return SqlStoredKeys.FloatingNotNull(Translate(branch));
        }

        return value is ConditionalExpression nested && Uses(nested.Test)
            ? Group(new SqlCase(TranslateBoolean(nested.Test), FloatingBranchKey(nested.IfTrue), FloatingBranchKey(nested.IfFalse)))
            : Translate(branch);
    }

    /// <summary>A key value no stored value equals (in an IN list it matches nothing).</summary>
    private static readonly object NoStoredValue = new();

    private const string DateTimeOffsetReason =
        "DateTimeOffset is stored as ISO-8601 text with its offset, so SQL would compare text, not instants (equal instants with "
        + "different offsets differ, and the order is wrong across offsets); compare against null only, store a UTC DateTime "
        + "instead, or call ToList() first and compare in memory";

    /// <summary>The value of <see cref="Key"/> for a closed value.</summary>
    private object? KeyValue(object value, StoredKey key) => key switch
    {
        StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal or StoredKey.TimeSpanText => TrySqliteNetKeyValue(value, key, out var stored, out _, out _) ? stored : NoStoredValue,
        StoredKey.UInt64 => unchecked((long)(ToUInt64Bits(value) ^ (1UL << 63))),
        StoredKey.DateTime => ((DateTime)value).Ticks,
        StoredKey.DateTimeText => DateTimeTextPrefix((DateTime)value),
        StoredKey.Decimal => DecimalKey(Convert.ToDecimal(value, System.Globalization.CultureInfo.InvariantCulture)),

        // Only an exact group aggregate's key reaches here (a DateTimeOffset column refuses ordering): its instant.
        StoredKey.DateTimeOffset => ((DateTimeOffset)value).UtcTicks,
        _ => value,
    };

    private static ulong ToUInt64Bits(object value) => value switch
    {
        ulong u => u,
        Enum e => unchecked((ulong)ValueEncoding.EnumToInt64(e)),
        _ => unchecked((ulong)Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture)),
    };

    private static string DateTimeTextPrefix(DateTime value) => ValueEncoding.FormatDateTimeText(value)[..DateTimeTextLength];

    /// <summary>
    /// <c>column op value</c> for a column and a closed, non-null value as ranges over the stored form, so an index on
    /// the column still serves it. Null when the pair needs no special form (the caller writes a plain comparison).
    /// </summary>
    private SqlExpression? TryColumnRange(Expression node, ColumnMapping column, Type memberType, StoredKey key, string op, object value)
    {
        var sqlOp = ComparisonOperator(op);
        switch (key)
        {
            case StoredKey.Floating when !CanBeNull(memberType):
                return FloatingComparison(column, op, value);
            case StoredKey.UInt64:
                {
                    var stored = unchecked((long)ToUInt64Bits(value));
                    var name = ColumnRef(column);
                    var compare = Binary(name, sqlOp, Parameter(stored));

                    // Unsigned order: 0..long.MaxValue stored as themselves, then 2^63..ulong.MaxValue stored negative.
                    var negative = Binary(name, SqlOperator.LessThan, SqlLiteral.Zero);
                    var positive = Binary(name, SqlOperator.GreaterThanOrEqual, SqlLiteral.Zero);
                    return Group(op is ">" or ">="
                        ? (stored >= 0 ? Or(compare, negative) : And(compare, negative))
                        : (stored >= 0 ? And(positive, compare) : Or(positive, compare)));
                }

            case StoredKey.DateTime:
                {
                    // One range per kind: the three kinds occupy disjoint blocks of the stored integers.
                    var ticks = ((DateTime)value).Ticks;
                    return SqlStoredDates.TicksRange(ColumnRef(column), op, form => Parameter(SqlStoredDates.TicksValue(form, ticks)));
                }

            case StoredKey.DateTimeText:
                {
                    // Every stored text with prefix p lies in [p, p + "Z"]: the suffix is "", "Z", "+hh:mm" or "-hh:mm".
                    var prefix = DateTimeTextPrefix((DateTime)value);
                    return SqlStoredDates.TextRange(ColumnRef(column), op, form => Parameter(form == "p" ? prefix : prefix + "Z"));
                }

            case StoredKey.String:
                RejectNonBmpOrder(node, (string)value);
                return null;
            case StoredKey.DateTimeOffset:
                throw Unsupported(node, DateTimeOffsetReason);
        }

        return null;
    }

    /// <summary>A column's equality with a closed non-null value for the stored types whose text or bits differ for equal values.</summary>
    private SqlExpression? TryColumnEquality(Expression node, ColumnMapping column, Type memberType, StoredKey key, object value, bool negate)
    {
        List<object?> candidates;
        switch (key)
        {
            case StoredKey.Floating when !CanBeNull(memberType):
                return FloatingComparison(column, negate ? "<>" : "=", value);
            case StoredKey.DateTime:
                {
                    // Equal whatever the kind: the three stored forms of the same ticks.
                    var ticks = ((DateTime)value).Ticks;
                    return SqlStoredDates.TicksEquality(ColumnRef(column), negate, form => Parameter(SqlStoredDates.TicksValue(form, ticks)));
                }

            case StoredKey.Decimal:
                // 1.0m == 1.00m: every scale the value has.
                candidates = [.. DecimalSpellings(Convert.ToDecimal(value, System.Globalization.CultureInfo.InvariantCulture))];
                break;
            case StoredKey.DateTimeText:
                {
                    var prefix = DateTimeTextPrefix((DateTime)value);
                    return SqlStoredDates.TextEquality(ColumnRef(column), negate, form => Parameter(form == "p" ? prefix : prefix + "Z"));
                }

            case StoredKey.DateTimeOffset:
                throw Unsupported(node, DateTimeOffsetReason);
            default:
                return null;
        }

        var quoted = ColumnRef(column);
        var list = new SqlExpression[candidates.Count];
        for (var i = 0; i < list.Length; i++)
        {
            list[i] = Parameter(candidates[i]);
        }

        var @in = new SqlIn(quoted, new ValueList<SqlExpression>(list), negate);
        return Group(negate ? Or(new SqlIsNull(quoted, Negated: false), @in) : And(new SqlIsNull(quoted, Negated: true), @in));
    }

    /// <summary>
    /// <c>column op value</c> for a non-nullable float column, whose stored NULL (NaN when written) reads back as 0: the
    /// NULL rows are included exactly when <c>0 op value</c> holds, so the comparison stays a plain (indexable) one.
    /// </summary>
    private SqlExpression FloatingComparison(ColumnMapping column, string op, object value)
    {
        var number = Convert.ToDouble(value, System.Globalization.CultureInfo.InvariantCulture);
        var zeroHolds = SqlFloatingNulls.ZeroHolds(op, number);
        var name = ColumnRef(column);
        var compare = Binary(name, ComparisonOperator(op), Parameter(number));
        return Group(zeroHolds ? Or(new SqlIsNull(name, Negated: false), compare) : And(new SqlIsNull(name, Negated: true), compare));
    }

    /// <summary>
    /// A string comparison with a value agrees with .NET's ordinal order unless the value has a character at or above U+D800:
    /// SQLite compares UTF-8 (code points), .NET UTF-16 code units, and the two orders differ only between surrogate pairs
    /// and U+E000–U+FFFF.
    /// </summary>
    private void RejectNonBmpOrder(Expression node, string value)
    {
        foreach (var c in value)
        {
            if (c >= '\uD800')
            {
                throw Unsupported(node, "ordering a string against text with a character at or above U+D800 is not supported: SQLite orders UTF-8 by code point, .NET's ordinal order is by UTF-16 code unit, and they differ between surrogate pairs and U+E000–U+FFFF");
            }
        }
    }

    /// <summary>
    /// A decimal's sort key as SQL over its stored text: '1' and the magnitude (29 integer digits, 28 fraction digits) for
    /// values at or above zero, '0' and the magnitude with its digits mapped to letters in reverse order for negatives.
    /// </summary>
    private SqlExpression DecimalKeyExpression(Expression e)
    {
        if (!TryColumn(e, out var column, out _) || column.Kind != ColumnKind.Decimal)
        {
            throw Unsupported(e, "decimal arithmetic and conversions run in SQLite as REAL (inexact), so comparing or ordering their results would not match .NET; compare a decimal member with a value");
        }

        return SqlStoredKeys.Decimal(ColumnRef(column));
    }

    /// <summary>The key <see cref="DecimalKeyExpression"/> computes, for a value.</summary>
    internal static string DecimalKey(decimal value)
    {
        var text = ValueEncoding.FormatDecimal(value);
        var negative = text.StartsWith('-');
        var magnitude = text.TrimStart('-');
        var dot = magnitude.IndexOf('.');
        var integer = dot < 0 ? magnitude : magnitude[..dot];
        var fraction = dot < 0 ? "" : magnitude[(dot + 1)..];
        var key = integer.PadLeft(29, '0') + fraction.PadRight(28, '0');
        if (!negative)
        {
            return "1" + key;
        }

        var chars = key.ToCharArray();
        for (var i = 0; i < chars.Length; i++)
        {
            chars[i] = (char)('j' - (chars[i] - '0'));
        }

        return "0" + new string(chars);
    }

    /// <summary>
    /// Every stored text of a value equal to <paramref name="value"/>: the same number at each scale it fits (the IN list of
    /// a decimal's equality, here and at an intercepted site: <c>InterceptedSite.Text</c>'s <c>decimal</c> form).
    /// </summary>
    internal static IEnumerable<object?> DecimalSpellings(decimal value)
    {
        Span<int> bits = stackalloc int[4];
        decimal.GetBits(value, bits);
        var negative = bits[3] < 0;
        var scale = (bits[3] >> 16) & 0xFF;
        var mantissa = ((UInt128)(uint)bits[2] << 64) | ((UInt128)(uint)bits[1] << 32) | (uint)bits[0];
        while (scale > 0 && mantissa % 10 == 0)
        {
            mantissa /= 10;
            scale--;
        }

        var limit = (UInt128)1 << 96;
        var spellings = new List<object?>();
        for (; scale <= 28 && mantissa < limit; scale++, mantissa *= 10)
        {
            var d = new decimal((int)(uint)(mantissa & uint.MaxValue), (int)(uint)((mantissa >> 32) & uint.MaxValue), (int)(uint)(mantissa >> 64), negative, (byte)scale);
            spellings.Add(ValueEncoding.FormatDecimal(d));
        }

        return spellings;
    }
}
