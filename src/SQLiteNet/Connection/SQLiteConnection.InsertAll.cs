using System.Collections;
using MicroDb;

namespace SQLite;

// InsertAll's hot path. sqlite-net inserts each object as Insert(obj) does, mapping it by its own type; here the first
// object of a run takes that path (mapping, Guid keys, tracing, events), and the objects after it of exactly the same
// type go through MicroDb's InsertEach loop: one prepared statement and one hold of the connection's lock for the run,
// TableChanged still raised after each row. An object of another type (or null) ends the run and starts the next.
public partial class SQLiteConnection
{
    private int InsertAllInRuns(IEnumerable objects, bool runInTransaction)
    {
        ArgumentNullException.ThrowIfNull(objects);
        var count = 0;
        void Run() => count = InsertRuns(objects);
        if (runInTransaction)
        {
            RunInTransaction(Run);
        }
        else
        {
            Run();
        }

        return count;
    }

    private int InsertRuns(IEnumerable objects)
    {
        var count = 0;
        var enumerator = objects.GetEnumerator();
        try
        {
            var more = enumerator.MoveNext();
            while (more)
            {
                var first = enumerator.Current;
                count += Insert(first);
                if (first is null || Trace || GetMapping(first.GetType()) is not { TypedCrud: { } crud } map || map.PK.IsAutoGuid)
                {
                    more = enumerator.MoveNext();
                    continue;
                }

                try
                {
                    count += crud.InsertEach(_db.Runner, enumerator, () => OnTableChanged(map, NotifyTableChangedAction.Insert), out more);
                }
                catch (MicroDbException e)
                {
                    throw Translate(e, map, enumerator.Current);
                }
            }
        }
        finally
        {
            (enumerator as IDisposable)?.Dispose();
        }

        return count;
    }
}
