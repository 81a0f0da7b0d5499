using MicroDb.Mapping;

namespace SQLite;

/// <summary>
/// sqlite-net's schema helpers, as sqlite-net's API: the declared type of each column and the column declaration. The
/// rules and the text (and those of CREATE TABLE, CREATE INDEX and ALTER TABLE) are MicroDb's one sqlite-net dialect
/// (<c>src/Shared/SqliteNetDialect.cs</c>), which MicroDb's own connections under <c>StorageFormat.SqliteNet</c> write
/// with too, so an existing app's <c>sqlite_master</c> stays byte for byte the same. Built from MicroDb's column
/// metadata (the storage kind), never by reflecting over the model.
/// </summary>
public static class Orm
{
    /// <summary>The property name <see cref="CreateFlags.ImplicitPK"/> makes the key.</summary>
    public const string ImplicitPkName = "Id";

    /// <summary>The name suffix <see cref="CreateFlags.ImplicitIndex"/> indexes.</summary>
    public const string ImplicitIndexSuffix = "Id";

    /// <summary>sqlite-net's nominal string length (it declares plain <c>varchar</c> without <c>[MaxLength]</c>).</summary>
    public const int DefaultMaxStringLength = 140;

    /// <summary>The column declaration in CREATE TABLE and ALTER TABLE: name, type and constraints, each followed by a space.</summary>
    /// <param name="p">The column.</param>
    /// <param name="storeDateTimeAsTicks">Whether <see cref="DateTime"/> is stored as ticks.</param>
    /// <param name="storeTimeSpanAsTicks">Whether <see cref="TimeSpan"/> is stored as ticks.</param>
    /// <returns>The declaration.</returns>
    /// <exception cref="NotSupportedException">sqlite-net has no column type for the property's type.</exception>
    public static string SqlDecl(TableMapping.Column p, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks)
    {
        ArgumentNullException.ThrowIfNull(p);
        return SqliteNetDialect.ColumnDeclaration(p.Name, SqlType(p, storeDateTimeAsTicks, storeTimeSpanAsTicks), p.IsPK, p.IsAutoInc, !p.IsNullable, p.Collation);
    }

    /// <summary>The declared type sqlite-net gives the column (lowercase, as it writes it).</summary>
    /// <param name="p">The column.</param>
    /// <param name="storeDateTimeAsTicks">Whether <see cref="DateTime"/> is stored as ticks.</param>
    /// <param name="storeTimeSpanAsTicks">Whether <see cref="TimeSpan"/> is stored as ticks.</param>
    /// <returns>The declared type.</returns>
    /// <exception cref="NotSupportedException">sqlite-net has no column type for the property's type.</exception>
    public static string SqlType(TableMapping.Column p, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks)
    {
        ArgumentNullException.ThrowIfNull(p);
        return SqliteNetDialect.DeclaredType(p.Source.Kind, p.MaxStringLength, storeDateTimeAsTicks, storeTimeSpanAsTicks, p.StoreAsText)
            ?? throw new NotSupportedException($"Don't know about {p.ColumnType} (property '{p.PropertyName}' of '{p.PropertyInfo?.DeclaringType?.FullName}'): sqlite-net has no column type for it.");
    }

    /// <summary>CREATE TABLE as sqlite-net writes it.</summary>
    internal static string CreateTableSql(TableMapping map, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks) =>
        SqliteNetDialect.CreateTable(map.TableName, map.Columns.Select(c => SqlDecl(c, storeDateTimeAsTicks, storeTimeSpanAsTicks)), map.WithoutRowId);

    /// <summary>The ALTER TABLE that adds a column (sqlite-net adds no default, so a not-null column fails on a table with rows).</summary>
    internal static string AddColumnSql(TableMapping map, TableMapping.Column column, bool storeDateTimeAsTicks, bool storeTimeSpanAsTicks) =>
        SqliteNetDialect.AddColumn(map.TableName, SqlDecl(column, storeDateTimeAsTicks, storeTimeSpanAsTicks));

    /// <summary>
    /// The indexes a mapping declares, grouped by name as sqlite-net groups them (<see cref="SqliteNetDialect.GroupIndexes"/>).
    /// </summary>
    /// <exception cref="InvalidOperationException">Columns of one index disagree on uniqueness.</exception>
    internal static List<(string Name, bool Unique, string[] Columns)> Indexes(TableMapping map) =>
        SqliteNetDialect.GroupIndexes(map.TableName, map.Columns.SelectMany(c => c.Indices.Select(i => (c.Name, i.Name, i.Order, i.Unique))));
}
