using MicroDb.Conformance.Models;

namespace MicroDb.Conformance.Portable;

/// <summary>
/// The portable part of the conformance suite: behaviour defined the same on every database MicroDb runs on, written
/// once against <see cref="IPortableDb"/>. SQLite runs it in the conformance runners (<see cref="SqlitePortableSuite"/>
/// on each mapping path), PostgreSQL in tests/MicroDb.Npgsql.Tests (PortableConformanceTests, on each mapping path).
/// Each test starts with an empty database of its own. Where a database stores a value differently by design, its
/// fixture says so in <see cref="Stored"/> and in a test of its own (docs/postgresql.md, "Differences from SQLite").
/// </summary>
public abstract partial class PortableSuite
{
    private readonly List<IPortableDb> _open = [];

    /// <summary>Opens a new connection to this test's database.</summary>
    protected abstract IPortableDb Connect();

    /// <summary>Removes this test's database after its connections are closed.</summary>
    protected abstract void DropDatabase();

    /// <summary>
    /// What the database gives back for <paramref name="written"/>, as documented (the identity on SQLite). Must return
    /// <paramref name="written"/> (a fresh sample the test made for this call), changed where needed.
    /// </summary>
    protected virtual AllTypes Stored(AllTypes written) => written;

    /// <summary>
    /// Why this database cannot run a body that needs <paramref name="feature"/> (one of <see cref="Features"/>'s names)
    /// yet, or null when it can: the body is then skipped (Assert.Ignore) with that reason, which docs/postgresql.md lists.
    /// </summary>
    protected virtual string? Lacks(string feature) => null;

    /// <summary>Skips the test when this database lacks <paramref name="feature"/> (<see cref="Lacks"/>).</summary>
    protected void Needs(string feature)
    {
        if (Lacks(feature) is { } reason)
        {
            Assert.Ignore(reason);
        }
    }

    [TearDown]
    public void CloseAll()
    {
        foreach (var db in _open)
        {
            db.Dispose();
        }

        _open.Clear();
        DropDatabase();
    }

    /// <summary>A new connection to this test's database, closed after the test.</summary>
    protected IPortableDb Open()
    {
        var db = Connect();
        _open.Add(db);
        return db;
    }

    /// <summary>A new connection with the table of <typeparamref name="T"/> created.</summary>
    protected IPortableDb OpenWith<T>()
    {
        var db = Open();
        db.CreateTable<T>();
        return db;
    }

    /// <summary>The names of the stored people in key order.</summary>
    protected static List<string> Names(IPortableDb db) => db.Table<Person>().OrderBy(p => p.Id).Select(p => p.Name);
}
