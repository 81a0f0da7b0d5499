namespace MicroDb.Npgsql.Tests;

/// <summary>
/// What PostgreSQL's dialect refuses in Core's one translator (the SQLite dialect translates each of these): each is a
/// <see cref="NotSupportedException"/> naming the expression, thrown where the operator is called.
/// </summary>
public sealed class DialectRefusalTests
{
    [Test]
    public void Constructs_postgresql_does_not_compute_as_dotnet_throw_naming_them()
    {
        using var db = new MicroDbNpgsqlConnection(PostgresServer.DataSource);
        var table = db.Table<LinqRow>();
        Assert.That(() => table.Where(x => Math.Round(x.Score) > 1), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Round"));
        Assert.That(() => table.Where(x => Math.Max(x.Age, x.Small) > 1), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Max"));
        Assert.That(() => table.Where(x => (x.Age << 1) > 3), Throws.TypeOf<NotSupportedException>().With.Message.Contains("shifts"));
        Assert.That(() => table.Where(x => x.Name!.StartsWith("a", true, null)), Throws.TypeOf<NotSupportedException>().With.Message.Contains("ordinal"));
        Assert.That(() => table.Where(x => (int)x.Big > 3), Throws.TypeOf<NotSupportedException>().With.Message.Contains("Int64").And.Message.Contains("Int32"));
    }
}
