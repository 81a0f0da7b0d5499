namespace MicroDb.Query;

// The interception check of set-based writes: both front ends' statements change the table, so the run-time path runs
// first inside a savepoint that is rolled back, then the intercepted statement runs for real; the counts, the errors and
// the table's rows afterwards must agree.
internal static partial class InterceptionCheck
{
    /// <summary>
    /// Runs <paramref name="runtime"/> in a savepoint and reads the table, rolls back, runs <paramref name="intercepted"/>
    /// and compares: the same exception type, or the same count and the same rows. Returns the intercepted count.
    /// </summary>
    internal static int Write<T>(string terminal, string sql, TableQuery<T> query, Func<int> runtime, Func<int> intercepted)
    {
        var db = query.Connection;
        var all = db.Table<T>();
        var runtimeCount = 0;
        List<T>? runtimeRows = null;
        Exception? runtimeError = null;
        var savepoint = db.SaveTransactionPoint();
        try
        {
            runtimeCount = runtime();
            runtimeRows = all.ToList();
        }
        catch (Exception error) when (error is not InterceptionMismatchException)
        {
            runtimeError = error;
        }
        finally
        {
            db.RollbackTo(savepoint);
        }

        int count;
        try
        {
            count = intercepted();
        }
        catch (Exception error) when (error is not InterceptionMismatchException)
        {
            if (runtimeError is null || runtimeError.GetType() != error.GetType())
            {
                throw Mismatch(terminal, sql, sql, $"the interceptor threw {error.GetType().Name}, the run-time path {(runtimeError is null ? "did not" : "threw " + runtimeError.GetType().Name)}");
            }

            Interlocked.Increment(ref _runs);
            throw;
        }

        if (runtimeError is not null)
        {
            throw Mismatch(terminal, sql, sql, $"the run-time path threw {runtimeError.GetType().Name}, the interceptor did not");
        }

        if (count != runtimeCount)
        {
            throw Mismatch(terminal, sql, sql, $"the interceptor changed {count} row(s), the run-time path {runtimeCount}");
        }

        Rows(terminal, sql, query.Map, all.ToList(), runtimeRows!);
        return count;
    }
}
