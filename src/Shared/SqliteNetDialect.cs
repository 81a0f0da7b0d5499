// Shared source (see src/Shared/README.md): sqlite-net's schema dialect. MicroDb's connections under
// StorageFormat.SqliteNet and the sqlite-net compatibility package (MicroDb.SQLiteNet) both write tables and indexes
// with it, so a file either of them creates is the file sqlite-net-pcl 1.11 creates.
using System.Collections.Generic;
using System.Globalization;
using System.Text;

#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared;
#else
namespace MicroDb.Mapping;
#endif

/// <summary>
/// sqlite-net 1.11's schema text and rules, measured against sqlite-net-pcl (docs/sqlite-net-storage.md, "Schema";
/// tests/MicroDb.SQLiteNet.Tests/Cross/DialectParityTests.cs): the declared type of each kind, the column declaration,
/// CREATE TABLE, ALTER TABLE ADD COLUMN, CREATE INDEX, how <c>[Indexed]</c>/<c>[Unique]</c> declarations group into
/// indexes, and the text of the statements sqlite-net traces. Identifiers are quoted as sqlite-net quotes them (in double
/// quotes, an embedded quote not doubled), so the stored <c>sqlite_master</c> text is byte for byte sqlite-net's.
/// </summary>
internal static class SqliteNetDialect
{
    /// <summary>
    /// The type sqlite-net declares for a column of this kind, spelled as it writes it; null for the kinds it has no
    /// column type for (<see cref="char"/>, <c>DateOnly</c>, <c>TimeOnly</c>).
    /// </summary>
    /// <param name="kind">The kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text columns, or null (plain <c>varchar</c>).</param>
    /// <param name="dateTimeAsTicks">DateTime stored as ticks (<c>bigint</c>), else as text (<c>datetime</c>).</param>
    /// <param name="timeSpanAsTicks">TimeSpan stored as ticks (<c>bigint</c>), else as text (<c>time</c>).</param>
    /// <param name="enumDeclaredAsText">
    /// For <see cref="ColumnKind.EnumText"/>: sqlite-net declares <c>varchar</c> when it sees <c>[StoreAsText]</c> on the
    /// member's own type, and <c>integer</c> for a nullable one (it looks on <c>Nullable&lt;T&gt;</c>).
    /// </param>
    public static string? DeclaredType(ColumnKind kind, int? maxLength, bool dateTimeAsTicks, bool timeSpanAsTicks, bool enumDeclaredAsText) => kind switch
    {
        ColumnKind.Boolean or ColumnKind.Byte or ColumnKind.SByte or ColumnKind.Int16 or ColumnKind.UInt16
            or ColumnKind.Int32 or ColumnKind.UInt32 or ColumnKind.Int64 or ColumnKind.UInt64 or ColumnKind.Enum => "integer",
        ColumnKind.EnumText => enumDeclaredAsText ? "varchar" : "integer",
        ColumnKind.Single or ColumnKind.Double or ColumnKind.Decimal => "float",
        ColumnKind.String or ColumnKind.Uri or ColumnKind.StringBuilder => maxLength is { } n ? "varchar(" + n.ToString(CultureInfo.InvariantCulture) + ")" : "varchar",
        ColumnKind.Blob => "blob",
        ColumnKind.Guid => "varchar(36)",
        ColumnKind.DateTime or ColumnKind.DateTimeText => dateTimeAsTicks ? "bigint" : "datetime",
        ColumnKind.DateTimeOffset => "bigint",
        ColumnKind.TimeSpan => timeSpanAsTicks ? "bigint" : "time",
        _ => null,
    };

    /// <summary>
    /// The declared type MicroDb's own connections use under sqlite-net's storage format: sqlite-net's
    /// (<see cref="DeclaredType"/>) where it has one, MicroDb's (<see cref="ColumnKindRules.SqlType"/>) for the kinds
    /// sqlite-net refuses as columns (MicroDb stores them; the compatibility package refuses them as sqlite-net does).
    /// </summary>
    /// <param name="kind">The kind.</param>
    /// <param name="maxLength">A <c>[MaxLength]</c> for text columns, or null.</param>
    /// <param name="dateTimeAsTicks">DateTime stored as ticks.</param>
    /// <param name="timeSpanAsTicks">TimeSpan stored as ticks.</param>
    /// <param name="enumDeclaredAsText">See <see cref="DeclaredType"/>.</param>
    public static string DeclaredTypeOrMicroDb(ColumnKind kind, int? maxLength, bool dateTimeAsTicks, bool timeSpanAsTicks, bool enumDeclaredAsText) =>
        DeclaredType(kind, maxLength, dateTimeAsTicks, timeSpanAsTicks, enumDeclaredAsText) ?? ColumnKindRules.SqlType(kind, maxLength);

    /// <summary>
    /// A column's declaration in CREATE TABLE and ALTER TABLE: <c>"Name" type primary key autoincrement not null collate X </c>,
    /// each part followed by a space, as sqlite-net writes it.
    /// </summary>
    /// <param name="name">The column name.</param>
    /// <param name="declaredType">The declared type (<see cref="DeclaredType"/>).</param>
    /// <param name="primaryKey">The column is the key.</param>
    /// <param name="autoIncrement">The key is auto-incremented.</param>
    /// <param name="notNull">The column is declared not null (sqlite-net: the key and <c>[NotNull]</c> members).</param>
    /// <param name="collation">The collation, or null/empty.</param>
    public static string ColumnDeclaration(string name, string declaredType, bool primaryKey, bool autoIncrement, bool notNull, string? collation)
    {
        var sb = new StringBuilder();
        sb.Append('"').Append(name).Append("\" ").Append(declaredType).Append(' ');
        if (primaryKey)
        {
            sb.Append("primary key ");
        }

        if (autoIncrement)
        {
            sb.Append("autoincrement ");
        }

        if (notNull)
        {
            sb.Append("not null ");
        }

        if (collation is { Length: > 0 })
        {
            sb.Append("collate ").Append(collation).Append(' ');
        }

        return sb.ToString();
    }

    /// <summary>CREATE TABLE as sqlite-net writes it: one declaration (<see cref="ColumnDeclaration"/>) per line.</summary>
    /// <param name="table">The table name.</param>
    /// <param name="declarations">The column declarations, in table order.</param>
    /// <param name="withoutRowId">A WITHOUT ROWID table.</param>
    public static string CreateTable(string table, IEnumerable<string> declarations, bool withoutRowId) =>
        "create table if not exists \"" + table + "\" (\n" + string.Join(",\n", declarations) + ")" + (withoutRowId ? " without rowid" : "");

    /// <summary>The ALTER TABLE that adds a column (sqlite-net adds no default).</summary>
    /// <param name="table">The table name.</param>
    /// <param name="declaration">The column's declaration (<see cref="ColumnDeclaration"/>).</param>
    public static string AddColumn(string table, string declaration) => "alter table \"" + table + "\" add column " + declaration;

    /// <summary>CREATE INDEX as sqlite-net writes it (two spaces in <c>create  index</c> when not unique).</summary>
    /// <param name="indexName">The index name.</param>
    /// <param name="table">The table name.</param>
    /// <param name="columns">The columns, in index order.</param>
    /// <param name="unique">A unique index.</param>
    public static string CreateIndex(string indexName, string table, IEnumerable<string> columns, bool unique) =>
        "create " + (unique ? "unique" : "") + " index if not exists \"" + indexName + "\" on \"" + table + "\"(\""
        + string.Join("\", \"", columns) + "\")";

    /// <summary>
    /// Groups <c>[Indexed]</c>/<c>[Unique]</c> declarations into indexes as sqlite-net's CreateTable does: by name compared
    /// ordinally (case-sensitive; two names that differ only in case make two CREATE INDEX IF NOT EXISTS statements, and
    /// SQLite, whose index names ignore case, keeps the first), each index's columns by declared order; every column of
    /// one index must agree on uniqueness (<see cref="IndexRules.Group"/> with sqlite-net's rule).
    /// </summary>
    /// <param name="table">The table name.</param>
    /// <param name="declarations">Column, declared name (null for the default), order and uniqueness, in member order.</param>
    /// <exception cref="System.InvalidOperationException">Columns of one index disagree on uniqueness (sqlite-net throws <see cref="System.Exception"/>).</exception>
    public static List<(string Name, bool Unique, string[] Columns)> GroupIndexes(string table, IEnumerable<(string Column, string? Name, int Order, bool Unique)> declarations) =>
        IndexRules.Group(table, declarations, sqliteNet: true);

    /// <summary>INSERT as sqlite-net writes it, with a conflict clause (<c>OR REPLACE</c> ...) or none; DEFAULT VALUES without columns.</summary>
    /// <param name="table">The table name.</param>
    /// <param name="extra">The words between <c>insert</c> and <c>into</c>.</param>
    /// <param name="columns">The columns bound, in parameter order.</param>
    public static string Insert(string table, string extra, IReadOnlyList<string> columns)
    {
        if (columns.Count == 0)
        {
            return "insert " + extra + " into \"" + table + "\" default values";
        }

        var sb = new StringBuilder();
        sb.Append("insert ").Append(extra).Append(" into \"").Append(table).Append("\"(");
        for (var i = 0; i < columns.Count; i++)
        {
            sb.Append(i == 0 ? "\"" : ",\"").Append(columns[i]).Append('"');
        }

        sb.Append(") values (");
        for (var i = 0; i < columns.Count; i++)
        {
            sb.Append(i == 0 ? "?" : ",?");
        }

        return sb.Append(')').ToString();
    }

    /// <summary>UPDATE by key as sqlite-net writes it; the set columns are bound first, the key last.</summary>
    /// <param name="table">The table name.</param>
    /// <param name="setColumns">The columns set.</param>
    /// <param name="key">The key column.</param>
    public static string Update(string table, IReadOnlyList<string> setColumns, string key)
    {
        var sb = new StringBuilder();
        sb.Append("update \"").Append(table).Append("\" set ");
        for (var i = 0; i < setColumns.Count; i++)
        {
            sb.Append(i == 0 ? "\"" : ",\"").Append(setColumns[i]).Append("\" = ? ");
        }

        return sb.Append(" where \"").Append(key).Append("\" = ? ").ToString();
    }

    /// <summary>DELETE by key as sqlite-net writes it.</summary>
    /// <param name="table">The table name.</param>
    /// <param name="key">The key column.</param>
    public static string DeleteByKey(string table, string key) => "delete from \"" + table + "\" where \"" + key + "\" = ?";

    /// <summary>DELETE of every row as sqlite-net writes it.</summary>
    /// <param name="table">The table name.</param>
    public static string DeleteAll(string table) => "delete from \"" + table + "\"";

    /// <summary>DROP TABLE as sqlite-net writes it.</summary>
    /// <param name="table">The table name.</param>
    public static string DropTable(string table) => "drop table if exists \"" + table + "\"";

    /// <summary>SELECT by key as sqlite-net writes it (its <c>GetByPrimaryKeySql</c>); without a key, the first row.</summary>
    /// <param name="table">The table name.</param>
    /// <param name="key">The key column, or null.</param>
    public static string SelectByKey(string table, string? key) => key is null
        ? "select * from \"" + table + "\" limit 1"
        : "select * from \"" + table + "\" where \"" + key + "\" = ?";
}
