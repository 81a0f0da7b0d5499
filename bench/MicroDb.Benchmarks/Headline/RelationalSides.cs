using SQLitePCL;

namespace MicroDb.Benchmarks.Headline;

/// <summary>
/// The sides of the relational cases as they are added: each side's join, GroupBy and set-based update, checked once at
/// setup against the first side added (the hand-written one: same rows, same checksum), then wrapped as timed bodies
/// that check their row count every round. Reads run in one read transaction per round, the update in a
/// <see cref="WriteBatch"/>, all through the side's own connection handle.
/// </summary>
/// <param name="path">The database file every side opens.</param>
public sealed class RelationalSides(string path)
{
    private (int Rows, long Sum)? _join;
    private (int Rows, long Sum)? _group;

    /// <summary>The database file.</summary>
    public string Path => path;

    /// <summary>The lower bounds of the join's key ranges, rotating from round to round (each range holds 1,000 orders).</summary>
    public int[] Lows { get; } = Enumerable.Range(0, RelationalCases.Orders / RelationalCases.JoinRows).Select(i => i * RelationalCases.JoinRows).ToArray();

    /// <summary>The join case's sides.</summary>
    public List<Side> Join { get; } = [];

    /// <summary>The GroupBy case's sides.</summary>
    public List<Side> Group { get; } = [];

    /// <summary>The update case's sides (set-based updates, and load + modify + UpdateAll).</summary>
    public List<Side> Update { get; } = [];

    /// <summary>Adds a side to the three cases; the first side added is the reference every later side must agree with.</summary>
    /// <param name="db">The side's connection handle (for the untimed BEGIN/COMMIT and checkpoint).</param>
    /// <param name="name">The side's name.</param>
    /// <param name="role">Its role.</param>
    /// <param name="join">The join of the orders with keys in (lo, lo + 1,000]: rows and checksum.</param>
    /// <param name="group">The GroupBy: rows and checksum.</param>
    /// <param name="update">The set-based update of every order's quantity: rows changed.</param>
    public void Add(sqlite3 db, string name, SideRole role, Func<int, (int Rows, long Sum)> join, Func<(int Rows, long Sum)> group, Func<int> update)
    {
        // Before any update has run, every side must read what the first side read.
        var joined = join(Lows[1]);
        var grouped = group();
        _join ??= joined;
        _group ??= grouped;
        RelationalCases.Same(name, RelationalCases.Join, _join.Value, joined);
        RelationalCases.Same(name, RelationalCases.Group, _group.Value, grouped);
        RelationalCases.Expect(RelationalCases.Join, joined.Rows, RelationalCases.JoinRows);
        RelationalCases.Expect(RelationalCases.Group, grouped.Rows, RelationalCases.Customers);

        var i = 0;
        Join.Add(WriteBatch.Reads(name, role, db, () => RelationalCases.Expect(RelationalCases.Join, join(Lows[i++ % Lows.Length]).Rows, RelationalCases.JoinRows)));
        Group.Add(WriteBatch.Reads(name, role, db, () => RelationalCases.Expect(RelationalCases.Group, group().Rows, RelationalCases.Customers)));
        AddUpdate(db, name, role, update);
    }

    /// <summary>Adds an update-only side (load + modify + UpdateAll), measured in the update case's rounds.</summary>
    /// <param name="db">The side's connection handle.</param>
    /// <param name="name">The side's name.</param>
    /// <param name="role">Its role.</param>
    /// <param name="update">The update of every order: rows changed.</param>
    public void AddUpdate(sqlite3 db, string name, SideRole role, Func<int> update) =>
        Update.Add(new Side(name, role, () => RelationalCases.Expect(RelationalCases.Update, update(), RelationalCases.Orders), () => WriteBatch.Begin(db), () => WriteBatch.Commit(db)));
}
