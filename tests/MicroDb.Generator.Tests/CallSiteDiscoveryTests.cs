using MicroDb.Generator.Tests.Infrastructure;

namespace MicroDb.Generator.Tests;

/// <summary>Each API form that names a model type makes the generator map it, without [Table]; other calls do not.</summary>
public class CallSiteDiscoveryTests
{
    private const string Prelude = """
        using System.Collections.Generic;
        using System.Threading.Tasks;
        using MicroDb;
        namespace App;
        public class M { public int Id { get; set; } public string? Name { get; set; } }
        public class N { public int Id { get; set; } }
        public static class Use
        {
            public static async Task Run(MicroDbConnection db, MicroDbAsyncConnection adb, M m, List<M> ms, M[] array)
            {
                await Task.Yield();
        """;

    private const string Epilogue = """

            }
        }
        """;

    [TestCase("db.CreateTable<M>();")]
    [TestCase("db.CreateTables<N, M>();")]
    [TestCase("db.CreateTables(typeof(M));")]
    [TestCase("db.Table<M>();")]
    [TestCase("db.Get<M>(1);")]
    [TestCase("db.Find<M>(1);")]
    [TestCase("db.Find<M>(x => x.Id == 1);")]
    [TestCase("db.FindWithQuery<M>(\"SELECT 1\");")]
    [TestCase("db.Query<M>(\"SELECT 1\");")]
    [TestCase("db.DeferredQuery<M>(\"SELECT 1\");")]
    [TestCase("db.Insert(m);")]
    [TestCase("db.InsertOrReplace(m);")]
    [TestCase("db.Update(m);")]
    [TestCase("db.Delete(m);")]
    [TestCase("db.Delete<M>(1);")]
    [TestCase("db.InsertAll(ms);")]
    [TestCase("db.UpdateAll(array);")]
    [TestCase("db.DeleteAll<M>();")]
    [TestCase("db.DropTable<M>();")]
    [TestCase("db.GetMapping<M>();")]
    [TestCase("db.Migrate<M>();")]
    [TestCase("await adb.CreateTableAsync<M>();")]
    [TestCase("await adb.InsertAsync(m);")]
    [TestCase("await adb.InsertAllAsync(ms);")]
    [TestCase("await adb.UpdateAllAsync(ms);")]
    [TestCase("await adb.InsertOrReplaceAsync(m);")]
    [TestCase("await adb.UpdateAsync(m);")]
    [TestCase("await adb.DeleteAsync(m);")]
    [TestCase("await adb.GetAsync<M>(1);")]
    [TestCase("await adb.FindAsync<M>(1);")]
    [TestCase("await adb.QueryAsync<M>(\"SELECT 1\");")]
    [TestCase("await adb.DeleteAllAsync<M>();")]
    [TestCase("await adb.DropTableAsync<M>();")]
    [TestCase("adb.Table<M>();")]
    [TestCase("adb.GetMapping<M>();")]
    public void Call_maps_its_model(string call)
    {
        var result = GeneratorHarness.Run(Prelude + call + Epilogue);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources.Keys, Does.Contain("MicroDb.Generated.App.MMap.g.cs"));
    }

    [TestCase("db.Insert((object)m);", TestName = "Insert of an object: the runtime type decides")]
    [TestCase("db.Query<int>(\"SELECT 1\");", TestName = "Query of a scalar")]
    [TestCase("db.ExecuteScalar<long>(\"SELECT 1\");", TestName = "Other connection methods")]
    [TestCase("new List<M>().Insert(0, m);", TestName = "Same method name on another type")]
    [TestCase("db.Query<MicroDb.ColumnInfo>(\"PRAGMA table_info(x)\");", TestName = "MicroDb's own types")]
    public void Call_maps_nothing(string call)
    {
        var result = GeneratorHarness.Run(Prelude + call + Epilogue);

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        Assert.That(result.Sources, Is.Empty);
    }

    [Test]
    public void Broken_model_found_at_a_call_site_is_a_warning_not_an_error()
    {
        var result = GeneratorHarness.Run(Prelude.Replace("public class N { public int Id { get; set; } }", "public class N { public int Id { get; set; } public int Twice => Id * 2; }", StringComparison.Ordinal)
            + "db.Table<N>();" + Epilogue);

        var warning = result.GeneratorDiagnostics.Single();
        Assert.That(warning.Id, Is.EqualTo("MDB0011"));
        Assert.That(warning.GetMessage(), Does.Contain("'Twice'").And.Contain("MDB0004"));
        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.Sources.Keys, Has.None.Contains("NMap"));
    }
}
