using MicroDb.Conformance.Query;

namespace MicroDb.Conformance;

/// <summary>Sum, Average, Min, Max, LongCount and All: in SQL, with LINQ's results and its empty and null rules.</summary>
public abstract partial class ConformanceSuite
{
    private MicroDbConnection OpenNumbers(out List<NumberRow> rows, int count = 200)
    {
        var db = OpenWith<NumberRow>();
        rows = NumberRow.Generate(QuerySeed, count);
        db.InsertAll(rows);
        return db;
    }

    [Test]
    public void Sum_matches_linq_for_every_numeric_type()
    {
        var db = OpenNumbers(out var rows);
        var q = db.Table<NumberRow>().Where(x => x.Id % 3 != 0);
        var r = rows.Where(x => x.Id % 3 != 0).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(q.Sum(x => x.I), Is.EqualTo(r.Sum(x => x.I)));
            Assert.That(q.Sum(x => x.NI), Is.EqualTo(r.Sum(x => x.NI)));
            Assert.That(q.Sum(x => x.L), Is.EqualTo(r.Sum(x => x.L)));
            Assert.That(q.Sum(x => x.NL), Is.EqualTo(r.Sum(x => x.NL)));
            Assert.That(q.Sum(x => x.F), Is.EqualTo(r.Sum(x => x.F)));
            Assert.That(q.Sum(x => x.NF), Is.EqualTo(r.Sum(x => x.NF)));
            Assert.That(q.Sum(x => x.D), Is.EqualTo(r.Sum(x => x.D)));
            Assert.That(q.Sum(x => x.ND), Is.EqualTo(r.Sum(x => x.ND)));
            Assert.That(q.Sum(x => x.M), Is.EqualTo(r.Sum(x => x.M)));
            Assert.That(q.Sum(x => x.NM), Is.EqualTo(r.Sum(x => x.NM)));
            Assert.That(q.Sum(x => x.I * 2 + x.L), Is.EqualTo(r.Sum(x => x.I * 2 + x.L)));
        });
    }

    [Test]
    public void Sum_of_empty_is_zero_for_every_numeric_type()
    {
        var q = OpenWith<NumberRow>().Table<NumberRow>();
        Assert.Multiple(() =>
        {
            Assert.That(q.Sum(x => x.I), Is.EqualTo(0));
            Assert.That(q.Sum(x => x.NI), Is.EqualTo(0));
            Assert.That(q.Sum(x => x.L), Is.EqualTo(0L));
            Assert.That(q.Sum(x => x.NL), Is.EqualTo(0L));
            Assert.That(q.Sum(x => x.F), Is.EqualTo(0f));
            Assert.That(q.Sum(x => x.NF), Is.EqualTo(0f));
            Assert.That(q.Sum(x => x.D), Is.EqualTo(0d));
            Assert.That(q.Sum(x => x.ND), Is.EqualTo(0d));
            Assert.That(q.Sum(x => x.M), Is.EqualTo(0m));
            Assert.That(q.Sum(x => x.NM), Is.EqualTo(0m));
        });
    }

    [Test]
    public void Sum_of_only_nulls_is_zero()
    {
        var db = OpenWith<NumberRow>();
        db.InsertAll(new[] { new NumberRow(), new NumberRow() });
        var q = db.Table<NumberRow>();
        Assert.That(q.Sum(x => x.NI), Is.EqualTo(0));
        Assert.That(q.Sum(x => x.ND), Is.EqualTo(0d));
        Assert.That(q.Sum(x => x.NM), Is.EqualTo(0m));
    }

    [Test]
    public void Sum_of_int_that_overflows_throws_OverflowException()
    {
        var db = OpenWith<NumberRow>();
        db.InsertAll(new[] { new NumberRow { I = int.MaxValue, L = long.MaxValue }, new NumberRow { I = 1, L = 1 } });
        Assert.Throws<OverflowException>(() => db.Table<NumberRow>().Sum(x => x.I));
        Assert.Throws<OverflowException>(() => db.Table<NumberRow>().Sum(x => x.L));
        Assert.Throws<OverflowException>(() => db.Table<NumberRow>().Average(x => x.L));

        // LINQ throws too.
        Assert.Throws<OverflowException>(() => new[] { int.MaxValue, 1 }.Sum());
    }

    [Test]
    public void Decimal_sum_and_average_are_exact()
    {
        var db = OpenWith<NumberRow>();
        var values = new[] { 1234567890.123456789012345678m, 0.000000000000000001m, 0.1m, 0.2m };
        db.InsertAll(values.Select(v => new NumberRow { M = v, NM = v }));
        Assert.That(db.Table<NumberRow>().Sum(x => x.M), Is.EqualTo(values.Sum()));
        Assert.That(db.Table<NumberRow>().Sum(x => x.NM), Is.EqualTo(values.Sum()));
        Assert.That(db.Table<NumberRow>().Average(x => x.M), Is.EqualTo(values.Average()));
        Assert.That(db.Table<NumberRow>().Max(x => x.M), Is.EqualTo(values.Max()));
        Assert.That(db.Table<NumberRow>().Min(x => x.NM), Is.EqualTo(values.Min()));

        // The double sum would lose the tiny value.
        Assert.That((decimal)values.Sum(v => (double)v), Is.Not.EqualTo(values.Sum()));
    }

    [Test]
    public void Average_matches_linq_for_every_numeric_type()
    {
        var db = OpenNumbers(out var rows);
        var q = db.Table<NumberRow>().Where(x => x.I > -500);
        var r = rows.Where(x => x.I > -500).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(q.Average(x => x.I), Is.EqualTo(r.Average(x => x.I)));
            Assert.That(q.Average(x => x.NI), Is.EqualTo(r.Average(x => x.NI)));
            Assert.That(q.Average(x => x.L), Is.EqualTo(r.Average(x => x.L)));
            Assert.That(q.Average(x => x.NL), Is.EqualTo(r.Average(x => x.NL)));
            Assert.That(q.Average(x => x.F), Is.EqualTo(r.Average(x => x.F)));
            Assert.That(q.Average(x => x.NF), Is.EqualTo(r.Average(x => x.NF)));
            Assert.That(q.Average(x => x.D), Is.EqualTo(r.Average(x => x.D)));
            Assert.That(q.Average(x => x.ND), Is.EqualTo(r.Average(x => x.ND)));
            Assert.That(q.Average(x => x.M), Is.EqualTo(r.Average(x => x.M)));
            Assert.That(q.Average(x => x.NM), Is.EqualTo(r.Average(x => x.NM)));
        });
    }

    [Test]
    public void Average_of_empty_non_nullable_throws()
    {
        var q = OpenWith<NumberRow>().Table<NumberRow>();
        Assert.Multiple(() =>
        {
            Assert.Throws<InvalidOperationException>(() => q.Average(x => x.I));
            Assert.Throws<InvalidOperationException>(() => q.Average(x => x.L));
            Assert.Throws<InvalidOperationException>(() => q.Average(x => x.F));
            Assert.Throws<InvalidOperationException>(() => q.Average(x => x.D));
            Assert.Throws<InvalidOperationException>(() => q.Average(x => x.M));
        });
    }

    [Test]
    public void Average_of_empty_or_all_null_nullable_is_null()
    {
        var db = OpenWith<NumberRow>();
        var q = db.Table<NumberRow>();
        Assert.That(q.Average(x => x.NI), Is.Null);
        Assert.That(q.Average(x => x.NM), Is.Null);
        db.InsertAll(new[] { new NumberRow(), new NumberRow() });
        Assert.Multiple(() =>
        {
            Assert.That(q.Average(x => x.NI), Is.Null);
            Assert.That(q.Average(x => x.NL), Is.Null);
            Assert.That(q.Average(x => x.NF), Is.Null);
            Assert.That(q.Average(x => x.ND), Is.Null);
            Assert.That(q.Average(x => x.NM), Is.Null);
        });
    }

    [Test]
    public void Min_and_Max_match_linq_for_every_numeric_type()
    {
        var db = OpenNumbers(out var rows);
        var q = db.Table<NumberRow>().Where(x => x.Id % 2 == 0);
        var r = rows.Where(x => x.Id % 2 == 0).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(q.Min(x => x.I), Is.EqualTo(r.Min(x => x.I)));
            Assert.That(q.Max(x => x.NI), Is.EqualTo(r.Max(x => x.NI)));
            Assert.That(q.Min(x => x.NI), Is.EqualTo(r.Min(x => x.NI)));
            Assert.That(q.Max(x => x.L), Is.EqualTo(r.Max(x => x.L)));
            Assert.That(q.Min(x => x.NL), Is.EqualTo(r.Min(x => x.NL)));
            Assert.That(q.Max(x => x.F), Is.EqualTo(r.Max(x => x.F)));
            Assert.That(q.Min(x => x.NF), Is.EqualTo(r.Min(x => x.NF)));
            Assert.That(q.Max(x => x.D), Is.EqualTo(r.Max(x => x.D)));
            Assert.That(q.Min(x => x.ND), Is.EqualTo(r.Min(x => x.ND)));
            Assert.That(q.Max(x => x.M), Is.EqualTo(r.Max(x => x.M)));
            Assert.That(q.Min(x => x.NM), Is.EqualTo(r.Min(x => x.NM)));
            Assert.That(q.Max(x => x.I - x.NI), Is.EqualTo(r.Max(x => x.I - x.NI)));
            Assert.That(q.Max(x => x.Name), Is.EqualTo(r.Max(x => x.Name)));
            Assert.That(q.Min(x => x.Name), Is.EqualTo(r.Min(x => x.Name)));
        });
    }

    [Test]
    public void Max_of_empty_non_nullable_throws()
    {
        var q = OpenWith<NumberRow>().Table<NumberRow>();
        Assert.Multiple(() =>
        {
            Assert.Throws<InvalidOperationException>(() => q.Max(x => x.I));
            Assert.Throws<InvalidOperationException>(() => q.Min(x => x.L));
            Assert.Throws<InvalidOperationException>(() => q.Max(x => x.D));
            Assert.Throws<InvalidOperationException>(() => q.Min(x => x.M));
            Assert.Throws<InvalidOperationException>(() => q.Where(x => x.I > 0).Select(x => x.F).Max());
        });
    }

    [Test]
    public void Max_of_empty_or_all_null_nullable_is_null()
    {
        var db = OpenWith<NumberRow>();
        var q = db.Table<NumberRow>();
        Assert.That(q.Max(x => x.NI), Is.Null);
        Assert.That(q.Min(x => x.Name), Is.Null);
        db.InsertAll(new[] { new NumberRow(), new NumberRow() });
        Assert.Multiple(() =>
        {
            Assert.That(q.Max(x => x.NI), Is.Null);
            Assert.That(q.Min(x => x.NL), Is.Null);
            Assert.That(q.Max(x => x.ND), Is.Null);
            Assert.That(q.Min(x => x.NM), Is.Null);
            Assert.That(q.Max(x => x.Name), Is.Null);
        });
    }

    [Test]
    public void Aggregates_run_in_sql_without_reading_whole_rows()
    {
        // A value no entity can be read from: the aggregates must not materialise rows (Enumerable's operators would, and throw).
        var db = OpenNumbers(out var rows, count: 20);
        db.Execute("INSERT INTO number_rows (I, L, F, D, M, NI) VALUES (0, 0, 0, 0, '0', 'not a number')");
        Assert.That(() => db.Table<NumberRow>().ToList(), Throws.InstanceOf<MicroDbException>(), "the poison row must fail materialisation");
        var q = db.Table<NumberRow>();
        Assert.Multiple(() =>
        {
            Assert.That(q.Sum(x => x.L), Is.EqualTo(rows.Sum(x => x.L)));
            Assert.That(q.Max(x => x.D), Is.EqualTo(Math.Max(0, rows.Max(x => x.D))));
            Assert.That(q.Average(x => x.I), Is.EqualTo(rows.Sum(x => x.I) / 21d));
            Assert.That(q.Sum(x => x.M), Is.EqualTo(rows.Sum(x => x.M)));
            Assert.That(q.LongCount(x => x.L > 0), Is.EqualTo(rows.LongCount(x => x.L > 0)));
            Assert.That(q.All(x => x.Id > 0), Is.True);
            Assert.That(q.Where(x => x.Id <= 20).Last().Id, Is.EqualTo(20));
        });
    }

    [Test]
    public void All_matches_linq_with_nulls_and_predicates()
    {
        var q = QueryDb.Table<QueryItem>();
        Assert.Multiple(() =>
        {
            Assert.That(q.All(x => x.Age >= 0), Is.EqualTo(QueryRows.All(x => x.Age >= 0)));
            Assert.That(q.All(x => x.Height > 50), Is.EqualTo(QueryRows.All(x => x.Height > 50)));
            Assert.That(q.Where(x => x.Height != null).All(x => x.Height > 50), Is.EqualTo(QueryRows.Where(x => x.Height != null).All(x => x.Height > 50)));
            Assert.That(q.All(x => x.Name != "Zed"), Is.EqualTo(QueryRows.All(x => x.Name != "Zed")));
            Assert.That(q.Where(x => x.Age > 1000).All(x => x.Age < 0), Is.True, "All of no rows is true");
        });
    }

    [Test]
    public void LongCount_matches_linq()
    {
        Assert.That(QueryDb.Table<QueryItem>().LongCount(), Is.EqualTo(QueryRows.LongCount()));
        Assert.That(QueryDb.Table<QueryItem>().LongCount(x => x.Flag == true), Is.EqualTo(QueryRows.LongCount(x => x.Flag == true)));
        Assert.That(QueryDb.Table<QueryItem>().Take(5).LongCount(), Is.EqualTo(5L));
    }

    [Test]
    public void Aggregates_after_Take_use_only_the_limited_rows()
    {
        var q = QueryDb.Table<QueryItem>().OrderBy(x => x.Score).ThenBy(x => x.Id).Skip(3).Take(10);
        var r = QueryRows.OrderBy(x => x.Score).ThenBy(x => x.Id).Skip(3).Take(10).ToList();
        Assert.That(q.Sum(x => x.Age), Is.EqualTo(r.Sum(x => x.Age)));
        Assert.That(q.Max(x => x.Age), Is.EqualTo(r.Max(x => x.Age)));
        Assert.That(q.Average(x => x.Height), Is.EqualTo(r.Average(x => x.Height)));
        Assert.That(q.Sum(x => x.Price), Is.EqualTo(r.Sum(x => x.Price)));
    }

    [Test]
    public void Max_of_a_text_enum_throws_NotSupportedException()
    {
        Assert.Throws<NotSupportedException>(() => QueryDb.Table<QueryItem>().Max(x => x.Shade));
    }

    [Test]
    public void Sum_and_Average_of_a_projection_match_linq()
    {
        var db = OpenNumbers(out var rows);
        var q = db.Table<NumberRow>().Where(x => x.I > 0);
        var r = rows.Where(x => x.I > 0).ToList();
        Assert.Multiple(() =>
        {
            Assert.That(q.Select(x => x.I).Sum(), Is.EqualTo(r.Sum(x => x.I)));
            Assert.That(q.Select(x => x.NL).Sum(), Is.EqualTo(r.Sum(x => x.NL)));
            Assert.That(q.Select(x => x.ND).Average(), Is.EqualTo(r.Average(x => x.ND)));
            Assert.That(q.Select(x => x.M).Sum(), Is.EqualTo(r.Sum(x => x.M)));
            Assert.That(q.Select(x => x.NM).Average(), Is.EqualTo(r.Average(x => x.NM)));
            Assert.That(q.Select(x => x.I % 10).Sum(), Is.EqualTo(r.Sum(x => x.I % 10)));
        });
    }

    [Test]
    public void Sum_of_distinct_values_adds_each_value_once()
    {
        var db = OpenWith<NumberRow>();
        db.InsertAll(new[] { 5, 5, 7, 7, 7, 1 }.Select(i => new NumberRow { I = i }));
        Assert.That(db.Table<NumberRow>().Select(x => x.I).Distinct().Sum(), Is.EqualTo(13));
        Assert.That(db.Table<NumberRow>().Select(x => x.I).Distinct().Average(), Is.EqualTo(13 / 3d));
        Assert.That(db.Table<NumberRow>().Select(x => x.I).Sum(), Is.EqualTo(32));
    }
}
