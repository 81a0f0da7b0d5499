using MicroDb.Conformance.Properties;

namespace MicroDb.Conformance;

// Property test, subqueries: Any/All/Count/Contains over another table inside Where, correlated on a key of every
// stored type (C#'s null == null included), against LINQ-to-Objects over the rows read back.
public abstract partial class ConformanceSuite
{
    [Test]
    public void Property_any_over_another_table_on_every_key_type_matches_linq([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, _, left, right, _, label) = OpenPropData(seed, sqliteNet);

        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Int == l.Int)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Int == l.Int)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on int? (null equals null)");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Long == l.Long)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Long == l.Long)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on long");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.ULong == l.ULong)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.ULong == l.ULong)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on ulong");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Decimal == l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Decimal == l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on decimal");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Date == l.Date)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Date == l.Date)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on DateTime");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.NDate == l.NDate)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.NDate == l.NDate)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on DateTime?");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Text == l.Text)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Text == l.Text)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on string?");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Guid == l.Guid)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Guid == l.Guid)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on Guid");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Tint == l.Tint && r.Amount > l.Amount)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Tint == l.Tint && r.Amount > l.Amount)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on an enum and an ordering");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Wide == l.Wide)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Wide == l.Wide)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on a nullable ulong enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Real == l.Real && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Real == l.Real && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on double and an enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Flag == l.Flag && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Flag == l.Flag && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on bool and an enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Day == l.Day && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Day == l.Day && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on DateOnly and an enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Span == l.Span && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Span == l.Span && r.Tint == l.Tint)).OrderBy(l => l.Id).Select(l => l.Id), label, "Any on TimeSpan and an enum");
        SameOrder(db.Table<PropLeft>().Where(l => !db.Table<PropRight>().Any(r => r.Real < l.Real)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => !right.Any(r => r.Real < l.Real)).OrderBy(l => l.Id).Select(l => l.Id), label, "no smaller double");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Day > l.Day)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Day > l.Day)).OrderBy(l => l.Id).Select(l => l.Id), label, "a later DateOnly");
        SameOrder(db.Table<PropLeft>().Where(l => !db.Table<PropRight>().Any(r => r.ULong > l.ULong)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => !right.Any(r => r.ULong > l.ULong)).OrderBy(l => l.Id).Select(l => l.Id), label, "no larger ulong (unsigned order across the sign bit)");
        SameOrder(db.Table<PropLeft>().Where(l => !db.Table<PropRight>().Any(r => r.Date < l.Date)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => !right.Any(r => r.Date < l.Date)).OrderBy(l => l.Id).Select(l => l.Id), label, "no earlier DateTime (kinds play no part)");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Any(r => r.Decimal > l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Any(r => r.Decimal > l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id), label, "a larger decimal (exact order)");
    }

    [Test]
    public void Property_all_count_and_contains_over_another_table_match_linq([ValueSource(nameof(PropertySeeds))] int seed, [Values] bool sqliteNet)
    {
        var (db, random, left, right, _, label) = OpenPropData(seed, sqliteNet);
        var least = random.Next(1, 4);

        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Where(r => r.Tint == l.Tint).All(r => r.Text != l.Text)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Where(r => r.Tint == l.Tint).All(r => r.Text != l.Text)).OrderBy(l => l.Id).Select(l => l.Id), label, "All with a string? condition (null != null is false)");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().All(r => r.Guid != l.Guid || r.Decimal <= l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.All(r => r.Guid != l.Guid || r.Decimal <= l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id), label, "All over Guid and decimal");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().All(r => r.Wide != l.Wide)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.All(r => r.Wide != l.Wide)).OrderBy(l => l.Id).Select(l => l.Id), label, "All over a nullable ulong enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Count(r => r.Date == l.Date) >= least).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Count(r => r.Date == l.Date) >= least).OrderBy(l => l.Id).Select(l => l.Id), label, $"Count on DateTime >= {least}");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Count(r => r.Decimal == l.Decimal && r.NDate != null) == 0).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Count(r => r.Decimal == l.Decimal && r.NDate != null) == 0).OrderBy(l => l.Id).Select(l => l.Id), label, "Count on decimal is 0");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().LongCount(r => r.Text == l.Text) > 1L).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.LongCount(r => r.Text == l.Text) > 1L).OrderBy(l => l.Id).Select(l => l.Id), label, "LongCount on string?");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Select(r => r.ULong).Contains(l.ULong)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Select(r => r.ULong).Contains(l.ULong)).OrderBy(l => l.Id).Select(l => l.Id), label, "Contains of ulong");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Select(r => r.Decimal).Contains(l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Select(r => r.Decimal).Contains(l.Decimal)).OrderBy(l => l.Id).Select(l => l.Id), label, "Contains of decimal");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Select(r => r.Date).Contains(l.Date)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Select(r => r.Date).Contains(l.Date)).OrderBy(l => l.Id).Select(l => l.Id), label, "Contains of DateTime");
        SameOrder(db.Table<PropLeft>().Where(l => !db.Table<PropRight>().Where(r => r.Amount > 2).Select(r => r.Guid).Contains(l.Guid)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => !right.Where(r => r.Amount > 2).Select(r => r.Guid).Contains(l.Guid)).OrderBy(l => l.Id).Select(l => l.Id), label, "not Contains of Guid");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Select(r => r.Tint).Contains(l.Tint)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Select(r => r.Tint).Contains(l.Tint)).OrderBy(l => l.Id).Select(l => l.Id), label, "Contains of an enum");
        SameOrder(db.Table<PropLeft>().Where(l => db.Table<PropRight>().Select(r => r.Long).Contains(l.Long)).OrderBy(l => l.Id).Select(l => l.Id).ToList(),
            left.Where(l => right.Select(r => r.Long).Contains(l.Long)).OrderBy(l => l.Id).Select(l => l.Id), label, "Contains of long");
    }
}
