using MicroDb.Mapping;
using MicroDb.Native;
using MicroDb.Query;

namespace MicroDb;

// Code-first schema: create or migrate tables and indexes from a type's map.
public sealed partial class MicroDbConnection
{
    /// <summary>Creates <typeparamref name="T"/>'s table and indexes, or adds the columns and indexes an existing table lacks.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns><see cref="CreateTableResult.Created"/> or <see cref="CreateTableResult.Migrated"/>.</returns>
    public CreateTableResult CreateTable<T>() => Migrate<T>().Result;

    /// <summary>Creates the tables of several types in one transaction.</summary>
    /// <typeparam name="T1">A mapped type.</typeparam>
    /// <typeparam name="T2">A mapped type.</typeparam>
    public IReadOnlyList<MigrationReport> CreateTables<T1, T2>() => CreateTablesCore([GetMap<T1>(), GetMap<T2>()]);

    /// <summary>Creates the tables of several types in one transaction.</summary>
    /// <typeparam name="T1">A mapped type.</typeparam>
    /// <typeparam name="T2">A mapped type.</typeparam>
    /// <typeparam name="T3">A mapped type.</typeparam>
    public IReadOnlyList<MigrationReport> CreateTables<T1, T2, T3>() => CreateTablesCore([GetMap<T1>(), GetMap<T2>(), GetMap<T3>()]);

    /// <summary>Creates the tables of several types in one transaction.</summary>
    /// <typeparam name="T1">A mapped type.</typeparam>
    /// <typeparam name="T2">A mapped type.</typeparam>
    /// <typeparam name="T3">A mapped type.</typeparam>
    /// <typeparam name="T4">A mapped type.</typeparam>
    public IReadOnlyList<MigrationReport> CreateTables<T1, T2, T3, T4>() => CreateTablesCore([GetMap<T1>(), GetMap<T2>(), GetMap<T3>(), GetMap<T4>()]);

    /// <summary>Creates the tables of the given types (mapped by run-time type) in one transaction.</summary>
    /// <param name="types">The mapped types.</param>
    public IReadOnlyList<MigrationReport> CreateTables(params Type[] types) => CreateTablesCore(types.Select(GetMap).ToArray());

    /// <summary>Creates or migrates <typeparamref name="T"/>'s table and reports exactly what changed.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public MigrationReport Migrate<T>()
    {
        lock (_gate)
        {
            return MigrateCore(GetMap<T>());
        }
    }

    /// <summary>Drops <typeparamref name="T"/>'s table if it exists.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public int DropTable<T>()
    {
        lock (_gate)
        {
            var map = GetMap<T>();
            return Execute("DROP TABLE IF EXISTS " + SqlBuilder.Quote(map.Table.TableName));
        }
    }

    /// <summary>The columns of <paramref name="tableName"/> as the database has them; empty when the table does not exist.</summary>
    /// <param name="tableName">The table.</param>
    public List<ColumnInfo> GetTableInfo(string tableName)
    {
        ArgumentException.ThrowIfNullOrEmpty(tableName);
        return _runner.ReadAll<ColumnInfo, ColumnInfoReader>("PRAGMA table_info(" + SqlBuilder.Quote(tableName) + ")", StatementArguments.None, default, cached: false);
    }

    /// <summary>The names of the indexes on <paramref name="tableName"/>, including automatic ones.</summary>
    /// <param name="tableName">The table.</param>
    public List<string> GetIndexNames(string tableName) =>
        QueryScalars<string>("SELECT name FROM pragma_index_list(?)", tableName);

    private IReadOnlyList<MigrationReport> CreateTablesCore(IEntityMap[] maps)
    {
        lock (_gate)
        {
            var reports = new List<MigrationReport>();
            RunInTransaction(() =>
            {
                foreach (var map in maps)
                {
                    reports.Add(MigrateCore(map));
                }
            });
            return reports;
        }
    }

    private MigrationReport MigrateCore(IEntityMap map)
    {
        var table = map.Table;
        var existing = GetTableInfo(table.TableName);
        string? renamedFrom = null;
        if (existing.Count == 0 && table.RenamedFrom is { } oldTable && GetTableInfo(oldTable).Count > 0)
        {
            // [RenamedFrom] on the class: the old table is there and the new one is not, so rename instead of creating.
            Execute($"ALTER TABLE {SqlBuilder.Quote(oldTable)} RENAME TO {SqlBuilder.Quote(table.TableName)}");
            renamedFrom = oldTable;
            existing = GetTableInfo(table.TableName);
        }

        var created = existing.Count == 0;
        var added = new List<string>();
        var renamed = new List<string>();
        if (created)
        {
            Execute(SqlBuilder.CreateTable(map, Storage));
        }
        else
        {
            // What to add or rename: the one rule of every database (AdditiveMigration), written here in SQLite's SQL.
            foreach (var (column, oldColumn) in AdditiveMigration.Plan(table, existing))
            {
                if (oldColumn is not null)
                {
                    // [RenamedFrom] on the property: keep the column's data under its new name.
                    Execute($"ALTER TABLE {SqlBuilder.Quote(table.TableName)} RENAME COLUMN {SqlBuilder.Quote(oldColumn)} TO {SqlBuilder.Quote(column.Name)}");
                    renamed.Add(column.Name);
                    continue;
                }

                var definition = SqlBuilder.ColumnDefinition(column, Storage);
                if (column.IsNotNull && !column.IsPrimaryKey)
                {
                    // ALTER TABLE cannot add a NOT NULL column without a default: existing rows get the type's zero
                    // (sqlite-net adds none and fails on such a column; MicroDb's migration adds it under either format).
                    definition = definition.TrimEnd() + " DEFAULT " + ZeroLiteral(column, Storage);
                }

                Execute(Storage.Kind == StorageFormatKind.SqliteNet
                    ? SqliteNetDialect.AddColumn(table.TableName, definition)
                    : $"ALTER TABLE {SqlBuilder.Quote(table.TableName)} ADD COLUMN {definition}");
                added.Add(column.Name);
            }
        }

        var indexes = new List<string>();
        // Grouped and written in the format's dialect: under sqlite-net's, as sqlite-net groups and writes them.
        var declared = SqlBuilder.Indexes(table, Storage);
        if (declared.Count > 0)
        {
            // SQLite's index names ignore case: an index whose name is taken (also by a name differing only in case,
            // which sqlite-net's grouping can produce) exists already, as CREATE INDEX IF NOT EXISTS would find.
            var present = new HashSet<string>(GetIndexNames(table.TableName), StringComparer.OrdinalIgnoreCase);
            foreach (var index in declared)
            {
                if (present.Add(index.Name))
                {
                    Execute(SqlBuilder.CreateIndex(table.TableName, index, Storage));
                    indexes.Add(index.Name);
                }
            }
        }

        return new MigrationReport(table.TableName, created, added, indexes, renamedFrom, renamed);
    }

    private static string ZeroLiteral(ColumnMapping column, StorageFormat format)
    {
        if (format.Kind == StorageFormatKind.SqliteNet && ValueEncoding.ToStorage(ZeroOf(column.Kind), false, format) is { } zero)
        {
            // The kinds sqlite-net's format encodes its own way: the zero as that format stores it.
            return zero switch
            {
                string text => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'",
                double => "0.0",
                _ => Convert.ToString(zero, System.Globalization.CultureInfo.InvariantCulture)!,
            };
        }

        return ZeroLiteral(column.Kind);
    }

    private static object? ZeroOf(ColumnKind kind) => kind switch
    {
        ColumnKind.DateTime or ColumnKind.DateTimeText => default(DateTime),
        ColumnKind.DateTimeOffset => default(DateTimeOffset),
        ColumnKind.TimeSpan => default(TimeSpan),
        ColumnKind.Decimal => 0m,
        _ => null,
    };

    private static string ZeroLiteral(ColumnKind kind) => ColumnKindRules.SqlType(kind) switch
    {
        "REAL" => "0.0",
        "BLOB" => "x''",
        "TEXT" => kind switch
        {
            ColumnKind.Decimal => "'0'",
            ColumnKind.Guid => "'" + ValueEncoding.FormatGuid(Guid.Empty) + "'",
            ColumnKind.DateOnly => "'0001-01-01'",
            ColumnKind.DateTimeText => "'" + ValueEncoding.FormatDateTimeText(default) + "'",
            ColumnKind.DateTimeOffset => "'" + ValueEncoding.FormatDateTimeOffset(default) + "'",
            _ => "''",
        },
        _ => "0",
    };

    /// <summary>Reads the rows of <c>PRAGMA table_info</c>.</summary>
    private struct ColumnInfoReader : IRowReader<ColumnInfo>
    {
        private int _name, _type, _notNull, _default, _pk;

        public void Prepare(SqliteStatement statement)
        {
            _name = statement.GetOrdinal("name");
            _type = statement.GetOrdinal("type");
            _notNull = statement.GetOrdinal("notnull");
            _default = statement.GetOrdinal("dflt_value");
            _pk = statement.GetOrdinal("pk");
        }

        public readonly ColumnInfo Read(SqliteStatement statement) =>
            new(statement.GetString(_name)!, statement.GetString(_type) ?? string.Empty, statement.GetBoolean(_notNull), statement.GetString(_default), statement.GetInt32(_pk));
    }
}
