using System.Globalization;
using System.Linq.Expressions;
using MicroDb.Native;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Comparisons under StorageFormat.SqliteNet, over the values as they read back (docs/sqlite-net-storage.md):
// - DateTime as ticks, DateTimeOffset as UtcTicks, TimeSpan as ticks: plain integers in .NET's order (StoredKey.Direct);
// - DateTime as text (StoredKey.SqliteNetText): the text reads back at the format's precision, so a value the format cannot
//   hold exactly compares with its truncated text accordingly; ordering needs a fixed-width sortable format, and a format
//   that writes a zone ("o", "r", K, z) is not compared at all;
// - decimal as REAL (StoredKey.SqliteNetDecimal): it reads back as (decimal)double, rounded to 15 significant digits, so SQL
//   compares that rounding (printf '%.15g'), and a value with more digits, which no stored value can equal, by its
//   15-digit neighbours;
// - TimeSpan as "c" text (StoredKey.TimeSpanText): one text per value, so equality is exact; the text does not order.
internal sealed partial class SqlTranslator
{
    /// <summary>The key of a stored type under the sqlite-net format, from the one MicroDb's own encodings give it.</summary>
    private StoredKey SqliteNetKey(StoredKey key, Type type)
    {
        switch (key)
        {
            case StoredKey.DateTime or StoredKey.DateTimeText:
                return _format.StoreDateTimeAsTicks ? StoredKey.Direct : StoredKey.SqliteNetText;
            case StoredKey.DateTimeOffset:
                return StoredKey.Direct;
            case StoredKey.Decimal:
                return StoredKey.SqliteNetDecimal;
            case StoredKey.Direct when type == typeof(TimeSpan) && !_format.StoreTimeSpanAsTicks:
                return StoredKey.TimeSpanText;
            default:
                return key;
        }
    }

    private SqliteNetDateText DateText => SqliteNetDateText.Of(_format.DateTimeStringFormat);

    /// <summary>Throws where the sqlite-net format's stored form of <paramref name="key"/> has no SQL order that is .NET's.</summary>
    private void RejectSqliteNetOrder(Expression node, StoredKey key)
    {
        if (key == StoredKey.TimeSpanText)
        {
            throw Unsupported(node, "TimeSpan is stored as \"c\" text under this sqlite-net format (storeTimeSpanAsTicks: false), and that text does not order as TimeSpan does (negative values, days); compare for equality only, or store TimeSpan as ticks");
        }

        if (key == StoredKey.SqliteNetText)
        {
            RejectZonedText(node);
            if (!DateText.Sortable)
            {
                throw Unsupported(node, $"DateTime is stored as text in the format \"{_format.DateTimeStringFormat}\", which does not sort as DateTime does; only fixed-width formats from year down (such as sqlite-net's default or \"yyyy-MM-dd HH:mm:ss\") order in SQL");
            }
        }
    }

    private void RejectZonedText(Expression node)
    {
        if (DateText.Zoned)
        {
            throw Unsupported(node, $"DateTime is stored as text in the format \"{_format.DateTimeStringFormat}\", which writes a zone: equal DateTime values can differ as text and a local one reads back converted, so SQL cannot compare them as .NET does");
        }
    }

    /// <summary>Text has no arithmetic: a DateTime or TimeSpan stored as text under the sqlite-net format cannot be added to.</summary>
    private void RejectSqliteNetTextArithmetic(Expression node, Expression operand)
    {
        if (_format.Kind == StorageFormatKind.SqliteNet && Uses(operand) && KeyOf(operand) is StoredKey.SqliteNetText or StoredKey.TimeSpanText)
        {
            var type = Underlying(operand.Type).Name;
            throw Unsupported(node, $"{type} is stored as text under this sqlite-net format, so SQL cannot compute with it; store it as ticks, or compute in memory after ToList()");
        }
    }

    /// <summary>The SQL value a sqlite-net key compares: the text or integer itself, or a decimal's 15-digit rounding.</summary>
    private SqlExpression SqliteNetKeyExpression(Expression e, StoredKey key)
    {
        if (key != StoredKey.SqliteNetDecimal)
        {
            if (key == StoredKey.SqliteNetText)
            {
                RejectZonedText(e);
            }

            return Translate(e);
        }

        if (!TryColumn(e, out _, out _))
        {
            // As under MicroDb's format: only a member's stored value reads back as a known decimal.
            throw Unsupported(e, "decimal arithmetic and conversions run in SQLite as REAL (inexact), so comparing or ordering their results would not match .NET; compare a decimal member with a value");
        }

        return SqlStoredKeys.SqliteNetDecimal(Translate(e));
    }

    /// <summary>
    /// The stored key of a closed value that a stored value can equal, as the format reads it back; false when none can
    /// (a DateTime finer than the text format, a decimal with more than 15 significant digits).
    /// </summary>
    private bool TrySqliteNetKeyValue(object value, StoredKey key, out object? keyValue, out object? below, out object? above)
    {
        below = above = null;
        if (key == StoredKey.SqliteNetDecimal)
        {
            var v = Convert.ToDecimal(value, CultureInfo.InvariantCulture);
            var rounded = RoundTripDecimal((double)v);

            // The double nearest the decimal, as SQLite's CAST of its text gives (decimal-to-double casts can be an ulp off).
            keyValue = double.Parse(rounded.ToString(CultureInfo.InvariantCulture), CultureInfo.InvariantCulture);
            if (rounded == v)
            {
                return true;
            }

            // Its 15-digit neighbour on each side (the rounding is one of them).
            below = rounded < v ? keyValue : null;
            above = rounded > v ? keyValue : null;
            return false;
        }

        if (key == StoredKey.SqliteNetText)
        {
            var v = (DateTime)value;
            var text = v.ToString(_format.DateTimeStringFormat, CultureInfo.InvariantCulture);
            keyValue = text;
            if (ValueEncoding.TryParseSqliteNetDateTime(text, _format, out var back) && back == v)
            {
                return true;
            }

            // Formats truncate: the text is the largest value at the format's precision below the value.
            below = text;
            return false;
        }

        keyValue = ValueEncoding.ToStorage(value, false, _format);
        return true;
    }

    private static decimal RoundTripDecimal(double value)
    {
        try
        {
            return (decimal)value;
        }
        catch (OverflowException)
        {
            // Beyond decimal: no stored value reads back as it, and every one that reads is nearer zero.
            return value > 0 ? decimal.MaxValue : decimal.MinValue;
        }
    }

    /// <summary><c>operand op value</c> for the sqlite-net text and decimal keys, exactly as .NET compares the read-back values.</summary>
    private SqlExpression SqliteNetComparison(Expression operand, StoredKey key, string op, object value)
    {
        if (op is not ("=" or "<>"))
        {
            RejectSqliteNetOrder(operand, key);
        }

        var exact = TrySqliteNetKeyValue(value, key, out var keyValue, out var below, out var above);
        var nullable = CanBeNull(operand.Type);
        if (exact)
        {
            var sqlOp = op switch
            {
                "=" => nullable ? SqlOperator.Is : SqlOperator.Equal,
                "<>" => nullable ? SqlOperator.IsNot : SqlOperator.NotEqual,
                _ => ComparisonOperator(op),
            };
            var k = SqliteNetKeyExpression(operand, key);
            return Group(Binary(k, sqlOp, Parameter(keyValue)));
        }

        if (key == StoredKey.SqliteNetText)
        {
            RejectZonedText(operand);
        }

        switch (op)
        {
            case "=":
                return SqlLiteral.Zero;
            case "<>":
                return SqlLiteral.One;
        }

        // No stored value equals it: below it means at or below its lower neighbour (or under the upper one).
        var lower = op is "<" or "<=";
        var storedKey = SqliteNetKeyExpression(operand, key);
        return lower
            ? Group(Binary(storedKey, below is not null ? SqlOperator.LessThanOrEqual : SqlOperator.LessThan, Parameter(below ?? above)))
            : Group(Binary(storedKey, above is not null ? SqlOperator.GreaterThanOrEqual : SqlOperator.GreaterThan, Parameter(above ?? below)));
    }
}
