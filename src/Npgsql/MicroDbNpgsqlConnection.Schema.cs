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

    private async ValueTask CreateTableCore<T>(bool async, CancellationToken cancellationToken)
    {
        await EnsureOpen(async, cancellationToken).ConfigureAwait(false);
        var map = MapOf<T>();
        var sql = PostgresTableSql.For(map);
        var table = map.Table;
        var existing = await StoredColumns(table.TableName, async, cancellationToken).ConfigureAwait(false);
        if (existing.Count == 0)
        {
            await RunNonQuery(Command(sql.CreateTable), async, cancellationToken).ConfigureAwait(false);
            await CreateIndexes(sql, async, cancellationToken).ConfigureAwait(false);
            return;
        }

        // Every check before any change: the key (Core's rule), then the types of the columns both have.
        var steps = AdditiveMigration.Plan(table, existing);
        CheckColumnTypes(table, existing);
        if (steps.Count == 0)
        {
            await CreateIndexes(sql, async, cancellationToken).ConfigureAwait(false);
            return;
        }

        // All or nothing: PostgreSQL's DDL is transactional (a savepoint inside an open transaction).
        await RunInTransactionCore(
            async () =>
            {
                foreach (var (column, renamedFrom) in steps)
                {
                    var text = renamedFrom is null
                        ? PostgresDialect.AddColumn(table.TableName, table.Facts[column.Ordinal])
                        : PostgresDialect.RenameColumn(table.TableName, renamedFrom, column.Name);
                    await RunNonQuery(Command(text), async, cancellationToken).ConfigureAwait(false);
                }

                await CreateIndexes(sql, async, cancellationToken).ConfigureAwait(false);
            },
            async,
            cancellationToken).ConfigureAwait(false);
    }

    private async ValueTask CreateIndexes(PostgresTableSql sql, bool async, CancellationToken cancellationToken)
    {
        // IF NOT EXISTS: an index the table has is kept as it is, a missing one is created.
        foreach (var index in sql.CreateIndexes)
        {
            await RunNonQuery(Command(index), async, cancellationToken).ConfigureAwait(false);
        }
    }

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
