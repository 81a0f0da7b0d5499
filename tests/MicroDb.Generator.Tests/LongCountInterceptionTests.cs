using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator.Tests;

/// <summary>LongCount and LongCountAsync: intercepted on a join (the Count text, a long result), MDB0013 on one table.</summary>
public class LongCountInterceptionTests
{
    private const string HintName = "MicroDb.Generated.QueryInterceptors.g.cs";

    private const string Model = """
        using MicroDb;
        namespace Shop;
        [Table("owners")]
        public class Owner
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public string? Name { get; set; }
        }
        [Table("pets")]
        public class Pet
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            public int OwnerId { get; set; }
        }
        """;

    private static string Queries(string body) => Model + "\npublic static class Queries\n{\n" + body + "\n}\n";

    [Test]
    public void Long_count_on_a_join_is_intercepted_sync_and_async()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static long Sync(MicroDbConnection db) => db.Table<Owner>().Join(db.Table<Pet>(), o => o.Id, p => p.OwnerId, (o, p) => o.Name).LongCount();
            public static System.Threading.Tasks.ValueTask<long> Async(MicroDbAsyncConnection db, int min) =>
                db.Table<Owner>().Join(db.Table<Pet>(), o => o.Id, p => p.OwnerId, (o, p) => new { o.Name, p.Id }).Where(x => x.Id > min).LongCountAsync(default);
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""
            new InterceptedSite("SELECT count(*) FROM \"owners\" AS \"t0\" INNER JOIN \"pets\" AS \"t1\" ON (\"t0\".\"Id\" = \"t1\".\"OwnerId\")");
            """));
        Assert.That(source, Does.Contain("public static long LongCount0<TResult>(this JoinQuery<TResult> query) =>"));
        Assert.That(source, Does.Contain("QueryInterception.LongCount(query, Site0);"));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<long> LongCountAsync1<TResult>(this AsyncJoinQuery<TResult> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("ReadAsync(query, static (q, ct) => QueryInterception.LongCount(q, Site1), cancellationToken);"));
    }

    [Test]
    public void Long_count_on_one_table_is_intercepted_with_the_count_text()
    {
        var result = GeneratorHarness.Run(Queries("""
            public static long Q(MicroDbConnection db) => db.Table<Pet>().Where(p => p.OwnerId > 1).LongCount();
            public static long P(MicroDbConnection db, int owner) => db.Table<Pet>().LongCount(p => p.OwnerId == owner);
            public static long L(MicroDbConnection db) => db.Table<Pet>().OrderBy(p => p.Id).Skip(1).LongCount();
            public static System.Threading.Tasks.ValueTask<long> A(MicroDbAsyncConnection db) => db.Table<Pet>().Where(p => p.OwnerId > 1).LongCountAsync();
            """));

        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, () => result.Describe(result.GeneratedCodeProblems));
        var source = result.Sources[HintName];
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT count(*) FROM \"pets\" WHERE (\"OwnerId\" > ?)").Value(0, "R", "OwnerId", typeof(int));"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT count(*) FROM \"pets\" WHERE (\"OwnerId\" = ?)")"""));
        Assert.That(source, Does.Contain("""new InterceptedSite("SELECT count(*) FROM (SELECT 1 FROM \"pets\" ORDER BY \"Id\" LIMIT -1 OFFSET 1)");"""));
        Assert.That(source, Does.Contain("public static long LongCount0(this TableQuery<global::Shop.Pet> query) =>"));
        Assert.That(source, Does.Contain("QueryInterception.LongCount(query, Site0);"));
        Assert.That(source, Does.Contain("QueryInterception.LongCount(QueryInterception.Where(query, predicate), Site1);"));
        Assert.That(source, Does.Contain("public static global::System.Threading.Tasks.ValueTask<long> LongCountAsync3(this AsyncTableQuery<global::Shop.Pet> query, global::System.Threading.CancellationToken cancellationToken) =>"));
        Assert.That(source, Does.Contain("static (r, ct) => QueryInterception.LongCount(r, Site3), cancellationToken);"));
    }
}
