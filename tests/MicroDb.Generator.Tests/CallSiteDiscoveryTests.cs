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
    [TestCase("db.Upsert(m);")]
    [TestCase("db.Upsert(m, \"M_Name\");")]
    [TestCase("db.UpsertAll(ms);")]
    [TestCase("await adb.UpsertAsync(m);")]
    [TestCase("await adb.UpsertAllAsync(ms, \"M_Name\");")]
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

    private const string SqliteNetSource = """
        using System.Collections.Generic;
        namespace SQLite
        {
            public interface ISQLiteAsyncConnection { System.Threading.Tasks.Task<int> InsertAsync(object obj); }
            public class SQLiteConnection { public int CreateTable<T>() => 0; public int Insert(object obj) => 0; }
        }
        namespace App
        {
            public class Note
            {
                public int Id { get; set; }
                public string Text { get; set; } = "";
                public string Display => Text.ToUpperInvariant();
                public int Length { get { return Text.Length; } }
                public string Stamp { get; private set; } = "";
            }
            public static class Use
            {
                public static void Run(SQLite.SQLiteConnection db, SQLite.ISQLiteAsyncConnection adb, MicroDb.MicroDbConnection micro, Note note)
                {
                    CALL
                }
            }
        }
        """;

    [TestCase("db.CreateTable<Note>();", TestName = "Attribute-less model at a SQLiteConnection call maps sqlite-net's members")]
    [TestCase("adb.InsertAsync(note);", TestName = "Attribute-less model at an ISQLiteAsyncConnection call maps sqlite-net's members")]
    [TestCase("db.Insert(note); micro.Insert(note);", TestName = "Attribute-less model used through both connections maps sqlite-net's members")]
    public void Attribute_less_model_used_through_sqlite_net_skips_properties_without_public_setter(string call)
    {
        var result = GeneratorHarness.Run(SqliteNetSource.Replace("CALL", call, StringComparison.Ordinal));

        Assert.That(result.Errors, Is.Empty, () => result.Describe(result.Errors));
        Assert.That(result.GeneratorDiagnostics, Is.Empty, () => result.Describe(result.GeneratorDiagnostics));
        var map = result.Sources["MicroDb.Generated.App.NoteMap.g.cs"];
        Assert.That(map, Does.Contain("\"Text String ").And.Contain("\"Id Int32 "));
        Assert.That(map, Does.Not.Contain("Display").And.Not.Contain("Length").And.Not.Contain("Stamp"));
    }

    [Test]
    public void Attribute_less_model_used_only_through_MicroDb_keeps_MicroDbs_member_rule()
    {
        var result = GeneratorHarness.Run(SqliteNetSource.Replace("CALL", "micro.Insert(note);", StringComparison.Ordinal));

        var warning = result.GeneratorDiagnostics.Single();
        Assert.That(warning.Id, Is.EqualTo("MDB0011"));
        Assert.That(warning.GetMessage(), Does.Contain("'Display'").And.Contain("MDB0004"));
        Assert.That(result.Sources.Keys, Has.None.Contains("NoteMap"));
    }

    [Test]
    public void Model_with_MicroDb_attributes_keeps_MicroDbs_member_rule_at_a_sqlite_net_call()
    {
        var source = SqliteNetSource.Replace("public int Id { get; set; }", "[MicroDb.PrimaryKey] public int Id { get; set; }", StringComparison.Ordinal)
            .Replace("CALL", "db.CreateTable<Note>();", StringComparison.Ordinal);
        var result = GeneratorHarness.Run(source);

        Assert.That(result.GeneratorDiagnostics.Select(d => d.Id), Does.Contain("MDB0011"));
        Assert.That(result.GeneratorDiagnostics.Single().GetMessage(), Does.Contain("'Display'"));
        Assert.That(result.Sources.Keys, Has.None.Contains("NoteMap"));
    }
}
