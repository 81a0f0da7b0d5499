using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace SQLite;

/// <summary>
/// A mapped type's table, with sqlite-net's shape: built from MicroDb's map of the type (generated or reflection), with
/// <see cref="SQLite.CreateFlags"/> conventions applied on top.
/// </summary>
public partial class TableMapping
{
    // The columns by MicroDb's column ordinal: lookups by name go through MicroDb's TableMapping, which keeps the indexes.
    private readonly Column[] _bySource;

    /// <summary>Maps <paramref name="type"/> by reflection.</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="createFlags">The conventions to apply.</param>
    [RequiresUnreferencedCode("Maps the type by reading its members at run time.")]
    [RequiresDynamicCode("Maps the type by reading its members at run time.")]
    public TableMapping([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.All)] Type type, CreateFlags createFlags = CreateFlags.None)
        : this(ReflectionMapProvider.SqliteNetMembers.GetMap(type ?? throw new ArgumentNullException(nameof(type))), type, createFlags)
    {
    }

    internal TableMapping(IEntityMap map, Type type, CreateFlags createFlags)
    {
        Map = map;
        MappedType = type;
        CreateFlags = createFlags;
        TableName = map.Table.TableName;
        WithoutRowId = map.Table.WithoutRowId;
        var columns = new Column[map.Table.Columns.Count];
        for (var i = 0; i < columns.Length; i++)
        {
            columns[i] = new Column(this, map.Table.Columns[i], createFlags);
        }

        _bySource = columns;

        // sqlite-net lists the type's own properties first, then each base class's: the order of its CREATE TABLE.
        Columns = columns.OrderBy(c => c.Depth).ToArray();
        foreach (var column in Columns)
        {
            if (column.IsPK)
            {
                PK = column;
            }
        }

        HasAutoIncPK = PK is { IsAutoInc: true };
        InsertColumns = Columns.Where(c => !c.IsAutoInc).ToArray();
        InsertOrReplaceColumns = Columns;
        // sqlite-net's statement text (the shared dialect), built once per mapping: what Trace shows, and what runs where
        // MicroDb's own statements do not mean the same (INSERT and UPDATE: InsertStatement, UpdateStatement).
        var keyName = PK?.Name;
        if (keyName is not null)
        {
            DeleteSql = SqliteNetDialect.DeleteByKey(TableName, keyName);
        }

        GetByPrimaryKeySql = SqliteNetDialect.SelectByKey(TableName, keyName);

        // MicroDb's map runs the statements by key itself when its key is this mapping's key (no CreateFlags key).
        KeyCrud = PK is not null && ReferenceEquals(map.Table.PrimaryKey, PK.Source) ? map as IObjectCrud : null;
        TypedCrud = createFlags == CreateFlags.None && Columns.Length > 1 ? KeyCrud : null;
    }

    /// <summary>The mapped type.</summary>
    public Type MappedType { get; private set; }

    /// <summary>The table name.</summary>
    public string TableName { get; private set; }

    /// <summary>Whether the table is <c>WITHOUT ROWID</c>.</summary>
    public bool WithoutRowId { get; private set; }

    /// <summary>The columns, in table order.</summary>
    public Column[] Columns { get; private set; }

    /// <summary>The primary key column, or null.</summary>
    public Column PK { get; private set; }

    /// <summary>The SQL that selects a row by primary key.</summary>
    public string GetByPrimaryKeySql { get; private set; }

    /// <summary>The conventions the mapping was built with.</summary>
    public CreateFlags CreateFlags { get; private set; }

    /// <summary>Whether the primary key is auto-incremented.</summary>
    public bool HasAutoIncPK { get; private set; }

    /// <summary>The columns an insert writes (all but an auto-incremented key).</summary>
    public Column[] InsertColumns { get; private set; }

    /// <summary>The columns an insert-or-replace writes (all of them).</summary>
    public Column[] InsertOrReplaceColumns { get; private set; }

    /// <summary>MicroDb's map of the type, which binds and reads its rows.</summary>
    internal IEntityMap Map { get; }

    /// <summary><c>delete from ... where key = ?</c>; null without a key.</summary>
    internal string DeleteSql { get; }

    /// <summary>
    /// MicroDb's typed CRUD for this type when its statements mean exactly this mapping's: no CreateFlags conventions
    /// (same columns, same key), a key, and a column besides it (MicroDb's UPDATE needs one). Null otherwise.
    /// </summary>
    internal IObjectCrud TypedCrud { get; }

    /// <summary>MicroDb's typed CRUD for the statements by key (DELETE), when MicroDb's map has this mapping's key. Null otherwise.</summary>
    internal IObjectCrud KeyCrud { get; }

    /// <summary>Whether MicroDb's map writes the new row id into the key itself (typed, no reflection): the key is the map's own auto-increment column.</summary>
    internal bool MapSetsAutoIncKey => PK is not null && ReferenceEquals(Map.Table.AutoIncrementColumn, PK.Source);

    /// <summary>The INSERT text per conflict clause, built once (the connection prepares each text once too).</summary>
    private readonly ConcurrentDictionary<string, (string Sql, ColumnMapping[] Bound)> _inserts = new(StringComparer.Ordinal);

    private (string Sql, ColumnMapping[] Bound)? _update;

    /// <summary>The INSERT for <paramref name="extra"/> (<c>OR REPLACE</c> writes every column, the key included) and the columns it binds.</summary>
    internal (string Sql, ColumnMapping[] Bound) InsertStatement(string extra) => _inserts.GetOrAdd(extra, static (e, map) =>
    {
        var columns = IsOrReplace(e) ? map.InsertOrReplaceColumns : map.InsertColumns;
        return (SqliteNetDialect.Insert(map.TableName, e, columns.Select(c => c.Name).ToArray()), columns.Select(c => c.Source).ToArray());
    }, this);

    /// <summary>Whether a conflict clause is <c>OR REPLACE</c> (sqlite-net's test: trimmed, any case).</summary>
    internal static bool IsOrReplace(string extra) => string.Equals(extra.Trim(), "OR REPLACE", StringComparison.OrdinalIgnoreCase);

    /// <summary>The UPDATE by key and the columns it binds (the key last); null without a key.</summary>
    internal (string Sql, ColumnMapping[] Bound)? UpdateStatement()
    {
        if (PK is null)
        {
            return null;
        }

        return _update ??= Build(this, PK);

        static (string, ColumnMapping[]) Build(TableMapping map, Column pk)
        {
            var set = map.Columns.Where(c => c != pk).ToArray();
            if (set.Length == 0)
            {
                // Only a key: set it to itself, so the statement is valid and reports whether the row exists.
                set = [pk];
            }

            return (SqliteNetDialect.Update(map.TableName, set.Select(c => c.Name).ToArray(), pk.Name), [.. set.Select(c => c.Source), pk.Source]);
        }
    }

    /// <summary>Writes a new auto-incremented key to <paramref name="obj"/>.</summary>
    /// <param name="obj">The inserted object.</param>
    /// <param name="id">The row id SQLite assigned.</param>
    public void SetAutoIncPK(object obj, long id)
    {
        if (PK is null)
        {
            return;
        }

        // Through the map (generated code under AOT); only a key made auto-increment by CreateFlags.AutoIncPK, which
        // MicroDb's map does not know as such, is written by reflection.
        if (ReferenceEquals(Map.Table.AutoIncrementColumn, PK.Source))
        {
            Map.SetGeneratedKey(obj, id);
        }
        else
        {
            PK.SetValue(obj, Convert.ChangeType(id, PK.ColumnType, System.Globalization.CultureInfo.InvariantCulture));
        }
    }

    /// <summary>The column mapped from the property <paramref name="propertyName"/> (case-sensitive), or null.</summary>
    /// <param name="propertyName">The property name.</param>
    /// <returns>The column, or null.</returns>
    public Column FindColumnWithPropertyName(string propertyName) =>
        propertyName is not null && Map.Table.FindColumnByMember(propertyName) is { } column ? _bySource[column.Ordinal] : null;

    /// <summary>The column named <paramref name="columnName"/> (case-insensitive), or null.</summary>
    /// <param name="columnName">The column name.</param>
    /// <returns>The column, or null.</returns>
    public Column FindColumn(string columnName) =>
        columnName is not null && Map.Table.FindColumn(columnName) is { } column ? _bySource[column.Ordinal] : null;
}
