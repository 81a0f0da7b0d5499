using SQLite;

namespace MicroDb.SQLiteNet.Tests.Api;

/// <summary>A fresh database file per test, opened with the compat package's defaults.</summary>
public abstract class CompatTest
{
    protected string Path { get; private set; } = "";

    protected SQLiteConnection Db { get; private set; } = null!;

    [SetUp]
    public void OpenDatabase()
    {
        Path = TempFiles.NewPath();
        Db = new SQLiteConnection(Path);
    }

    [TearDown]
    public void DeleteDatabase()
    {
        Db.Dispose();
        TempFiles.Delete(Path);
    }

    protected static Item NewItem(string name, string? code = null, int quantity = 1, string? category = null) =>
        new() { Name = name, Code = code, Quantity = quantity, Category = category, Added = new DateTime(2024, 1, 2, 3, 4, 5) };

    protected List<Item> AddItems(params string[] names)
    {
        Db.CreateTable<Item>();
        var items = names.Select((n, i) => NewItem(n, "C" + i, quantity: i + 1, category: i % 2 == 0 ? "even" : "odd")).ToList();
        Db.InsertAll(items);
        return items;
    }
}
