using System.Linq.Expressions;
using MicroDb.Mapping;
using MicroDb.Query.Model;

namespace MicroDb.Query;

// Group aggregates SQL's own functions would get wrong (issue 22): decimal Sum/Average (stored as text, SQLite adds REAL),
// Min/Max of ulong, enums, DateTime, DateTimeOffset and decimal (their stored form does not order like the .NET value) and
// of strings (LINQ compares them with the current culture). They run as MicroDb's registered aggregate functions
// (ExactAggregates): Min/Max pick the row by the same order key ORDER BY uses and return its stored value, which the row
// reader reads with the column's typed reader; decimal sums are added as decimal.
// In a HAVING condition or an ORDER BY of the group, the same aggregate is compared through its key (KeyOf and Key see it
// through ExactGroupAggregate): a decimal Sum/Average as the exact decimal key text of the total (the key a decimal
// constant is bound as), a keyed Min/Max as the least (greatest) order key itself, which is the chosen value's key. String
// Min/Max is compared as its value, ordinally, as MicroDb compares any string.
internal sealed partial class SqlTranslator
{
    private SqlExpression? TryExactGroupAggregate(MethodCallExpression call, string name, Expression selector, Type type)
    {
        if (!IsExactAggregateType(name, type))
        {
            return null;
        }

        if (name is "Sum" or "Average")
        {
            return SqlAggregates.DecimalTotal(name, DecimalSummand(call, name, selector));
        }

        if (type == typeof(string))
        {
            return SqlAggregates.TextExtreme(name, Stored(selector));
        }

        RejectTextEnum(call, selector);

        // The row with the least (greatest) order key, as ORDER BY orders the type; its stored value is read back as the member's.
        var key = ExactOrderKey(selector, KeyOf(selector));
        return SqlAggregates.Best(name, key, Stored(selector));
    }

    private static bool IsExactAggregateType(string name, Type type) =>
        type == typeof(decimal) || (name is "Min" or "Max" && (type == typeof(ulong) || type == typeof(DateTime) || type == typeof(DateTimeOffset) || type == typeof(string) || type.IsEnum));

    /// <summary>The decimal member a decimal Sum/Average adds (arithmetic on decimals would run in SQLite as REAL).</summary>
    private SqlExpression DecimalSummand(MethodCallExpression call, string name, Expression selector)
    {
        if (!TryColumn(selector, out var column, out _) || column.Kind != ColumnKind.Decimal)
        {
            throw Unsupported(call, $"{name} of a decimal over a group is exact for a decimal member ('x => x.Price'); decimal arithmetic in SQL runs as REAL");
        }

        return ColumnRef(column);
    }

    /// <summary>
    /// The SQL whose SQLite order is .NET's for <paramref name="selector"/>'s values: its key (<see cref="Key"/>), and for a
    /// DateTimeOffset stored as text, its instant as UtcTicks (<see cref="SqlAggregates.UtcTicks"/>), as LINQ compares them.
    /// </summary>
    private SqlExpression ExactOrderKey(Expression selector, StoredKey key) =>
        key == StoredKey.DateTimeOffset ? new SqlFunction(SqlAggregates.UtcTicks, Stored(selector)) : Key(selector, key);

    /// <summary>
    /// <paramref name="e"/> (through conversions that keep its type) as an exact aggregate of the group being translated,
    /// with the element value it reads, or null.
    /// </summary>
    private (MethodCallExpression Call, string Name, Expression Selector, Type Type)? ExactGroupAggregate(Expression e)
    {
        if (_group is null || Native || StripConvert(e) is not MethodCallExpression call || Underlying(e.Type) != Underlying(call.Type)
            || call.Method.DeclaringType != typeof(Enumerable) || call.Arguments.Count == 0 || !ReferenceEquals(StripConvert(call.Arguments[0]), _group)
            || call.Method.Name is not ("Sum" or "Average" or "Min" or "Max"))
        {
            return null;
        }

        var bare = call.Arguments.Count == 1 && _groupElement is not null && !ReferenceEquals(_groupElement, _parameter);
        if (call.Arguments.Count != 2 && !bare)
        {
            return null;
        }

        var selector = call.Arguments.Count == 2 ? Element(call.Arguments[1]) : _groupElement!;
        var type = Underlying(selector.Type);
        return IsExactAggregateType(call.Method.Name, type) ? (call, call.Method.Name, selector, type) : null;
    }

    /// <summary>How an exact aggregate compares (<see cref="KeyOf"/>): a decimal total by its exact key, a Min/Max as its element's values do.</summary>
    private StoredKey? ExactAggregateKeyOf(Expression e)
    {
        if (ExactGroupAggregate(e) is not { } exact)
        {
            return null;
        }

        if (exact.Name is "Sum" or "Average")
        {
            // The total is exact decimal text whatever the storage format (sqlite-net's REAL summands are added as decimal).
            return StoredKey.Decimal;
        }

        var key = KeyOf(exact.Selector);
        if (key is StoredKey.SqliteNetText or StoredKey.SqliteNetDecimal or StoredKey.TimeSpanText)
        {
            throw Unsupported(e, $"{exact.Name} of '{exact.Type.Name}' over a group is computed exactly, but under this sqlite-net storage format its stored form has no exact SQL comparison in a condition (HAVING) or an ordering; select it and filter or sort the results");
        }

        return key;
    }

    /// <summary>The order key of an exact aggregate in a HAVING condition or an ordering (<see cref="Key"/>), or null for another operand.</summary>
    private SqlExpression? ExactAggregateKey(Expression e, StoredKey key)
    {
        if (key is not (StoredKey.UInt64 or StoredKey.DateTime or StoredKey.DateTimeText or StoredKey.Decimal or StoredKey.DateTimeOffset) || ExactGroupAggregate(e) is not { } exact)
        {
            return null;
        }

        if (exact.Name is "Sum" or "Average")
        {
            // The exact decimal key of the total (DecimalKey's text), which a decimal value is bound as.
            return SqlAggregates.DecimalTotalKey(exact.Name, DecimalSummand(exact.Call, exact.Name, exact.Selector));
        }

        RejectTextEnum(exact.Call, exact.Selector);

        // The least (greatest) order key is the chosen value's key: SQLite's min/max over the key orders as microdb_min does.
        return new SqlFunction(exact.Name == "Min" ? "min" : "max", ExactOrderKey(exact.Selector, key));
    }

    /// <summary>
    /// A value compared with an exact aggregate of a column of <paramref name="kind"/> under MicroDb's format, as
    /// <see cref="KeyValue"/> binds it (for an intercepted HAVING, <c>InterceptedSite.HavingKeyValue</c>): a decimal's exact
    /// key text (a decimal total's under either format), a DateTime's ticks or ISO text prefix; null for another pair.
    /// </summary>
    internal static object? ExactAggregateKeyValue(object value, ColumnKind kind) => (kind, value) switch
    {
        (ColumnKind.Decimal, decimal d) => DecimalKey(d),
        (ColumnKind.DateTime, DateTime t) => t.Ticks,
        (ColumnKind.DateTimeText, DateTime t) => DateTimeTextPrefix(t),
        _ => null,
    };

    /// <summary>The stored value of <paramref name="e"/>: its column as stored (a decimal's text, not the REAL it compares as), else its translation.</summary>
    private SqlExpression Stored(Expression e) => TryColumn(e, out var column, out _) ? ColumnRef(column) : Translate(e);
}
