using MicroDb.Mapping;

namespace MicroDb.Npgsql;

/// <summary>
/// What a PostgreSQL migration step (<see cref="NpgsqlMigrations.Add"/>) gets: the connection, inside the step's
/// transaction, and helpers for the common schema changes. PostgreSQL changes a column's type, nullability, default or
/// key with <c>ALTER TABLE</c> inside a transaction, so those are plain SQL through <see cref="Execute"/>, not table rebuilds
/// as on SQLite. A helper asked for a table, column or index that does not exist stops the run with
/// <see cref="MicroDbMigrationError.InvalidStep"/>; the step is rolled back.
/// </summary>
public sealed class NpgsqlMigrationContext
{
    internal NpgsqlMigrationContext(MicroDbNpgsqlConnection connection, string stepName)
    {
        Connection = connection;
        StepName = stepName;
    }

    /// <summary>The connection, inside the step's transaction (CRUD, queries; <c>RunInTransaction</c> runs in a savepoint).</summary>
    public MicroDbNpgsqlConnection Connection { get; }

    /// <summary>The running step's name.</summary>
    public string StepName { get; }

    /// <summary>Runs a statement with positional <c>$n</c> parameters inside the step's transaction.</summary>
    /// <param name="sql">The statement.</param>
    /// <param name="args">The arguments of <c>$1..$n</c>.</param>
    /// <returns>The number of rows changed.</returns>
    public int Execute(string sql, params object?[] args) => Connection.Execute(sql, args);

    /// <summary>Creates the table of <typeparamref name="T"/> and its indexes when they do not exist (as <see cref="MicroDbNpgsqlConnection.CreateTable{T}"/>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public void CreateTable<T>() => Connection.CreateTable<T>();

    /// <summary>Renames a table (<c>ALTER TABLE ... RENAME TO</c>); its indexes, constraints and the views over it follow.</summary>
    /// <param name="table">The table.</param>
    /// <param name="newName">Its new name.</param>
    public void RenameTable(string table, string newName) =>
        Helper($"ALTER TABLE {Quote(table, nameof(table))} RENAME TO {Quote(newName, nameof(newName))}");

    /// <summary>Renames a column (<c>ALTER TABLE ... RENAME COLUMN</c>); indexes and views follow.</summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    /// <param name="newName">Its new name.</param>
    public void RenameColumn(string table, string column, string newName) =>
        Helper($"ALTER TABLE {Quote(table, nameof(table))} RENAME COLUMN {Quote(column, nameof(column))} TO {Quote(newName, nameof(newName))}");

    /// <summary>Drops a column and its data (<c>ALTER TABLE ... DROP COLUMN</c>); the indexes on it go with it.</summary>
    /// <param name="table">The table.</param>
    /// <param name="column">The column.</param>
    public void DropColumn(string table, string column) =>
        Helper($"ALTER TABLE {Quote(table, nameof(table))} DROP COLUMN {Quote(column, nameof(column))}");

    /// <summary>Creates an index (<c>CREATE [UNIQUE] INDEX</c>); a UNIQUE index over duplicate values fails the step.</summary>
    /// <param name="name">The index name.</param>
    /// <param name="table">The table.</param>
    /// <param name="columns">The columns, in order.</param>
    /// <param name="unique">True for a UNIQUE index.</param>
    /// <exception cref="ArgumentException">No column is given.</exception>
    public void CreateIndex(string name, string table, string[] columns, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(columns);
        if (columns.Length == 0)
        {
            throw new ArgumentException("An index needs at least one column.", nameof(columns));
        }

        var list = string.Join(", ", Array.ConvertAll(columns, c => Quote(c, nameof(columns))));
        Helper($"CREATE {(unique ? "UNIQUE " : string.Empty)}INDEX {Quote(name, nameof(name))} ON {Quote(table, nameof(table))} ({list})");
    }

    /// <summary>Drops an index.</summary>
    /// <param name="name">The index name.</param>
    public void DropIndex(string name) => Helper($"DROP INDEX {Quote(name, nameof(name))}");

    private static string Quote(string identifier, string parameter)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(identifier, parameter);
        return PostgresDialect.Quote(identifier);
    }

    // A helper's statement: a table, column or index that does not exist (42P01, 42703, 42704) is the step's mistake.
    private void Helper(string sql)
    {
        try
        {
            Connection.Execute(sql);
        }
        catch (MicroDbException e) when (e.InnerException is global::Npgsql.PostgresException
        {
            SqlState: global::Npgsql.PostgresErrorCodes.UndefinedTable or global::Npgsql.PostgresErrorCodes.UndefinedColumn or global::Npgsql.PostgresErrorCodes.UndefinedObject,
        } server)
        {
            throw new MicroDbMigrationException(
                $"Migration step '{StepName}' was rolled back: {server.MessageText} (SQL: {sql}).",
                MicroDbMigrationError.InvalidStep,
                StepName,
                e)
            {
                Table = server.TableName,
                Column = server.ColumnName,
            };
        }
    }
}
