namespace MicroDb;

// Upsert: INSERT ... ON CONFLICT DO UPDATE (StatementRunner.Upsert). Unlike InsertOrReplace, nothing is deleted.
public sealed partial class MicroDbConnection
{
    /// <summary>
    /// Inserts <paramref name="obj"/>, or, when a row with its key exists, updates that row's mapped columns in place
    /// (<c>INSERT ... ON CONFLICT ("key") DO UPDATE SET ...</c>). Nothing is deleted: <c>ON DELETE</c> actions do not fire,
    /// triggers see an UPDATE, and columns the model does not carry keep their values. An auto-incremented key of 0 makes
    /// a new row, and its key is written back to <paramref name="obj"/>.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <returns>The number of rows written (1).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    /// <exception cref="MicroDbConstraintException">Another constraint failed; nothing was written.</exception>
    public int Upsert<T>(T obj)
    {
        ArgumentNullException.ThrowIfNull(obj);
        return _runner.Upsert(GetMap<T>(), obj, null);
    }

    /// <summary>
    /// Upserts <paramref name="obj"/> on the columns of the unique index <paramref name="conflictIndex"/> instead of the
    /// key: a row with the same values there is updated in place (its key is kept, and an auto-incremented key is written
    /// back to <paramref name="obj"/>), otherwise the row is inserted.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="obj">The entity.</param>
    /// <param name="conflictIndex">The name of a unique index of the table (e.g. <c>people_Email</c> for <c>[Unique]</c> on <c>Email</c> of <c>people</c>).</param>
    /// <returns>The number of rows written (1).</returns>
    /// <exception cref="ArgumentException">The table has no index of that name, or it is not unique; nothing was written.</exception>
    /// <exception cref="MicroDbConstraintException">Another constraint failed; nothing was written.</exception>
    public int Upsert<T>(T obj, string conflictIndex)
    {
        ArgumentNullException.ThrowIfNull(obj);
        ArgumentNullException.ThrowIfNull(conflictIndex);
        return _runner.Upsert(GetMap<T>(), obj, conflictIndex);
    }

    /// <summary>Upserts every object on its key (<see cref="Upsert{T}(T)"/>), in one transaction unless <paramref name="runInTransaction"/> is false.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <returns>The number of rows written.</returns>
    /// <exception cref="ArgumentException">An object is null.</exception>
    public int UpsertAll<T>(IEnumerable<T> objects, bool runInTransaction = true)
    {
        ArgumentNullException.ThrowIfNull(objects);
        var map = GetMap<T>();
        return SumEach(objects, runInTransaction, o => _runner.Upsert(map, NotNull(o), null));
    }

    /// <summary>Upserts every object on the unique index <paramref name="conflictIndex"/> (<see cref="Upsert{T}(T, string)"/>), in one transaction unless <paramref name="runInTransaction"/> is false.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="objects">The entities.</param>
    /// <param name="conflictIndex">The name of a unique index of the table.</param>
    /// <param name="runInTransaction">All or nothing in one transaction (default).</param>
    /// <returns>The number of rows written.</returns>
    /// <exception cref="ArgumentException">An object is null, or the index is missing or not unique.</exception>
    public int UpsertAll<T>(IEnumerable<T> objects, string conflictIndex, bool runInTransaction = true)
    {
        ArgumentNullException.ThrowIfNull(objects);
        ArgumentNullException.ThrowIfNull(conflictIndex);
        var map = GetMap<T>();
        return SumEach(objects, runInTransaction, o => _runner.Upsert(map, NotNull(o), conflictIndex));
    }

    private static T NotNull<T>(T obj) =>
        obj ?? throw new ArgumentException($"UpsertAll was given a null {typeof(T).Name}.", "objects");
}
