using MicroDb.Mapping;

namespace MicroDb.Npgsql;

// UpdateAll and DeleteAll (sqlite-net's names and meaning): the set forms the portable conformance suite runs on both
// databases (tests/MicroDb.Conformance/Suite/Portable).
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>
    /// Updates every entity by its key, all or nothing in one transaction (a savepoint inside an open one): a row the
    /// server refuses undoes the others.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <returns>The number of rows changed.</returns>
    /// <exception cref="ArgumentException">An entity is null; nothing was written.</exception>
    /// <exception cref="NotSupportedException">The type has no single-column primary key.</exception>
    public int UpdateAll<T>(IEnumerable<T> entities) => UpdateAllCore(entities, false, default).GetAwaiter().GetResult();

    /// <summary>Updates every entity by its key, all or nothing (<see cref="UpdateAll{T}(IEnumerable{T})"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <param name="cancellationToken">Cancels the statement on the server; nothing is written.</param>
    /// <returns>The number of rows changed.</returns>
    public Task<int> UpdateAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) =>
        UpdateAllCore(entities, true, cancellationToken).AsTask();

    /// <summary>Deletes every row of the table of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The number of rows deleted.</returns>
    public int DeleteAll<T>() => DeleteAllCore<T>(false, default).GetAwaiter().GetResult();

    /// <summary>Deletes every row of the table of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <returns>The number of rows deleted.</returns>
    public Task<int> DeleteAllAsync<T>(CancellationToken cancellationToken = default) => DeleteAllCore<T>(true, cancellationToken).AsTask();

    private async ValueTask<int> UpdateAllCore<T>(IEnumerable<T> entities, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(entities);
        var list = entities.ToList();
        for (var i = 0; i < list.Count; i++)
        {
            if (list[i] is null)
            {
                throw new ArgumentException($"The entity at index {i} is null; nothing was written.", nameof(entities));
            }
        }

        var total = 0;
        await RunInTransactionCore(async () =>
        {
            foreach (var entity in list)
            {
                total += await UpdateCore(entity, async, cancellationToken).ConfigureAwait(false);
            }
        }, async, cancellationToken).ConfigureAwait(false);
        return total;
    }

    private async ValueTask<int> DeleteAllCore<T>(bool async, CancellationToken cancellationToken) =>
        await ExecuteCore("DELETE FROM " + PostgresDialect.Quote(MapOf<T>().Table.TableName), null, async, cancellationToken).ConfigureAwait(false);
}
