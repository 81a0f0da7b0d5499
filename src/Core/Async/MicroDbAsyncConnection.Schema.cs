namespace MicroDb;

// Schema changes run on the writer.
public sealed partial class MicroDbAsyncConnection
{
    /// <summary>Creates <typeparamref name="T"/>'s table and indexes, or adds what an existing table lacks.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<CreateTableResult> CreateTableAsync<T>(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(0, static (c, _, _) => c.CreateTable<T>(), cancellationToken);

    /// <summary>Creates or migrates <typeparamref name="T"/>'s table and reports what changed.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<MigrationReport> MigrateAsync<T>(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(0, static (c, _, _) => c.Migrate<T>(), cancellationToken);

    /// <summary>Drops <typeparamref name="T"/>'s table if it exists.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<int> DropTableAsync<T>(CancellationToken cancellationToken = default) =>
        _pool.WriteAsync(0, static (c, _, _) => c.DropTable<T>(), cancellationToken);

    /// <summary>Creates an index named <c>{table}_{column}</c> on one column.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    /// <param name="cancellationToken">Cancels the wait for the writer, or interrupts the running statement.</param>
    public ValueTask<int> CreateIndexAsync(string tableName, string columnName, bool unique = false, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrEmpty(tableName);
        ArgumentException.ThrowIfNullOrEmpty(columnName);
        return _pool.WriteAsync((tableName, columnName, unique), static (c, s, _) => c.CreateIndex(s.tableName, s.columnName, s.unique), cancellationToken);
    }
}
