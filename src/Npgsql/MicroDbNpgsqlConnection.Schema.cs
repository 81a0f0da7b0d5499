using MicroDb.Mapping;
using Npgsql;

namespace MicroDb.Npgsql;

// CreateTable: a new table with its indexes, or the additive migration of an existing one (docs/postgresql.md,
// "Additive CreateTable"). What to add or rename is Core's one rule (AdditiveMigration, SQLite's too), written in
// PostgreSQL's SQL (PostgresDialect.AddColumn/RenameColumn); nothing is dropped, and no key or column type is changed.
public sealed partial class MicroDbNpgsqlConnection
{
    // The stored table's columns in order, with their catalog type and position in the primary key (0: not in it); none
    // when the table (found through the search path, as the statements find it) does not exist.
    private const string StoredColumnsSql =
        "SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, coalesce((SELECT k.n::int FROM unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, n) WHERE k.attnum = a.attnum), 0) " +
        "FROM pg_attribute a LEFT JOIN pg_index i ON i.indrelid = a.attrelid AND i.indisprimary " +
        "WHERE a.attrelid = to_regclass(quote_ident($1)) AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum";

    // The names of the table's indexes (the primary key's included), found through the search path as the statements find it.
    private const string IndexNamesSql =
        "SELECT c.relname::text FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = to_regclass(quote_ident($1))";

    /// <summary>Creates <typeparamref name="T"/>'s table and indexes, or migrates an existing table additively, and reports exactly what changed (as SQLite's <c>Migrate&lt;T&gt;()</c>).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The table created or renamed, the columns added or renamed, the indexes created.</returns>
    /// <exception cref="MicroDbMigrationException">The stored table's key or a column's type differs from the model's; nothing was changed.</exception>
    /// <exception cref="MicroDbMappingException">The model cannot be declared on PostgreSQL (the message says why).</exception>
    public MigrationReport Migrate<T>() => CreateTableCore<T>(false, default).GetAwaiter().GetResult();

    /// <summary>Creates <typeparamref name="T"/>'s table and indexes, or migrates an existing table additively, and reports exactly what changed.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="cancellationToken">Cancels the statement running.</param>
    /// <returns>The table created or renamed, the columns added or renamed, the indexes created.</returns>
    /// <exception cref="MicroDbMigrationException">The stored table's key or a column's type differs from the model's; nothing was changed.</exception>
    public Task<MigrationReport> MigrateAsync<T>(CancellationToken cancellationToken = default) => CreateTableCore<T>(true, cancellationToken).AsTask();

    private async ValueTask<MigrationReport> CreateTableCore<T>(bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var map = MapOf<T>();
        var sql = PostgresTableSql.For(map);
        var table = map.Table;
        var existing = await StoredColumns(table.TableName, async, cancellationToken).ConfigureAwait(false);
        var oldTable = existing.Count == 0 && table.RenamedFrom is { } from && (await StoredColumns(from, async, cancellationToken).ConfigureAwait(false)).Count > 0 ? from : null;
        var added = new List<string>();
        var renamed = new List<string>();
        var indexes = new List<string>();
        if (existing.Count == 0 && oldTable is null)
        {
            await RunInTransactionCore(
                async () =>
                {
                    await RunNonQuery(Command(sql.CreateTable), async, cancellationToken).ConfigureAwait(false);
                    await CreateIndexes(table, sql, indexes, async, cancellationToken).ConfigureAwait(false);
                },
                async,
                cancellationToken).ConfigureAwait(false);
            return new MigrationReport(table.TableName, created: true, added, indexes);
        }

        // Every check before any change: the key (Core's rule), then the types of the columns both have.
        if (oldTable is not null)
        {
            existing = await StoredColumns(oldTable, async, cancellationToken).ConfigureAwait(false);
        }

        var steps = AdditiveMigration.Plan(table, existing);
        CheckColumnTypes(table, existing);

        // All or nothing: PostgreSQL's DDL is transactional (a savepoint inside an open transaction).
        await RunInTransactionCore(
            async () =>
            {
                if (oldTable is not null)
                {
                    // [RenamedFrom] on the class: the old table is there and the new one is not, so rename instead of creating.
                    await RunNonQuery(Command($"ALTER TABLE {PostgresDialect.Quote(oldTable)} RENAME TO {PostgresDialect.Quote(table.TableName)}"), async, cancellationToken).ConfigureAwait(false);
                }

                foreach (var (column, renamedFrom) in steps)
                {
                    var text = renamedFrom is null
                        ? PostgresDialect.AddColumn(table.TableName, table.Facts[column.Ordinal])
                        : PostgresDialect.RenameColumn(table.TableName, renamedFrom, column.Name);
                    await RunNonQuery(Command(text), async, cancellationToken).ConfigureAwait(false);
                    (renamedFrom is null ? added : renamed).Add(column.Name);
                }

                await CreateIndexes(table, sql, indexes, async, cancellationToken).ConfigureAwait(false);
            },
            async,
            cancellationToken).ConfigureAwait(false);
        return new MigrationReport(table.TableName, created: false, added, indexes, oldTable, renamed);
    }

    private async ValueTask CreateIndexes(TableMapping table, PostgresTableSql sql, List<string> created, bool async, CancellationToken cancellationToken)
    {
        // An index the table has is kept as it is (by name, as CREATE INDEX IF NOT EXISTS would), a missing one is created
        // and reported; sql.CreateIndexes is in the order of table.Indexes.
        var present = await IndexNames(table.TableName, async, cancellationToken).ConfigureAwait(false);
        for (var i = 0; i < sql.CreateIndexes.Count; i++)
        {
            if (present.Add(table.Indexes[i].Name))
            {
                await RunNonQuery(Command(sql.CreateIndexes[i]), async, cancellationToken).ConfigureAwait(false);
                created.Add(table.Indexes[i].Name);
            }
        }
    }

    private ValueTask<HashSet<string>> IndexNames(string tableName, bool async, CancellationToken cancellationToken) => RunAdHoc(
        IndexNamesSql,
        [tableName],
        0,
        static async (command, _, async, token) =>
        {
            var names = new HashSet<string>(StringComparer.Ordinal);
            await using var reader = async ? await command.ExecuteReaderAsync(token).ConfigureAwait(false) : command.ExecuteReader();
            while (async ? await reader.ReadAsync(token).ConfigureAwait(false) : reader.Read())
            {
                names.Add(reader.GetString(0));
            }

            return names;
        },
        async,
        cancellationToken);

    private ValueTask<List<ColumnInfo>> StoredColumns(string tableName, bool async, CancellationToken cancellationToken) => RunAdHoc(
        StoredColumnsSql,
        [tableName],
        0,
        static async (command, _, async, token) =>
        {
            var columns = new List<ColumnInfo>();
            await using var reader = async ? await command.ExecuteReaderAsync(token).ConfigureAwait(false) : command.ExecuteReader();
            while (async ? await reader.ReadAsync(token).ConfigureAwait(false) : reader.Read())
            {
                columns.Add(new ColumnInfo(reader.GetString(0), reader.GetString(1), reader.GetBoolean(2), null, reader.GetInt32(3)));
            }

            return columns;
        },
        async,
        cancellationToken);

    /// <summary>
    /// A column the table and the model both have must be stored in the type the model declares
    /// (<see cref="PostgresDialect.CatalogType"/>): otherwise <see cref="MicroDbMigrationError.ColumnTypeChanged"/> naming
    /// the column and both types, before anything changes.
    /// </summary>
    private static void CheckColumnTypes(TableMapping table, List<ColumnInfo> existing)
    {
        foreach (var stored in existing)
        {
            if (table.FindColumn(stored.Name) is not { } column)
            {
                continue;
            }

            var facts = table.Facts[column.Ordinal];
            var declared = PostgresDialect.CatalogType(facts.Kind, facts.MaxLength);
            if (!string.Equals(stored.Type, declared, StringComparison.Ordinal))
            {
                throw new MicroDbMigrationException(
                    $"Column '{stored.Name}' of table '{table.TableName}' is stored as {stored.Type}, but '{table.EntityTypeName}.{column.MemberName}' " +
                    $"declares {declared}; CreateTable changes no column's type. Change it in a migration step " +
                    $"(ALTER TABLE ... ALTER COLUMN ... TYPE ... USING ...), or change the model back.",
                    MicroDbMigrationError.ColumnTypeChanged)
                {
                    Table = table.TableName,
                    Column = stored.Name,
                };
            }
        }
    }
}
