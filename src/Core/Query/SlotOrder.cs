using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>The check every run-time query makes after writing its model: SQLite binds '?' by position, so slot k must be the k-th marker.</summary>
internal static class SlotOrder
{
    /// <summary>Writes <paramref name="model"/> with the shared writer and checks its markers read <paramref name="args"/> in order (joins and grouping use it).</summary>
    public static string Write(QueryModel model, List<object?> args)
    {
        var sql = new System.Text.StringBuilder();
        var slots = new List<int>(args.Count);
        SqliteSqlWriter.Instance.WriteQuery(model, sql, slots);
        Check(slots, args);
        return sql.ToString();
    }

    /// <summary>
    /// Writes <paramref name="model"/> in <paramref name="storage"/>'s dialect: SQLite's with the order check of
    /// <see cref="Write(QueryModel, List{object?})"/>; another database's writer numbers its parameters from the slot
    /// (<c>$n</c>), so their order in the text is free.
    /// </summary>
    public static string Write(StorageFormat storage, QueryModel model, List<object?> args)
    {
        if (!storage.Dialect.NativeStorage)
        {
            return Write(model, args);
        }

        var sql = new System.Text.StringBuilder();
        storage.Dialect.Writer.WriteQuery(model, sql, []);
        return sql.ToString();
    }

    /// <summary>SQLite binds '?' by position: the writer must have written slot k as the k-th marker.</summary>
    public static void Check(List<int> slots, List<object?> args)
    {
        var ordered = slots.Count == args.Count;
        for (var i = 0; ordered && i < slots.Count; i++)
        {
            ordered = slots[i] == i;
        }

        if (!ordered)
        {
            throw new InvalidOperationException($"MicroDb wrote the query's parameters out of order ({string.Join(", ", slots)} for {args.Count} arguments).");
        }
    }
}
