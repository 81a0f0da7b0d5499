using System.Linq.Expressions;
using System.Reflection;
using MicroDb.Conformance.Models;

namespace MicroDb.Conformance;

/// <summary>
/// The differential property test of "the rule": for every stored type (every member of AllTypes), random rows with the
/// extremes mixed in, and for each comparison operator and pivot (as a constant and as a captured variable) the SQL rows
/// equal what C#'s operator gives over the materialized rows; OrderBy/OrderByDescending give the .NET order. A translation
/// may instead throw NotSupportedException naming the type, only where that is the documented outcome.
/// </summary>
public abstract partial class ConformanceSuite
{
    private const int SemanticsSeed = 1313;
    private const int SemanticsRows = 150;
    private const int SemanticsPivots = 10;

    private static readonly ExpressionType[] SemanticsOperators =
    [
        ExpressionType.Equal, ExpressionType.NotEqual, ExpressionType.LessThan,
        ExpressionType.LessThanOrEqual, ExpressionType.GreaterThan, ExpressionType.GreaterThanOrEqual,
    ];

    private sealed class Captured<TValue>
    {
        public TValue Value = default!;
    }

    [Test]
    public void Every_stored_type_compares_and_orders_as_in_dotnet() => CheckSemantics(StorageFormat.MicroDb);

    /// <summary>The same property test under each sqlite-net setting: comparisons over the values as that format reads them back.</summary>
    [TestCase("default")]
    [TestCase("dtText")]
    [TestCase("dtCustom")]
    [TestCase("dtRoundTrip")]
    [TestCase("tsText")]
    public void Every_stored_type_compares_and_orders_as_in_dotnet_under_sqlite_net(string setting) => CheckSemantics(SqliteNetSetting(setting));

    private void CheckSemantics(StorageFormat format)
    {
        var random = new Random(SemanticsSeed);
        var db = Open(tweak: o => o.Storage = format);
        db.CreateTable<AllTypes>();
        var inserted = Enumerable.Range(0, SemanticsRows).Select(_ => SemanticsSamples.Row(random)).ToList();
        if (format.Kind == StorageFormatKind.SqliteNet)
        {
            inserted.ForEach(SemanticsSamples.ReadableUnderSqliteNet);
        }

        db.InsertAll(inserted);
        var rows = db.Table<AllTypes>().ToList();
        Assert.That(rows, Has.Count.EqualTo(SemanticsRows));

        var failures = new List<string>();
        var checks = 0;
        foreach (var property in typeof(AllTypes).GetProperties())
        {
            if (property.Name == nameof(AllTypes.Id) || property.PropertyType == typeof(byte[]))
            {
                continue;
            }

            checks += CheckMemberOfType(db, rows, property, random, failures);
        }

        TestContext.Out.WriteLine($"seed {SemanticsSeed}, {format}, {SemanticsRows} rows, {checks} queries checked");
        foreach (var failure in failures)
        {
            TestContext.Out.WriteLine(failure);
        }

        Assert.That(failures, Is.Empty, $"seed {SemanticsSeed}: {failures.Count} mismatches");
    }

    // One generic instantiation per stored type, spelled out (no MakeGenericMethod over value types).
    private static int CheckMemberOfType(MicroDbConnection db, List<AllTypes> rows, PropertyInfo property, Random random, List<string> failures) => property.PropertyType switch
    {
        var t when t == typeof(bool) => CheckMember<bool>(db, rows, property, random, failures),
        var t when t == typeof(bool?) => CheckMember<bool?>(db, rows, property, random, failures),
        var t when t == typeof(byte) => CheckMember<byte>(db, rows, property, random, failures),
        var t when t == typeof(byte?) => CheckMember<byte?>(db, rows, property, random, failures),
        var t when t == typeof(sbyte) => CheckMember<sbyte>(db, rows, property, random, failures),
        var t when t == typeof(sbyte?) => CheckMember<sbyte?>(db, rows, property, random, failures),
        var t when t == typeof(short) => CheckMember<short>(db, rows, property, random, failures),
        var t when t == typeof(short?) => CheckMember<short?>(db, rows, property, random, failures),
        var t when t == typeof(ushort) => CheckMember<ushort>(db, rows, property, random, failures),
        var t when t == typeof(ushort?) => CheckMember<ushort?>(db, rows, property, random, failures),
        var t when t == typeof(int) => CheckMember<int>(db, rows, property, random, failures),
        var t when t == typeof(int?) => CheckMember<int?>(db, rows, property, random, failures),
        var t when t == typeof(uint) => CheckMember<uint>(db, rows, property, random, failures),
        var t when t == typeof(uint?) => CheckMember<uint?>(db, rows, property, random, failures),
        var t when t == typeof(long) => CheckMember<long>(db, rows, property, random, failures),
        var t when t == typeof(long?) => CheckMember<long?>(db, rows, property, random, failures),
        var t when t == typeof(ulong) => CheckMember<ulong>(db, rows, property, random, failures),
        var t when t == typeof(ulong?) => CheckMember<ulong?>(db, rows, property, random, failures),
        var t when t == typeof(float) => CheckMember<float>(db, rows, property, random, failures),
        var t when t == typeof(float?) => CheckMember<float?>(db, rows, property, random, failures),
        var t when t == typeof(double) => CheckMember<double>(db, rows, property, random, failures),
        var t when t == typeof(double?) => CheckMember<double?>(db, rows, property, random, failures),
        var t when t == typeof(decimal) => CheckMember<decimal>(db, rows, property, random, failures),
        var t when t == typeof(decimal?) => CheckMember<decimal?>(db, rows, property, random, failures),
        var t when t == typeof(char) => CheckMember<char>(db, rows, property, random, failures),
        var t when t == typeof(char?) => CheckMember<char?>(db, rows, property, random, failures),
        var t when t == typeof(Guid) => CheckMember<Guid>(db, rows, property, random, failures),
        var t when t == typeof(Guid?) => CheckMember<Guid?>(db, rows, property, random, failures),
        var t when t == typeof(DateTime) => CheckMember<DateTime>(db, rows, property, random, failures),
        var t when t == typeof(DateTime?) => CheckMember<DateTime?>(db, rows, property, random, failures),
        var t when t == typeof(DateTimeOffset) => CheckMember<DateTimeOffset>(db, rows, property, random, failures),
        var t when t == typeof(DateTimeOffset?) => CheckMember<DateTimeOffset?>(db, rows, property, random, failures),
        var t when t == typeof(TimeSpan) => CheckMember<TimeSpan>(db, rows, property, random, failures),
        var t when t == typeof(TimeSpan?) => CheckMember<TimeSpan?>(db, rows, property, random, failures),
        var t when t == typeof(DateOnly) => CheckMember<DateOnly>(db, rows, property, random, failures),
        var t when t == typeof(DateOnly?) => CheckMember<DateOnly?>(db, rows, property, random, failures),
        var t when t == typeof(TimeOnly) => CheckMember<TimeOnly>(db, rows, property, random, failures),
        var t when t == typeof(TimeOnly?) => CheckMember<TimeOnly?>(db, rows, property, random, failures),
        var t when t == typeof(Color) => CheckMember<Color>(db, rows, property, random, failures),
        var t when t == typeof(Color?) => CheckMember<Color?>(db, rows, property, random, failures),
        var t when t == typeof(Size) => CheckMember<Size>(db, rows, property, random, failures),
        var t when t == typeof(Size?) => CheckMember<Size?>(db, rows, property, random, failures),
        var t when t == typeof(Planet) => CheckMember<Planet>(db, rows, property, random, failures),
        var t when t == typeof(Planet?) => CheckMember<Planet?>(db, rows, property, random, failures),
        var t when t == typeof(Flags64) => CheckMember<Flags64>(db, rows, property, random, failures),
        var t when t == typeof(Flags64?) => CheckMember<Flags64?>(db, rows, property, random, failures),
        var t when t == typeof(string) => CheckMember<string?>(db, rows, property, random, failures),
        _ => throw new InvalidOperationException($"No semantics check for {property.PropertyType}: add it."),
    };

    private static int CheckMember<TValue>(MicroDbConnection db, List<AllTypes> rows, PropertyInfo property, Random random, List<string> failures)
    {
        var x = Expression.Parameter(typeof(AllTypes), "x");
        var member = Expression.Property(x, property);
        var values = rows.Select(r => (TValue)property.GetValue(r)!).ToList();
        var pivots = new List<TValue>();
        for (var i = 0; i < SemanticsPivots; i++)
        {
            // Half from the stored values (equality hits, equal values of other kinds, offsets or scales), half fresh or extreme.
            pivots.Add(i % 2 == 0 ? values[random.Next(values.Count)] : (TValue)SemanticsSamples.Value(random, typeof(TValue), property)!);
        }

        if (default(TValue) is null)
        {
            pivots.Add(default!);
        }

        var checks = 0;
        var underlying = Nullable.GetUnderlyingType(typeof(TValue)) ?? typeof(TValue);
        var textEnum = underlying.IsEnum && (property.GetCustomAttribute<StoreAsTextAttribute>() is not null || underlying.GetCustomAttribute<StoreAsTextAttribute>() is not null);
        foreach (var pivot in pivots)
        {
            var captured = new Captured<TValue> { Value = pivot };
            var forms = new (string Name, Expression Pivot)[]
            {
                ("constant", Expression.Constant(pivot, typeof(TValue))),
                ("captured", Expression.Field(Expression.Constant(captured), nameof(Captured<TValue>.Value))),
            };
            foreach (var op in SemanticsOperators)
            {
                var ordering = op is not (ExpressionType.Equal or ExpressionType.NotEqual);
                if (ordering && underlying == typeof(bool))
                {
                    continue;
                }

                foreach (var (form, pivotExpression) in forms)
                {
                    var predicate = Expression.Lambda<Func<AllTypes, bool>>(Comparison(op, member, pivotExpression), x);
                    var expected = rows.Where(r => underlying == typeof(string)
                        ? Holds(op, string.CompareOrdinal((string?)property.GetValue(r), (string?)(object?)pivot), 0)
                        : Holds(op, property.GetValue(r), pivot)).Select(r => r.Id).Order().ToList();
                    var label = $"{property.Name} {op} {form} {Show(pivot)}";
                    checks++;
                    try
                    {
                        var actual = db.Table<AllTypes>().Where(predicate).Select(r => r.Id).ToList().Order().ToList();
                        if (!actual.SequenceEqual(expected))
                        {
                            failures.Add($"{label}: expected {expected.Count} rows, got {actual.Count} (first difference id {expected.Except(actual).Concat(actual.Except(expected)).First()})");
                        }
                    }
                    catch (NotSupportedException ex)
                    {
                        var documented = Refused(db.Storage, underlying, ordering) && pivot is not null
                            || textEnum && ordering
                            || ordering && pivot is string s && s.Any(c => c >= '\uD800');
                        if (!documented || !ex.Message.Contains(underlying == typeof(string) ? "U+D800" : underlying.Name, StringComparison.Ordinal) && !textEnum)
                        {
                            failures.Add($"{label}: threw {ex.Message}");
                        }
                    }
                }
            }
        }

        // Ordering, both directions, and OrderBy().First() as the minimum.
        var key = Expression.Lambda<Func<AllTypes, TValue>>(member, x);
        foreach (var descending in new[] { false, true })
        {
            checks++;
            var comparer = Comparer<TValue>.Create((a, b) => CompareForOrder(a, b));
            var expected = descending ? values.OrderDescending(comparer).ToList() : values.Order(comparer).ToList();
            try
            {
                var query = descending ? db.Table<AllTypes>().OrderByDescending(key) : db.Table<AllTypes>().OrderBy(key);
                var actual = query.ToList().Select(r => (TValue)property.GetValue(r)!).ToList();
                if (!actual.SequenceEqual(expected, EqualityComparer<TValue>.Create((a, b) => CompareForOrder(a, b) == 0, _ => 0)))
                {
                    failures.Add($"OrderBy{(descending ? "Descending" : "")}({property.Name}): order differs from .NET's");
                }

                var first = query.First();
                if (CompareForOrder((TValue)property.GetValue(first)!, expected[0]) != 0)
                {
                    failures.Add($"OrderBy{(descending ? "Descending" : "")}({property.Name}).First(): {Show(property.GetValue(first))}, expected {Show(expected[0])}");
                }
            }
            catch (NotSupportedException ex)
            {
                if (!(Refused(db.Storage, underlying, ordering: true) && ex.Message.Contains(underlying.Name, StringComparison.Ordinal)) && !textEnum)
                {
                    failures.Add($"OrderBy({property.Name}) threw {ex.Message}");
                }
            }
        }

        return checks;
    }

    /// <summary>
    /// The documented refusals with a non-null value: MicroDb's DateTimeOffset text (any comparison); under sqlite-net's
    /// format, TimeSpan "c" text (ordering) and DateTime text in a format that writes a zone (any comparison).
    /// </summary>
    private static bool Refused(StorageFormat format, Type type, bool ordering)
    {
        if (format.Kind == StorageFormatKind.MicroDb)
        {
            return type == typeof(DateTimeOffset);
        }

        return type == typeof(TimeSpan) && ordering && !format.StoreTimeSpanAsTicks
            || type == typeof(DateTime) && !format.StoreDateTimeAsTicks && format.DateTimeStringFormat is "o" or "O";
    }

    /// <summary>The tree C# builds for <c>x.Member op pivot</c>: small integers, chars and enums compare as their promoted type; strings through CompareOrdinal.</summary>
    private static Expression Comparison(ExpressionType op, Expression member, Expression pivot)
    {
        var type = member.Type;
        var nullable = Nullable.GetUnderlyingType(type) is not null;
        var underlying = Nullable.GetUnderlyingType(type) ?? type;
        if (underlying == typeof(string))
        {
            var compare = typeof(string).GetMethod(nameof(string.CompareOrdinal), [typeof(string), typeof(string)])!;
            return Expression.MakeBinary(op, Expression.Call(compare, member, pivot), Expression.Constant(0));
        }

        var promoted = underlying.IsEnum ? Enum.GetUnderlyingType(underlying) : underlying;
        if (promoted == typeof(byte) || promoted == typeof(sbyte) || promoted == typeof(short) || promoted == typeof(ushort) || promoted == typeof(char))
        {
            promoted = typeof(int);
        }

        if (promoted != underlying)
        {
            var target = nullable ? typeof(Nullable<>).MakeGenericType(promoted) : promoted;
            member = Expression.Convert(member, target);
            pivot = Expression.Convert(pivot, target);
        }

        return Expression.MakeBinary(op, member, pivot);
    }

    /// <summary>C#'s operator semantics (for strings the tree is CompareOrdinal(a, b) op 0, checked on that int): null equals only null and orders with nothing; NaN equals nothing and orders with nothing.</summary>
    private static bool Holds(ExpressionType op, object? a, object? b)
    {
        var nan = a is double.NaN or float.NaN || b is double.NaN or float.NaN;
        switch (op)
        {
            case ExpressionType.Equal:
                return a is null || b is null ? a is null && b is null : !nan && CompareValues(a, b) == 0;
            case ExpressionType.NotEqual:
                return !Holds(ExpressionType.Equal, a, b);
        }

        if (a is null || b is null || nan)
        {
            return false;
        }

        var c = CompareValues(a, b);
        return op switch
        {
            ExpressionType.LessThan => c < 0,
            ExpressionType.LessThanOrEqual => c <= 0,
            ExpressionType.GreaterThan => c > 0,
            _ => c >= 0,
        };
    }

    private static int CompareValues(object a, object b) =>
        a is string s ? string.CompareOrdinal(s, (string)b) : ((IComparable)a).CompareTo(b);

    /// <summary>
    /// The order OrderBy gives: Comparer.Default (null and NaN first), strings by code point — MicroDb's documented string
    /// order, which is .NET's ordinal order except between characters above U+FFFF and U+E000–U+FFFF.
    /// </summary>
    private static int CompareForOrder<TValue>(TValue a, TValue b) =>
        a is string sa && b is string sb ? CompareCodePoints(sa, sb) : Comparer<TValue>.Default.Compare(a, b);

    private static int CompareCodePoints(string a, string b)
    {
        var ea = a.EnumerateRunes().GetEnumerator();
        var eb = b.EnumerateRunes().GetEnumerator();
        while (true)
        {
            var ha = ea.MoveNext();
            var hb = eb.MoveNext();
            if (!ha || !hb)
            {
                return ha.CompareTo(hb);
            }

            var c = ea.Current.Value.CompareTo(eb.Current.Value);
            if (c != 0)
            {
                return c;
            }
        }
    }

    private static string Show(object? value) => value switch
    {
        null => "null",
        DateTime d => d.ToString("O") + " " + d.Kind,
        string s => "\"" + string.Concat(s.Select(c => c < 128 ? c.ToString() : $"\\u{(int)c:X4}")) + "\"",
        _ => Convert.ToString(value, System.Globalization.CultureInfo.InvariantCulture) ?? "",
    };
}
