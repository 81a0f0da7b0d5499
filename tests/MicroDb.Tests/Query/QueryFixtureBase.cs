using MicroDb.Mapping;
using NUnit.Framework;

namespace MicroDb.Tests.Query;

/// <summary>
/// Opens an in-memory database with a random but reproducible <see cref="QueryItem"/> table, and keeps the same rows
/// in <see cref="Items"/> for LINQ-to-Objects to compare against. The seed is in every failure message.
/// </summary>
public abstract class QueryFixtureBase
{
    protected const int Seed = 20261121;
    protected const int RowCount = 300;

    static QueryFixtureBase() => EntityMapRegistry.Register(new QueryItemMap());

    protected MicroDbConnection Db { get; private set; } = null!;

    protected List<QueryItem> Items { get; private set; } = null!;

    /// <summary>Opens the connection under test; a mapping-path fixture overrides this.</summary>
    protected virtual MicroDbConnection Open() => new(new MicroDbOptions(":memory:"));

    [SetUp]
    public void OpenDatabase()
    {
        Db = Open();
        Db.CreateTable<QueryItem>();
        Items = QueryData.Generate(Seed, RowCount);
        Db.InsertAll(Items);
    }

    [TearDown]
    public void CloseDatabase() => Db.Dispose();

    protected static string Describe(string sql) => $"seed {Seed}; SQL: {sql}";
}
