using MicroDb.Query;

namespace MicroDb.Generated.Tests.Intercepted;

/// <summary>
/// The set-up the intercepted-query fixtures share: an in-memory connection for one mapping path and one storage format
/// that records every statement, the class's own tables and rows (<see cref="Seed"/>), then an empty record and the
/// interception check on; afterwards the check off and the connection closed. A fixture keeps only its own tables, rows
/// and helpers.
/// </summary>
public abstract class InterceptedTestBase
{
    /// <summary>The mapping path: "generated" or "reflection".</summary>
    protected readonly string _mapping;

    /// <summary>The storage format's name: "microdb" or "sqlite-net" (a fixture may name others, see <see cref="Storage"/>).</summary>
    protected readonly string _format;

    /// <summary>The statements run since the seeding.</summary>
    protected readonly List<ExecutedStatement> _seen = [];

    /// <summary>The open connection.</summary>
    protected MicroDbConnection _db = null!;

    /// <summary>Takes the fixture's arguments.</summary>
    /// <param name="mapping">"generated" or "reflection".</param>
    /// <param name="format">The storage format's name.</param>
    protected InterceptedTestBase(string mapping, string format)
    {
        _mapping = mapping;
        _format = format;
    }

    /// <summary>The storage format <see cref="_format"/> names: MicroDb's, or sqlite-net's with its defaults.</summary>
    protected virtual StorageFormat Storage => _format == "microdb" ? StorageFormat.MicroDb : StorageFormat.SqliteNet();

    /// <summary>Whether the interception check compares every intercepted run with the run-time path's (on unless a fixture says otherwise).</summary>
    protected virtual bool Checked => true;

    /// <summary>The number of statements run through an interceptor.</summary>
    protected int Intercepted => _seen.Count(s => s.Source == StatementSource.Intercepted);

    /// <summary>Opens the connection, seeds it, forgets the seeding's statements and turns the check on.</summary>
    [SetUp]
    public void Open()
    {
        _db = InterceptedFixture.Open(_mapping, Storage, _seen.Add);
        Seed();
        _seen.Clear();
        if (Checked)
        {
            InterceptionCheck.Enabled = true;
        }
    }

    /// <summary>Turns the check off and closes the connection.</summary>
    [TearDown]
    public void Close()
    {
        InterceptionCheck.Enabled = false;
        _db.Dispose();
    }

    /// <summary>Creates the fixture's tables and inserts its rows on <see cref="_db"/>.</summary>
    protected abstract void Seed();

    /// <summary>The statements seen, one a line, for a failure's message.</summary>
    /// <returns>Each statement's source and SQL.</returns>
    protected string Seen() => string.Join("\n", _seen.Select(s => s.Source + ": " + s.Sql));
}
