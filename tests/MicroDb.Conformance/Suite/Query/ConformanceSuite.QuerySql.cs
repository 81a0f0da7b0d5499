using MicroDb.Conformance.Query;
using MicroDb.Native;

namespace MicroDb.Conformance;

/// <summary>The SQL each operator produces, and the encoded parameter values.</summary>
public abstract partial class ConformanceSuite
{
    private const string AllQueryColumns = "SELECT \"Id\", \"Name\", \"Age\", \"Score\", \"Height\", \"Active\", \"Hue\", \"Shade\", \"Born\", \"BornText\", \"Price\", \"Token\", \"Initial\", \"Flag\", \"Big\" FROM \"query_items\"";

    private (string Sql, List<object?> Args) BuildSql(Func<MicroDb.Query.TableQuery<QueryItem>, MicroDb.Query.TableQuery<QueryItem>> shape) =>
        shape(QueryDb.Table<QueryItem>()).BuildSelect(new MicroDb.Query.Model.ValueList<MicroDb.Query.Model.SqlExpression>([new MicroDb.Query.Model.SqlLiteral("*")]), includeOrder: true);

    [Test]
    public void Table_selects_every_column_in_order()
    {
        Assert.That(QueryDb.Table<QueryItem>().ToSqlString(), Is.EqualTo(AllQueryColumns));
    }

    [Test]
    public void Comparison_binds_the_value()
    {
        var (sql, args) = BuildSql(q => q.Where(x => x.Age > 30));
        Assert.That(sql, Is.EqualTo("SELECT * FROM \"query_items\" WHERE (\"Age\" > ?)"));
        Assert.That(args, Is.EqualTo(new object?[] { 30 }));
    }

    [Test]
    public void Nullable_comparison_is_guarded_and_equality_uses_IS()
    {
        Assert.That(BuildSql(q => q.Where(x => x.Height > 150)).Sql, Does.EndWith("WHERE (\"Height\" IS NOT NULL AND \"Height\" > ?)"));
        Assert.That(BuildSql(q => q.Where(x => x.Height != 150)).Sql, Does.EndWith("WHERE (\"Height\" IS NOT ?)"));
        Assert.That(BuildSql(q => q.Where(x => x.Name == null)).Sql, Does.EndWith("WHERE (\"Name\" IS NULL)"));
        Assert.That(BuildSql(q => q.Where(x => x.Age == 3)).Sql, Does.EndWith("WHERE (\"Age\" = ?)"));
    }

    [Test]
    public void Logic_and_bool_members()
    {
        Assert.That(BuildSql(q => q.Where(x => x.Active && !(x.Age < 5 || x.Age > 9))).Sql,
            Does.EndWith("WHERE ((\"Active\" = 1) AND (NOT ((\"Age\" < ?) OR (\"Age\" > ?))))"));
    }

    [Test]
    public void String_methods()
    {
        Assert.That(BuildSql(q => q.Where(x => x.Name!.Contains("a"))).Sql, Does.EndWith("WHERE (instr(\"Name\", ?) > 0)"));
        Assert.That(BuildSql(q => q.Where(x => x.Name!.StartsWith("a"))).Sql, Does.EndWith("WHERE (substr(\"Name\", 1, length(?)) = ?)"));
        Assert.That(BuildSql(q => q.Where(x => x.Name!.ToLower().Length > 2)).Sql, Does.EndWith("WHERE (length(lower(\"Name\")) > ?)"));
        Assert.That(BuildSql(q => q.Where(x => string.IsNullOrEmpty(x.Name))).Sql, Does.EndWith("WHERE (\"Name\" IS NULL OR \"Name\" = '')"));
    }

    [Test]
    public void Ignore_case_match_uses_LIKE_with_an_escaped_pattern()
    {
        var (sql, args) = BuildSql(q => q.Where(x => x.Name!.StartsWith("50%_\\", StringComparison.OrdinalIgnoreCase)));
        Assert.That(sql, Does.EndWith("WHERE (\"Name\" LIKE ? ESCAPE '\\')"));
        Assert.That(args, Is.EqualTo(new object?[] { "50\\%\\_\\\\%" }));
    }

    [Test]
    public void List_contains_is_IN_with_one_parameter_per_value()
    {
        var ids = new List<int> { 4, 5, 6 };
        var (sql, args) = BuildSql(q => q.Where(x => ids.Contains(x.Id)));
        Assert.That(sql, Does.EndWith("WHERE (\"Id\" IN (?, ?, ?))"));
        Assert.That(args, Is.EqualTo(new object?[] { 4L, 5L, 6L }));
    }

    [Test]
    public void Constants_are_encoded_like_their_column()
    {
        var when = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Utc);
        var token = QueryData.Tokens[0];
        Assert.That(BuildSql(q => q.Where(x => x.Hue == Hue.Blue)).Args, Is.EqualTo(new object?[] { 2L }));
        Assert.That(BuildSql(q => q.Where(x => x.Shade == Shade.Dark)).Args, Is.EqualTo(new object?[] { "Dark" }));
        // DateTime: one range per kind (the kind takes no part in .NET's comparison).
        var ticks = when.Ticks;
        Assert.That(BuildSql(q => q.Where(x => x.Born < when)).Args,
            Is.EqualTo(new object?[] { 0L, ticks, 1L << 62, ticks | (1L << 62), long.MinValue, ticks | long.MinValue }));
        Assert.That(BuildSql(q => q.Where(x => x.BornText < when)).Args, Is.EqualTo(new object?[] { ValueEncoding.FormatDateTimeText(when)[..27] }));
        Assert.That(BuildSql(q => q.Where(x => x.Token == token)).Args, Is.EqualTo(new object?[] { ValueEncoding.FormatGuid(token) }));
        Assert.That(BuildSql(q => q.Where(x => x.Active == true)).Args, Is.EqualTo(new object?[] { 1L }));

        // Decimal: an exact text key ('1' for non-negative, 29 integer and 28 fraction digits), not REAL.
        var (sql, args) = BuildSql(q => q.Where(x => x.Price >= 12.5m));
        Assert.That(sql, Does.Contain("(CASE WHEN substr(\"Price\", 1, 1) = '-' THEN '0' || "));
        Assert.That(args, Is.EqualTo(new object?[] { "1" + "12".PadLeft(29, '0') + "5".PadRight(28, '0') }));
    }

    [Test]
    public void Ordering_and_paging_write_limit_and_offset_as_integers()
    {
        var (sql, args) = BuildSql(q => q.OrderBy(x => x.Age).ThenByDescending(x => x.Id).Skip(20).Take(10));
        Assert.That(sql, Is.EqualTo("SELECT * FROM \"query_items\" ORDER BY \"Age\", \"Id\" DESC LIMIT 10 OFFSET 20"));
        Assert.That(args, Is.Empty);
        Assert.That(BuildSql(q => q.Skip(5)).Sql, Does.EndWith("LIMIT -1 OFFSET 5"));
    }

    [Test]
    public void Where_after_Take_becomes_a_sub_query()
    {
        var (sql, _) = BuildSql(q => q.OrderBy(x => x.Id).Take(5).Where(x => x.Active));
        Assert.That(sql, Is.EqualTo("SELECT * FROM (" + AllQueryColumns + " ORDER BY \"Id\" LIMIT 5) WHERE (\"Active\" = 1) ORDER BY \"Id\""));
    }
}
