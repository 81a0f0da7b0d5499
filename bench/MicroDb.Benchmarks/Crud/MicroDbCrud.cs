using MicroDb.Benchmarks.Models;

namespace MicroDb.Benchmarks.Crud;

/// <summary>The MicroDb side of study 001, written as an application would: Insert, Update, Find, Delete by key.</summary>
public static class MicroDbCrud
{
    /// <summary>Inserts each row.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows added.</returns>
    public static int Insert(MicroDbConnection db, TestRow[] rows, bool batched)
    {
        var changed = 0;
        if (batched)
        {
            db.BeginTransaction();
        }

        foreach (var row in rows)
        {
            changed += db.Insert(row);
        }

        if (batched)
        {
            db.Commit();
        }

        return changed;
    }

    /// <summary>Updates each row.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rows">The rows.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows changed.</returns>
    public static int Update(MicroDbConnection db, TestRow[] rows, bool batched)
    {
        var changed = 0;
        if (batched)
        {
            db.BeginTransaction();
        }

        foreach (var row in rows)
        {
            changed += db.Update(row);
        }

        if (batched)
        {
            db.Commit();
        }

        return changed;
    }

    /// <summary>Finds each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>How many rows were found.</returns>
    public static int Read(MicroDbConnection db, long[] keys, bool batched)
    {
        if (batched)
        {
            db.BeginTransaction();
        }

        var found = 0;
        foreach (var key in keys)
        {
            found += db.Find<TestRow>(key) is not null ? 1 : 0;
        }

        if (batched)
        {
            db.Commit();
        }

        return found;
    }

    /// <summary>Deletes each key.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="keys">The keys.</param>
    /// <param name="batched">One transaction for all.</param>
    /// <returns>The rows deleted.</returns>
    public static int Delete(MicroDbConnection db, long[] keys, bool batched)
    {
        var changed = 0;
        if (batched)
        {
            db.BeginTransaction();
        }

        foreach (var key in keys)
        {
            changed += db.Delete<TestRow>(key);
        }

        if (batched)
        {
            db.Commit();
        }

        return changed;
    }
}
