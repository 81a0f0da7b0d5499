using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// Property test, one table: comparisons with random captured values and OrderBy on a column of every stored type.
// These chains are ones the generator intercepts, so on the generated runner they also run through the build-time
// front end, and InterceptionCheck compares its SQL, values and rows with the run-time front end's.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Property_comparisons_and_ordering_on_every_key_type_match_linq([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, random, left, _, _, label) = OpenPropData(seed, sqliteNet);
        for (var round = 0; round < 4; round++)
        {
            var i = PropValues.Pick(random, PropValues.Ints);
            var n = PropValues.Pick(random, PropValues.Longs);
            var u = PropValues.Pick(random, PropValues.ULongs);
            var d = PropValues.Pick(random, PropValues.Decimals);
            var t = PropValues.Pick(random, PropValues.Dates);
            var s = PropValues.Pick(random, PropValues.Texts);
            var g = PropValues.Pick(random, PropValues.Guids);
            var e = PropValues.Pick(random, PropValues.Tints);
            var w = PropValues.Pick(random, PropValues.Wides);
            var x = PropValues.Pick(random, PropValues.Reals);
            var day = PropValues.Pick(random, PropValues.Days);
            var span = PropValues.Pick(random, PropValues.Spans);
            var what = $"round {round} (i {i}, n {n}, u {u}, d {d}, t {t:O} {t.Kind}, s '{s}', g {g}, e {e}, w {w}, x {x:R}, day {day:O}, span {span})";

            SameOrder(db.Table<PropLeft>().Where(l => l.Int == i || l.Long < n).OrderBy(l => l.Int).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Int == i || l.Long < n).OrderBy(l => l.Int).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": int? and long");
            SameOrder(db.Table<PropLeft>().Where(l => l.ULong >= u).OrderByDescending(l => l.ULong).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.ULong >= u).OrderByDescending(l => l.ULong).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": ulong");
            SameOrder(db.Table<PropLeft>().Where(l => l.Decimal == d || l.Decimal > d + 1m).OrderBy(l => l.Decimal).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Decimal == d || l.Decimal > d + 1m).OrderBy(l => l.Decimal).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": decimal");
            SameOrder(db.Table<PropLeft>().Where(l => l.Date == t || l.NDate < t).OrderBy(l => l.Date).ThenByDescending(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Date == t || l.NDate < t).OrderBy(l => l.Date).ThenByDescending(l => l.Id).Select(l => l.Id), label, what + ": DateTime and DateTime?");
            SameOrder(db.Table<PropLeft>().Where(l => l.NDate != t).OrderByDescending(l => l.NDate).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.NDate != t).OrderByDescending(l => l.NDate).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": DateTime? != (null rows kept)");
            SameOrder(db.Table<PropLeft>().Where(l => l.Text != s && string.CompareOrdinal(l.Text, s) <= 0).OrderBy(l => l.Text).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Text != s && string.CompareOrdinal(l.Text, s) <= 0).OrderBy(l => l.Text, StringComparer.Ordinal).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": string? ordinal");
            SameOrder(db.Table<PropLeft>().Where(l => l.Guid != g).OrderBy(l => l.Guid).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Guid != g).OrderBy(l => l.Guid).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": Guid");
            SameOrder(db.Table<PropLeft>().Where(l => l.Tint == e || l.Wide == w).OrderBy(l => l.Wide).ThenBy(l => l.Tint).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Tint == e || l.Wide == w).OrderBy(l => l.Wide).ThenBy(l => l.Tint).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": enums");
            SameOrder(db.Table<PropLeft>().Where(l => l.Wide > w).OrderBy(l => l.Id).Skip(round).Take(10).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Wide > w).OrderBy(l => l.Id).Skip(round).Take(10).Select(l => l.Id), label, what + ": ulong enum ordering (null never greater)");
            SameOrder(db.Table<PropLeft>().Where(l => l.Real >= x || l.Day == day).OrderBy(l => l.Real).ThenByDescending(l => l.Day).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Real >= x || l.Day == day).OrderBy(l => l.Real).ThenByDescending(l => l.Day).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": double and DateOnly");
            SameOrder(db.Table<PropLeft>().Where(l => l.Span == span || (l.Flag && l.Span != span)).OrderBy(l => l.Flag).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Span == span || (l.Flag && l.Span != span)).OrderBy(l => l.Flag).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": TimeSpan equality and bool");
            Assert.That(db.Table<PropLeft>().Count(l => l.Date > t && l.ULong < u), Is.EqualTo(left.Count(l => l.Date > t && l.ULong < u)), $"{label}: {what}: Count");

            // Chains of the types the build-time front end lowers (integers, enums, string and Guid equality), so the
            // generated runner runs them intercepted and checked against the run-time front end.
            var k = random.Next(-3, 10);
            SameOrder(db.Table<PropLeft>().Where(l => l.Long < n && l.Tint != e).OrderBy(l => l.Long).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Long < n && l.Tint != e).OrderBy(l => l.Long).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": long and enum, intercepted");
            SameOrder(db.Table<PropLeft>().Where(l => l.Text == s || l.Guid != g).OrderBy(l => l.Tint).ThenByDescending(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Text == s || l.Guid != g).OrderBy(l => l.Tint).ThenByDescending(l => l.Id).Select(l => l.Id), label, what + ": string and Guid equality, intercepted");
            SameOrder(db.Table<PropLeft>().Where(l => l.Amount >= k && !(l.Text != s)).OrderBy(l => l.Text).ThenBy(l => l.Id).Skip(2).Take(5).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Amount >= k && !(l.Text != s)).OrderBy(l => l.Text, StringComparer.Ordinal).ThenBy(l => l.Id).Skip(2).Take(5).Select(l => l.Id), label, what + ": ordered by string, paged, intercepted");
            SameOrder(db.Table<PropLeft>().Where(l => l.Amount < k).OrderByDescending(l => l.Text).ThenBy(l => l.Guid).ThenBy(l => l.Id).ToList().Select(l => l.Id).ToList(),
                left.Where(l => l.Amount < k).OrderByDescending(l => l.Text, StringComparer.Ordinal).ThenBy(l => l.Guid).ThenBy(l => l.Id).Select(l => l.Id), label, what + ": ordered by string and Guid, intercepted");
            Assert.That(db.Table<PropLeft>().Count(l => l.Tint == e && l.Long != n), Is.EqualTo(left.Count(l => l.Tint == e && l.Long != n)), $"{label}: {what}: Count, intercepted");
            Assert.That(db.Table<PropLeft>().Any(l => l.Guid == g && l.Amount > k), Is.EqualTo(left.Any(l => l.Guid == g && l.Amount > k)), $"{label}: {what}: Any, intercepted");
        }
    }
}
