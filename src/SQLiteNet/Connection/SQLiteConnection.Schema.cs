using System.Linq.Expressions;
using MicroDb;
using MicroDb.Mapping;

namespace SQLite;

// Tables and indexes, written exactly as sqlite-net writes them (the shared SqliteNetDialect, through Orm.cs), so an existing database's schema stays the same.
public partial class SQLiteConnection
{
    /// <summary>Creates <typeparamref name="T"/>'s table, or adds its missing columns; then declares its indexes.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns><see cref="CreateTableResult.Created"/>, or <see cref="CreateTableResult.Migrated"/> when the table existed.</returns>
    public CreateTableResult CreateTable<T>(CreateFlags createFlags = CreateFlags.None) => CreateTable(typeof(T), createFlags);

    /// <summary>Creates <paramref name="ty"/>'s table, or adds its missing columns; then declares its indexes.</summary>
    /// <param name="ty">The mapped type.</param>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns><see cref="CreateTableResult.Created"/>, or <see cref="CreateTableResult.Migrated"/> when the table existed (even unchanged).</returns>
    /// <exception cref="NotSupportedException">The type has no mapped property, a property's type has no sqlite-net column type, or full-text search was asked for.</exception>
    /// <exception cref="SQLiteException">SQLite refused a statement (e.g. adding a not-null column to a table with rows).</exception>
    public CreateTableResult CreateTable(Type ty, CreateFlags createFlags = CreateFlags.None)
    {
        ArgumentNullException.ThrowIfNull(ty);
        if ((createFlags & (CreateFlags.FullTextSearch3 | CreateFlags.FullTextSearch4)) != 0)
        {
            throw new NotSupportedException($"CreateTable of '{ty.FullName}': full-text search tables (CreateFlags.FullTextSearch3/4) are not supported by MicroDb.SQLiteNet.");
        }

        // A type without mapped properties fails in GetMapping (MicroDb's rule MDB0009) as NotSupportedException.
        var map = GetMapping(ty, createFlags);

        var existing = GetTableInfo(map.TableName);
        CreateTableResult result;
        if (existing.Count == 0)
        {
            Execute(Orm.CreateTableSql(map, StoreDateTimeAsTicks, StoreTimeSpanAsTicks));
            result = CreateTableResult.Created;
        }
        else
        {
            var names = new HashSet<string>(existing.Select(c => c.Name), StringComparer.OrdinalIgnoreCase);
            foreach (var column in map.Columns.Where(c => !names.Contains(c.Name)))
            {
                Execute(Orm.AddColumnSql(map, column, StoreDateTimeAsTicks, StoreTimeSpanAsTicks));
            }

            result = CreateTableResult.Migrated;
        }

        foreach (var (name, unique, columns) in Orm.Indexes(map))
        {
            CreateIndex(name, map.TableName, columns, unique);
        }

        return result;
    }

    /// <summary>Creates the tables of two types.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The result per type.</returns>
    public CreateTablesResult CreateTables<T, T2>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new() => CreateTables(createFlags, typeof(T), typeof(T2));

    /// <summary>Creates the tables of three types.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The result per type.</returns>
    public CreateTablesResult CreateTables<T, T2, T3>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new() => CreateTables(createFlags, typeof(T), typeof(T2), typeof(T3));

    /// <summary>Creates the tables of four types.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The result per type.</returns>
    public CreateTablesResult CreateTables<T, T2, T3, T4>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new() => CreateTables(createFlags, typeof(T), typeof(T2), typeof(T3), typeof(T4));

    /// <summary>Creates the tables of five types.</summary>
    /// <typeparam name="T">The first type.</typeparam>
    /// <typeparam name="T2">The second type.</typeparam>
    /// <typeparam name="T3">The third type.</typeparam>
    /// <typeparam name="T4">The fourth type.</typeparam>
    /// <typeparam name="T5">The fifth type.</typeparam>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <returns>The result per type.</returns>
    public CreateTablesResult CreateTables<T, T2, T3, T4, T5>(CreateFlags createFlags = CreateFlags.None)
        where T : new()
        where T2 : new()
        where T3 : new()
        where T4 : new()
        where T5 : new() => CreateTables(createFlags, typeof(T), typeof(T2), typeof(T3), typeof(T4), typeof(T5));

    /// <summary>Creates the tables of <paramref name="types"/>.</summary>
    /// <param name="createFlags">Conventions to apply.</param>
    /// <param name="types">The mapped types.</param>
    /// <returns>The result per type.</returns>
    public CreateTablesResult CreateTables(CreateFlags createFlags = CreateFlags.None, params Type[] types)
    {
        ArgumentNullException.ThrowIfNull(types);
        var result = new CreateTablesResult();
        foreach (var type in types)
        {
            result.Results[type] = CreateTable(type, createFlags);
        }

        return result;
    }

    /// <summary>Drops <typeparamref name="T"/>'s table if it exists.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <returns>The rows changed by the statement (0).</returns>
    public int DropTable<T>() => DropTable(GetMapping(typeof(T)));

    /// <summary>Drops <paramref name="map"/>'s table if it exists.</summary>
    /// <param name="map">The table.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    public int DropTable(TableMapping map)
    {
        ArgumentNullException.ThrowIfNull(map);
        return Execute(SqliteNetDialect.DropTable(map.TableName));
    }

    /// <summary>Creates a named index over <paramref name="columnNames"/> if it does not exist.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns, in index order.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    public int CreateIndex(string indexName, string tableName, string[] columnNames, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(columnNames);
        return Execute(SqliteNetDialect.CreateIndex(indexName, tableName, columnNames, unique));
    }

    /// <summary>Creates a named index over one column if it does not exist.</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    public int CreateIndex(string indexName, string tableName, string columnName, bool unique = false) =>
        CreateIndex(indexName, tableName, [columnName], unique);

    /// <summary>Creates the index <c>{table}_{column}</c> if it does not exist.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnName">The column.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    public int CreateIndex(string tableName, string columnName, bool unique = false) =>
        CreateIndex(IndexRules.DefaultName(tableName, columnName), tableName, columnName, unique);

    /// <summary>Creates the index <c>{table}_{column1}_{column2}...</c> if it does not exist.</summary>
    /// <param name="tableName">The table.</param>
    /// <param name="columnNames">The columns, in index order.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    public int CreateIndex(string tableName, string[] columnNames, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(columnNames);
        return CreateIndex(IndexRules.DefaultName(tableName, columnNames), tableName, columnNames, unique);
    }

    /// <summary>Creates the index <c>{table}_{column}</c> on the column of the property <paramref name="property"/> selects.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="property">A lambda reading one property: <c>p =&gt; p.Name</c>.</param>
    /// <param name="unique">Whether the index is unique.</param>
    /// <returns>The rows changed by the statement (0).</returns>
    /// <exception cref="ArgumentException">The lambda does not read a mapped property.</exception>
    public int CreateIndex<T>(Expression<Func<T, object>> property, bool unique = false)
    {
        ArgumentNullException.ThrowIfNull(property);
        var body = property.Body is UnaryExpression { NodeType: ExpressionType.Convert } convert ? convert.Operand : property.Body;
        if (body is not MemberExpression member)
        {
            throw new ArgumentException($"CreateIndex expects a lambda that reads one property (p => p.Name), not '{property}'.", nameof(property));
        }

        var map = GetMapping(typeof(T));
        var column = map.FindColumnWithPropertyName(member.Member.Name)
            ?? throw new ArgumentException($"'{member.Member.Name}' is not a mapped property of '{typeof(T).FullName}'.", nameof(property));
        return CreateIndex(map.TableName, column.Name, unique);
    }

    /// <summary>The columns of <paramref name="tableName"/> as SQLite reports them; empty when the table does not exist.</summary>
    /// <param name="tableName">The table.</param>
    /// <returns>The columns.</returns>
    public List<ColumnInfo> GetTableInfo(string tableName)
    {
        TraceStatement("pragma table_info(\"" + tableName + "\")", query: true);
        try
        {
            return _db.GetTableInfo(tableName).Select(c => new ColumnInfo { Name = c.Name, notnull = c.NotNull ? 1 : 0 }).ToList();
        }
        catch (MicroDbException e)
        {
            throw Translate(e);
        }
    }
}
