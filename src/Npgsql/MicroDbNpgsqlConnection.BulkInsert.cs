using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>Bulk loads through binary COPY (docs/postgresql.md, "Bulk loads: binary COPY").</summary>
public sealed partial class MicroDbNpgsqlConnection
{
    /// <summary>
    /// Loads every entity through PostgreSQL's binary <c>COPY ... FROM STDIN</c>: one statement streaming every row,
    /// each column written in its stored type (no text round trip, no value boxed when the map has typed column
    /// access), in one transaction (a savepoint inside an open one). Identity (<c>[AutoIncrement]</c>) columns are
    /// left to the server and <b>not read back</b>: the entities' keys keep the values they had; use
    /// <see cref="InsertAll{T}(IEnumerable{T})"/> when the keys are needed. When one row is refused (a constraint, a
    /// value too long for its column), nothing of the load is stored.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities, enumerated once.</param>
    /// <returns>The number of rows copied.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="entities"/> or one of them is null (nothing is stored).</exception>
    /// <exception cref="MicroDbConstraintException">A NOT NULL, UNIQUE, key or CHECK constraint refused a row; nothing was stored.</exception>
    /// <exception cref="MicroDbException">The server refused a row for another reason (a string longer than its column, say); nothing was stored.</exception>
    public long BulkInsert<T>(IEnumerable<T> entities) => BulkInsertCore(entities, false, default).GetAwaiter().GetResult();

    /// <summary>
    /// Loads every entity through binary <c>COPY</c>, in one transaction (see <see cref="BulkInsert{T}(IEnumerable{T})"/>;
    /// identity keys are not read back).
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="entities">The entities, enumerated once.</param>
    /// <param name="cancellationToken">Cancels the load between rows or during I/O; nothing is stored then.</param>
    /// <returns>The number of rows copied.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="entities"/> or one of them is null (nothing is stored).</exception>
    /// <exception cref="MicroDbConstraintException">A constraint refused a row; nothing was stored.</exception>
    /// <exception cref="MicroDbException">The server refused a row for another reason; nothing was stored.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled; nothing was stored.</exception>
    public Task<long> BulkInsertAsync<T>(IEnumerable<T> entities, CancellationToken cancellationToken = default) =>
        BulkInsertCore(entities, true, cancellationToken).AsTask();

    private async ValueTask<long> BulkInsertCore<T>(IEnumerable<T> entities, bool async, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(entities);
        var map = MapOf<T>();
        PostgresTableSql.For(map); // refuses a model PostgreSQL cannot declare, as the other statements do
        var columns = map.Table.Columns;
        var copied = Enumerable.Range(0, columns.Count).Where(i => !columns[i].IsAutoIncrement).ToArray();
        var sql = CopySql(map.Table, copied);
        long rows = 0;
        await RunInTransactionCore(async () => rows = await Copy(map, entities, sql, copied, async, cancellationToken).ConfigureAwait(false), async, cancellationToken)
            .ConfigureAwait(false);
        return rows;
    }

    private async Task<long> Copy<T>(EntityMap<T> map, IEnumerable<T> entities, string sql, int[] copied, bool async, CancellationToken cancellationToken)
    {
        NpgsqlBinaryImporter importer;
        try
        {
            importer = async
                ? await _connection.BeginBinaryImportAsync(sql, cancellationToken).ConfigureAwait(false)
                : _connection.BeginBinaryImport(sql);
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }

        ulong rows;
        try
        {
            var values = new CopyValue?[map.Table.Columns.Count];
            var writer = new CopyRowWriter(map.Table.Columns, values);
            var typed = map as ITypedColumns<T>;
            foreach (var entity in entities)
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (entity is null)
                {
                    throw new ArgumentNullException(nameof(entities), "One of the entities to bulk insert is null; nothing was stored.");
                }

                if (typed is not null)
                {
                    typed.WriteColumns(entity, ref writer);
                }
                else
                {
                    var parameters = Values(map, entity);
                    foreach (var i in copied)
                    {
                        writer.SetFrom(i, parameters[i]);
                    }
                }

                if (async)
                {
                    await importer.StartRowAsync(cancellationToken).ConfigureAwait(false);
                    foreach (var i in copied)
                    {
                        await values[i]!.WriteAsync(importer, cancellationToken).ConfigureAwait(false);
                    }
                }
                else
                {
                    importer.StartRow();
                    foreach (var i in copied)
                    {
                        values[i]!.Write(importer);
                    }
                }
            }

            rows = async ? await importer.CompleteAsync(cancellationToken).ConfigureAwait(false) : importer.Complete();
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            await CancelQuietly(importer, async).ConfigureAwait(false);
            throw Failure(e, sql);
        }
        catch
        {
            // Disposing an importer that was not completed cancels the COPY: the server stores none of its rows.
            await CancelQuietly(importer, async).ConfigureAwait(false);
            throw;
        }

        try
        {
            if (async)
            {
                await importer.DisposeAsync().ConfigureAwait(false);
            }
            else
            {
                importer.Dispose();
            }
        }
        catch (Exception e) when (FailsTransaction(e, sql))
        {
            throw;
        }
        catch (NpgsqlException e)
        {
            throw Failure(e, sql);
        }

        return checked((long)rows);
    }

    private static async Task CancelQuietly(NpgsqlBinaryImporter importer, bool async)
    {
        try
        {
            if (async)
            {
                await importer.DisposeAsync().ConfigureAwait(false);
            }
            else
            {
                importer.Dispose();
            }
        }
        catch (NpgsqlException)
        {
            // The COPY already failed (its error is the one reported) or the connection broke (reported by the caller).
        }
        catch (InvalidOperationException)
        {
        }
    }

    private static string CopySql(TableMapping table, int[] copied) =>
        "COPY " + PostgresDialect.Quote(table.TableName) + " ("
        + string.Join(", ", copied.Select(i => PostgresDialect.Quote(table.Columns[i].Name)))
        + ") FROM STDIN (FORMAT BINARY)";
}
