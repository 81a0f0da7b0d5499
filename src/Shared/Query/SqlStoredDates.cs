// Shared source (see src/Shared/README.md): comparisons of a stored DateTime with a value, compiled into the runtime and the generator.
using System;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// A DateTime column compared with a value under MicroDb's storage format, as ranges over the stored form (so an index on
/// the column still serves it): the run-time translator (<c>SqlTranslator.Semantics</c>) and the build-time front end
/// (<c>MicroDbGenerator.ConditionDates</c>) write these nodes, and the intercepted binder (<c>InterceptedSite.Dates</c>)
/// computes the values. Each value is named by a <em>form</em>, which says how it derives from the compared DateTime:
/// <list type="bullet">
/// <item><c>k0</c>, <c>k1</c>, <c>k2</c>: its ticks with the kind 0, 1, 2 in the top two bits (MicroDb's ticks storage);</item>
/// <item><c>b0</c>, <c>b1</c>, <c>b2</c>: the lowest stored value of the kind (the kind's bits alone);</item>
/// <item><c>x0</c>, <c>x1</c>, <c>x2</c>: the highest (DateTime.MaxValue's ticks with the kind's bits);</item>
/// <item><c>p</c>, <c>pz</c>: its ISO-8601 text without the kind suffix, and that text followed by <c>Z</c> (<c>[StoreAsText]</c>).</item>
/// </list>
/// </summary>
internal static class SqlStoredDates
{
    /// <summary>DateTime.MaxValue.Ticks.</summary>
    private const long MaxTicks = 3155378975999999999;

    /// <summary>
    /// <c>(c IS NOT NULL AND c IN (k0, k1, k2))</c>, negated <c>(c IS NULL OR c NOT IN (k0, k1, k2))</c>: equal ticks,
    /// whatever the kind (.NET's DateTime equality ignores it).
    /// </summary>
    /// <param name="column">The column.</param>
    /// <param name="negate">Whether the comparison is <c>!=</c>.</param>
    /// <param name="parameter">Makes the parameter of a form, in slot order.</param>
    /// <returns>The condition.</returns>
    public static SqlExpression TicksEquality(SqlExpression column, bool negate, Func<string, SqlExpression> parameter)
    {
        var list = new SqlExpression[3];
        for (var kind = 0; kind < 3; kind++)
        {
            list[kind] = parameter("k" + Digit(kind));
        }

        var @in = new SqlIn(column, new ValueList<SqlExpression>(list), negate);
        return new SqlGroup(negate
            ? new SqlBinary(new SqlIsNull(column, Negated: false), SqlOperator.Or, @in)
            : new SqlBinary(new SqlIsNull(column, Negated: true), SqlOperator.And, @in));
    }

    /// <summary>
    /// <c>column op value</c> over ticks stored with their kind: one range per kind (the three kinds occupy disjoint blocks
    /// of the stored integers), ORed, in a group.
    /// </summary>
    /// <param name="column">The column.</param>
    /// <param name="op">The comparison with the column first: <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c> or <c>&gt;=</c>.</param>
    /// <param name="parameter">Makes the parameter of a form, in slot order.</param>
    /// <returns>The condition.</returns>
    public static SqlExpression TicksRange(SqlExpression column, string op, Func<string, SqlExpression> parameter)
    {
        var above = op is ">" or ">=";
        var (lowOp, highOp) = op switch
        {
            ">" => (SqlOperator.GreaterThan, SqlOperator.LessThanOrEqual),
            ">=" => (SqlOperator.GreaterThanOrEqual, SqlOperator.LessThanOrEqual),
            "<" => (SqlOperator.GreaterThanOrEqual, SqlOperator.LessThan),
            _ => (SqlOperator.GreaterThanOrEqual, SqlOperator.LessThanOrEqual),
        };
        SqlExpression? ranges = null;
        for (var kind = 0; kind < 3; kind++)
        {
            var digit = Digit(kind);
            var low = new SqlBinary(column, lowOp, parameter(above ? "k" + digit : "b" + digit));
            var high = new SqlBinary(column, highOp, parameter(above ? "x" + digit : "k" + digit));
            var range = new SqlGroup(new SqlBinary(low, SqlOperator.And, high));
            ranges = ranges is null ? range : new SqlBinary(ranges, SqlOperator.Or, range);
        }

        return new SqlGroup(ranges!);
    }

    /// <summary>
    /// A <c>[StoreAsText]</c> DateTime's equality: every stored text with the value's prefix <c>p</c> lies in
    /// <c>[p, p + "Z"]</c> (the suffix is "", "Z", "+hh:mm" or "-hh:mm"): <c>(c &gt;= p AND c &lt;= pz)</c>, negated
    /// <c>(c IS NULL OR c &lt; p OR c &gt; pz)</c>.
    /// </summary>
    /// <param name="column">The column.</param>
    /// <param name="negate">Whether the comparison is <c>!=</c>.</param>
    /// <param name="parameter">Makes the parameter of a form, in slot order.</param>
    /// <returns>The condition.</returns>
    public static SqlExpression TextEquality(SqlExpression column, bool negate, Func<string, SqlExpression> parameter)
    {
        var prefix = parameter("p");
        var last = parameter("pz");
        return new SqlGroup(negate
            ? new SqlBinary(new SqlBinary(new SqlIsNull(column, Negated: false), SqlOperator.Or, new SqlBinary(column, SqlOperator.LessThan, prefix)), SqlOperator.Or, new SqlBinary(column, SqlOperator.GreaterThan, last))
            : new SqlBinary(new SqlBinary(column, SqlOperator.GreaterThanOrEqual, prefix), SqlOperator.And, new SqlBinary(column, SqlOperator.LessThanOrEqual, last)));
    }

    /// <summary>A <c>[StoreAsText]</c> DateTime's ordering: <c>c op p</c>, or <c>c op pz</c> for <c>&gt;</c> and <c>&lt;=</c> (every suffix of the prefix is equal in .NET).</summary>
    /// <param name="column">The column.</param>
    /// <param name="op">The comparison with the column first: <c>&lt;</c>, <c>&lt;=</c>, <c>&gt;</c> or <c>&gt;=</c>.</param>
    /// <param name="parameter">Makes the parameter of a form.</param>
    /// <returns>The comparison (no group).</returns>
    public static SqlExpression TextRange(SqlExpression column, string op, Func<string, SqlExpression> parameter) =>
        new SqlBinary(column, SqlComparisons.Of(op), parameter(op is ">" or "<=" ? "pz" : "p"));

    /// <summary>The stored integer of a ticks form (<c>k</c>, <c>b</c>, <c>x</c> and a kind) for a DateTime's <paramref name="ticks"/>.</summary>
    /// <param name="form">The form.</param>
    /// <param name="ticks">The compared DateTime's ticks.</param>
    /// <returns>The value to bind.</returns>
    /// <exception cref="ArgumentException"><paramref name="form"/> is not a ticks form.</exception>
    public static long TicksValue(string form, long ticks)
    {
        if (form.Length != 2 || form[1] is < '0' or > '2')
        {
            throw new ArgumentException($"'{form}' is not a DateTime ticks form (k0..k2, b0..b2, x0..x2).", nameof(form));
        }

        var block = (long)(form[1] - '0') << 62;
        return form[0] switch
        {
            'k' => ticks | block,
            'b' => block,
            'x' => MaxTicks | block,
            _ => throw new ArgumentException($"'{form}' is not a DateTime ticks form (k0..k2, b0..b2, x0..x2).", nameof(form)),
        };
    }

    /// <summary>Whether <paramref name="form"/> is one of the ticks forms <see cref="TicksValue"/> computes.</summary>
    /// <param name="form">The form.</param>
    /// <returns>True for k0..k2, b0..b2, x0..x2.</returns>
    public static bool IsTicksForm(string form) => form.Length == 2 && form[0] is 'k' or 'b' or 'x' && form[1] is >= '0' and <= '2';

    private static string Digit(int kind) => kind switch { 0 => "0", 1 => "1", _ => "2" };
}
