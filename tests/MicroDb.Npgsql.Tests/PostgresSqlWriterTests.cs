using System.Text;
using MicroDb.Query.Model;

namespace MicroDb.Npgsql.Tests;

/// <summary>The PostgreSQL writer's dialect pieces, beside the SQLite writer's text for the same model (which must not change).</summary>
public sealed class PostgresSqlWriterTests
{
    private static readonly SqlColumn Name = new("Name");
    private static readonly SqlColumn Height = new("Height");

    private static QueryModel Model(int? limit, int offset) => new(
        new SqlTable("people"),
        new ValueList<SqlExpression>([Name]),
        false,
        new ValueList<SqlExpression>([new SqlBinary(Height, SqlOperator.IsNot, new SqlParameter(0)), new SqlCollate(new SqlBinary(Name, SqlOperator.GreaterThan, new SqlParameter(1)), "C")]),
        new ValueList<SqlOrdering>([new SqlOrdering(Name, false), new SqlOrdering(Height, true)]),
        limit,
        offset);

    private static (string Sql, List<int> Slots) Write(SqliteSqlWriter writer, QueryModel model)
    {
        var sql = new StringBuilder();
        var slots = new List<int>();
        writer.WriteQuery(model, sql, slots);
        return (sql.ToString(), slots);
    }

    [Test]
    public void Postgres_writer_numbers_parameters_and_writes_its_null_order_and_paging()
    {
        var (sql, slots) = Write(PostgresSqlWriter.Instance, Model(null, 20));
        Assert.That(sql, Is.EqualTo("SELECT \"Name\" FROM \"people\" WHERE \"Height\" IS DISTINCT FROM $1 AND \"Name\" > $2 COLLATE \"C\" ORDER BY \"Name\" NULLS FIRST, \"Height\" DESC NULLS LAST OFFSET 20"));
        Assert.That(slots, Is.EqualTo(new[] { 0, 1 }));
        Assert.That(Write(PostgresSqlWriter.Instance, Model(5, 0)).Sql, Does.EndWith(" LIMIT 5"));
    }

    [Test]
    public void Sqlite_writer_text_of_the_same_model_is_unchanged()
    {
        var (sql, _) = Write(SqliteSqlWriter.Instance, Model(null, 20));
        Assert.That(sql, Is.EqualTo("SELECT \"Name\" FROM \"people\" WHERE \"Height\" IS NOT ? AND \"Name\" > ? COLLATE C ORDER BY \"Name\", \"Height\" DESC LIMIT -1 OFFSET 20"));
    }

    [Test]
    public void Postgres_writer_aliases_a_subquery_and_refuses_rowid()
    {
        var inner = QueryModel.Select(new SqlTable("people"), new ValueList<SqlExpression>([Name]));
        var outer = QueryModel.Select(new SqlSubquery(inner), new ValueList<SqlExpression>([Name]));
        Assert.That(Write(PostgresSqlWriter.Instance, outer).Sql, Is.EqualTo("SELECT \"Name\" FROM (SELECT \"Name\" FROM \"people\") AS \"s\""));
        Assert.That(Write(SqliteSqlWriter.Instance, outer).Sql, Is.EqualTo("SELECT \"Name\" FROM (SELECT \"Name\" FROM \"people\")"));
        var byRowId = QueryModel.Select(new SqlTable("people"), new ValueList<SqlExpression>([SqlRowId.Instance]));
        Assert.That(() => Write(PostgresSqlWriter.Instance, byRowId), Throws.TypeOf<NotSupportedException>().With.Message.Contains("rowid"));
    }
}
