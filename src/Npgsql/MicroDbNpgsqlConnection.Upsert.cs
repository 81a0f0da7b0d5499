using System.Globalization;
using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

// Upsert and InsertOrReplace (issue 24): INSERT ... ON CONFLICT (target) DO UPDATE SET ... RETURNING, one shared text.
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>
    /// Inserts <paramref name="entity"/>, or, when a row with its key exists, updates that row's mapped columns in place
    /// (<c>INSERT ... ON CONFLICT ("key") DO UPDATE SET ... RETURNING</c>). An identity key of 0 makes a new row, and its
    /// key is written back to <paramref name="entity"/>.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <returns>The number of rows written (1).</returns>
    /// <exception cref="NotSupportedException">The type has no primary key.</exception>
    /// <exception cref="MicroDbConstraintException">Another constraint failed; nothing was written.</exception>
    public int Upsert<T>(T entity) => UpsertCore(entity, null, false, default).GetAwaiter().GetResult();

    /// <summary>
    /// Upserts <paramref name="entity"/> on the columns of the unique index <paramref name="conflictIndex"/> instead of the
    /// key: a row with the same values there is updated in place (its key is kept and written back), otherwise the row is inserted.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="conflictIndex">The name of a unique index of the table (e.g. <c>people_Email</c> for <c>[Unique]</c> on <c>Email</c> of <c>people</c>).</param>
    /// <returns>The number of rows written (1).</returns>
    /// <exception cref="ArgumentException">The table has no index of that name, or it is not unique; nothing was written.</exception>
    public int Upsert<T>(T entity, string conflictIndex)
    {
        ArgumentNullException.ThrowIfNull(conflictIndex);
        return UpsertCore(entity, conflictIndex, false, default).GetAwaiter().GetResult();
    }

    /// <summary>Upserts <paramref name="entity"/> on its key (<see cref="Upsert{T}(T)"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<int> UpsertAsync<T>(T entity, CancellationToken cancellationToken = default) => UpsertCore(entity, null, true, cancellationToken).AsTask();

    /// <summary>Upserts <paramref name="entity"/> on the unique index <paramref name="conflictIndex"/> (<see cref="Upsert{T}(T, string)"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="conflictIndex">The name of a unique index of the table.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    /// <exception cref="ArgumentException">The table has no index of that name, or it is not unique; nothing was written.</exception>
    public Task<int> UpsertAsync<T>(T entity, string conflictIndex, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(conflictIndex);
        return UpsertCore(entity, conflictIndex, true, cancellationToken).AsTask();
    }

    /// <summary>Upserts every entity on its key, all or nothing in one transaction (a savepoint inside an open one).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <returns>The number of rows written.</returns>
    /// <exception cref="ArgumentException">An entity is null; nothing was written.</exception>
    public int UpsertAll<T>(IEnumerable<T> entities) => UpsertAllCore(entities, false, default).GetAwaiter().GetResult();

    /// <summary>Upserts every entity on its key, all or nothing in one transaction (a savepoint inside an open one).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities.</param>
    /// <param name="cancellationToken">Cancels the statement on the server; nothing is written.</param>
    /// <returns>The number of rows written.</returns>
    /// <exception cref="ArgumentException">An entity is null; nothing was written.</exception>
    public Task<int> UpsertAllAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) =>
        UpsertAllCore(entities, true, cancellationToken).AsTask();

    /// <summary>
    /// sqlite-net's InsertOrReplace on PostgreSQL: the row with the entity's key gets every mapped column of the entity, or
    /// the entity is inserted (an identity key of 0 makes a new row). It is the upsert on the key: unlike SQLite's
    /// <c>INSERT OR REPLACE</c> no row is deleted, so a conflict on another unique column is a
    /// <see cref="MicroDbConstraintException"/> instead of deleting that row (docs/postgresql.md, "Differences").
    /// A type without a key is inserted.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <returns>The number of rows written (1).</returns>
    public int InsertOrReplace<T>(T entity) => InsertOrReplaceCore(entity, false, default).GetAwaiter().GetResult();

    /// <summary>sqlite-net's InsertOrReplace on PostgreSQL (<see cref="InsertOrReplace{T}(T)"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entity">The entity.</param>
    /// <param name="cancellationToken">Cancels the statement on the server.</param>
    public Task<int> InsertOrReplaceAsync<T>(T entity, CancellationToken cancellationToken = default) =>
        InsertOrReplaceCore(entity, true, cancellationToken).AsTask();

    private ValueTask<int> InsertOrReplaceCore<T>(T entity, bool async, CancellationToken cancellationToken) =>
        MapOf<T>().Table.PrimaryKeyColumns.Count == 0
            ? InsertCore(entity, async, cancellationToken)
            : UpsertCore(entity, null, async, cancellationToken);

    private async ValueTask<int> UpsertAllCore<T>(IEnumerable<T> entities, bool async, CancellationToken cancellationToken)
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
                total += await UpsertCore(entity, null, async, cancellationToken).ConfigureAwait(false);
            }
        }, async, cancellationToken).ConfigureAwait(false);
        return total;
    }

    private async ValueTask<int> UpsertCore<T>(T entity, string? conflictIndex, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(entity);
        var map = MapOf<T>();
        var table = map.Table;
        var target = ConflictTarget(table, conflictIndex);
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var values = Values(map, entity);
        var identity = table.AutoIncrementColumn;
        var omitIdentity = identity is not null && IsZero(values[identity.Ordinal].Value);
        var sql = PostgresDialect.Upsert(table.TableName, table.Facts, target, omitIdentity);
        using var command = Command(sql);
        foreach (var column in table.Columns)
        {
            if (!(omitIdentity && column.IsAutoIncrement))
            {
                command.Parameters.Add(values[column.Ordinal]);
            }
        }

        try
        {
            await using var reader = async
                ? await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false)
                : command.ExecuteReader();
            var written = 0;
            while (async ? await reader.ReadAsync(cancellationToken).ConfigureAwait(false) : reader.Read())
            {
                written++;
                if (identity is not null)
                {
                    map.SetGeneratedKey(entity, reader.GetFieldValue<long>(0));
                }
            }

            return written;
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }
    }

    // The conflict target's columns: the key (in key order), or a unique index's columns found by name.
    private static List<string> ConflictTarget(TableMapping table, string? conflictIndex)
    {
        if (conflictIndex is null)
        {
            if (table.PrimaryKeyColumns.Count == 0)
            {
                throw new NotSupportedException($"Upsert on '{table.EntityTypeName}' needs a [PrimaryKey] (or a unique index named as the conflict target).");
            }

            return [.. table.PrimaryKeyColumns.Select(c => c.Name)];
        }

        var index = table.Indexes.FirstOrDefault(i => string.Equals(i.Name, conflictIndex, StringComparison.Ordinal))
            ?? throw new ArgumentException(
                $"Table '{table.TableName}' has no index named '{conflictIndex}' (its indexes: {(table.Indexes.Count == 0 ? "none" : string.Join(", ", table.Indexes.Select(i => i.Name)))}); nothing was written.",
                nameof(conflictIndex));
        return index.IsUnique
            ? [.. index.Columns]
            : throw new ArgumentException($"Index '{conflictIndex}' of table '{table.TableName}' is not unique, so it cannot be an upsert's conflict target; nothing was written.", nameof(conflictIndex));
    }

    private static bool IsZero(object? value) => value is null or DBNull || Convert.ToDecimal(value, CultureInfo.InvariantCulture) == 0m;
}
