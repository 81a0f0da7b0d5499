using System.Text;
using MicroDb.Query.Model;

namespace MicroDb.Tests.Core;

/// <summary>The shared query model (src/Shared/Query) and its SQLite writer, without a database.</summary>
public sealed class SqliteSqlWriterTests
{
    private static ValueList<T> List<T>(params T[] items) => new(items);

    private static (string Sql, List<int> Slots) Write(QueryModel model)
    {
        var sql = new StringBuilder();
        var slots = new List<int>();
        SqliteSqlWriter.Instance.WriteQuery(model, sql, slots);
        return (sql.ToString(), slots);
    }

    private static QueryModel Sample(int slot) => new(
        new SqlSubquery(QueryModel.Select(new SqlTable("peo\"ple"), List<SqlExpression>(new SqlColumn("Id"), new SqlColumn("Age")))),
        List<SqlExpression>(new SqlColumn("Id")),
        Distinct: true,
        List<SqlExpression>(
            new SqlGroup(new SqlBinary(new SqlColumn("Age"), SqlOperator.GreaterThan, new SqlParameter(slot))),
            new SqlGroup(new SqlIn(new SqlColumn("Id"), List<SqlExpression>(new SqlParameter(slot + 1), new SqlParameter(slot + 2)), Negated: true))),
        List(new SqlOrdering(new SqlColumn("Age"), Descending: true), new SqlOrdering(SqlRowId.Instance, Descending: false)),
        Limit: 10,
        Offset: 5);

    [Test]
    public void Writer_writes_a_query_with_quoted_names_and_markers_in_slot_order()
    {
        var (sql, slots) = Write(Sample(0));

        Assert.That(sql, Is.EqualTo(
            "SELECT DISTINCT \"Id\" FROM (SELECT \"Id\", \"Age\" FROM \"peo\"\"ple\") WHERE (\"Age\" > ?) AND (\"Id\" NOT IN (?, ?)) ORDER BY \"Age\" DESC, rowid LIMIT 10 OFFSET 5"));
        Assert.That(slots, Is.EqualTo(new[] { 0, 1, 2 }));
    }

    [Test]
    public void Writer_writes_an_offset_without_a_limit_as_limit_minus_one()
    {
        var (sql, _) = Write(QueryModel.Select(new SqlTable("t"), List<SqlExpression>(SqlLiteral.One)) with { Offset = 3 });

        Assert.That(sql, Is.EqualTo("SELECT 1 FROM \"t\" LIMIT -1 OFFSET 3"));
    }

    [Test]
    public void Writer_writes_exists_case_like_collate_alias_and_functions()
    {
        var inner = QueryModel.Select(new SqlTable("t"), List<SqlExpression>(SqlLiteral.One));
        var projection = List<SqlExpression>(
            new SqlExists(inner),
            new SqlGroup(new SqlCase(new SqlIsNull(new SqlColumn("a"), Negated: false), SqlLiteral.Zero, new SqlCast(new SqlColumn("a"), "REAL"))),
            new SqlGroup(new SqlLike(new SqlColumn("n"), new SqlParameter(0), '\\')),
            new SqlBinary(new SqlColumn("n"), SqlOperator.Is, new SqlCollate(new SqlParameter(1), "NOCASE")),
            new SqlAlias(new SqlFunction("substr", new SqlColumn("n"), SqlLiteral.One, new SqlUnary(SqlUnaryOperator.Negate, SqlLiteral.Integer(2))), "v"),
            new SqlInQuery(new SqlColumn("Id"), inner, Negated: false),
            SqlLiteral.Quoted("it's"));

        var (sql, slots) = Write(QueryModel.Select(null, projection));

        Assert.That(sql, Is.EqualTo(
            "SELECT EXISTS (SELECT 1 FROM \"t\"), (CASE WHEN \"a\" IS NULL THEN 0 ELSE CAST(\"a\" AS REAL) END), (\"n\" LIKE ? ESCAPE '\\'), "
            + "\"n\" IS ? COLLATE NOCASE, substr(\"n\", 1, -2) AS \"v\", \"Id\" IN (SELECT 1 FROM \"t\"), 'it''s'"));
        Assert.That(slots, Is.EqualTo(new[] { 0, 1 }));
    }

    [Test]
    public void Models_of_the_same_shape_are_equal_and_hash_alike()
    {
        Assert.That(Sample(0), Is.EqualTo(Sample(0)));
        Assert.That(Sample(0).GetHashCode(), Is.EqualTo(Sample(0).GetHashCode()));
        Assert.That(Sample(0), Is.Not.EqualTo(Sample(1)));
        Assert.That(Sample(0) with { Limit = 11 }, Is.Not.EqualTo(Sample(0)));
    }

    [Test]
    public void Slots_offset_renumbers_parameters_and_shares_what_has_none()
    {
        var column = new SqlFunction("lower", new SqlColumn("Name"));
        var node = new SqlGroup(new SqlBinary(column, SqlOperator.Equal, new SqlParameter(0)));

        var shifted = (SqlGroup)SqlSlots.Offset(node, 4);

        Assert.That(shifted, Is.EqualTo(new SqlGroup(new SqlBinary(column, SqlOperator.Equal, new SqlParameter(4)))));
        Assert.That(((SqlBinary)shifted.Inner).Left, Is.SameAs(column));
        Assert.That(SqlSlots.Offset(node, 0), Is.SameAs(node));
    }

    [Test]
    public void Slots_inside_nested_models_are_renumbered_and_untouched_parts_shared()
    {
        var inner = QueryModel.Select(new SqlTable("lines", "s0"), List<SqlExpression>(SqlLiteral.One)) with
        {
            Predicates = List<SqlExpression>(new SqlBinary(new SqlColumn("Qty", "s0"), SqlOperator.GreaterThan, new SqlParameter(1))),
        };
        var count = new SqlScalarQuery(QueryModel.Select(new SqlSubquery(inner), List<SqlExpression>(new SqlFunction("count", new SqlLiteral("*")))));
        var node = new SqlBinary(
            new SqlBinary(new SqlExists(inner), SqlOperator.And, new SqlInQuery(new SqlParameter(0), inner, Negated: false)),
            SqlOperator.And,
            new SqlBinary(count, SqlOperator.GreaterThan, new SqlParameter(2)));

        var mapped = SqlSlots.Map(node, slot => slot + 10);
        var slots = new List<int>();
        SqliteSqlWriter.Instance.Write(mapped, new StringBuilder(), slots);

        Assert.That(slots, Is.EqualTo(new[] { 11, 10, 11, 11, 12 }));
        Assert.That(SqlSlots.Map(node, slot => slot), Is.SameAs(node));
        var exists = (SqlExists)((SqlBinary)((SqlBinary)mapped).Left).Left;
        Assert.That(exists.Query.Source, Is.SameAs(inner.Source));
    }

    private sealed record UnknownNode : SqlExpression;

    [Test]
    public void Writer_rejects_a_node_it_has_no_form_for()
    {
        var e = Assert.Throws<ArgumentException>(() => SqliteSqlWriter.Instance.Write(new UnknownNode(), new StringBuilder(), []));

        Assert.That(e!.Message, Does.Contain("UnknownNode"));
        Assert.Throws<ArgumentException>(() => SqlSlots.Offset(new UnknownNode(), 1));
    }
}
