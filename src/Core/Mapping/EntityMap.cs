using MicroDb.Native;

namespace MicroDb.Mapping;

/// <summary>
/// The mapping contract for one entity type. The source generator emits a sealed subclass with direct
/// member access and straight-line binders; MicroDb.Runtime.Reflection builds one from attributes.
/// The connection only ever talks to this type, so both paths behave the same.
/// </summary>
/// <typeparam name="T">The mapped type.</typeparam>
public abstract class EntityMap<T> : IEntityMap, IObjectCrud
{
    /// <summary>Creates the map for <paramref name="table"/>.</summary>
    /// <param name="table">The table metadata.</param>
    /// <param name="sql">The CRUD SQL; null builds it once from <paramref name="table"/> (generated maps pass null, so both paths run the text the shared <c>CrudSqlText</c> builds; it is built at first use).</param>
    protected EntityMap(TableMapping table, EntitySql? sql = null)
    {
        Table = table;
        _sql = sql;
        Slot = EntityMapSlots.Next();
    }

    /// <inheritdoc />
    public Type EntityType => typeof(T);

    /// <inheritdoc />
    public TableMapping Table { get; }

    /// <inheritdoc />
    /// <remarks>
    /// Built once, at first use, when the constructor was given none (generated maps): a module initializer constructs
    /// every generated map at startup, and most of them are not used by the first statements. Two threads racing here
    /// build the same text; either result is kept.
    /// </remarks>
    public EntitySql Sql => _sql ??= SqlBuilder.Build(Table);

    private EntitySql? _sql;

    /// <inheritdoc />
    public abstract bool IsGenerated { get; }

    /// <summary>A process-wide number for this map, used by connections to find their cached statements without a dictionary.</summary>
    internal int Slot { get; }

    /// <inheritdoc />
    int IObjectCrud.Insert(StatementRunner runner, object entity) => runner.Insert(this, (T)entity);

    /// <inheritdoc />
    int IObjectCrud.InsertOrReplace(StatementRunner runner, object entity) => runner.InsertOrReplace(this, (T)entity);

    /// <inheritdoc />
    int IObjectCrud.Update(StatementRunner runner, object entity) => runner.Update(this, (T)entity);

    /// <inheritdoc />
    int IObjectCrud.Delete(StatementRunner runner, object entity) => runner.Delete(this, (T)entity);

    /// <inheritdoc />
    int IObjectCrud.DeleteByKey(StatementRunner runner, object primaryKey) => runner.DeleteByKey(this, primaryKey);

    /// <inheritdoc />
    int IObjectCrud.InsertEach(StatementRunner runner, System.Collections.IEnumerator objects, Action? afterRow, out bool stopped) =>
        runner.InsertEachOfType(this, objects, afterRow, out stopped);

    /// <inheritdoc />
    int IObjectCrud.DeleteByKey(StatementRunner runner, long primaryKey) => runner.DeleteByKey(this, primaryKey);

    /// <summary>Binds one member's value to parameter <paramref name="parameterIndex"/>, without boxing.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    public abstract void BindColumn(SqliteStatement statement, int parameterIndex, T entity, int columnIndex);

    /// <summary>Binds <see cref="TableMapping.InsertColumns"/> to parameters 1..n of <see cref="EntitySql.Insert"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public virtual void BindInsert(SqliteStatement statement, T entity)
    {
        var columns = Table.InsertColumns;
        for (var i = 0; i < columns.Count; i++)
        {
            BindColumn(statement, i + 1, entity, columns[i].Ordinal);
        }
    }

    /// <summary>Binds every column to parameters 1..n of <see cref="EntitySql.InsertOrReplace"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public virtual void BindAll(SqliteStatement statement, T entity)
    {
        var count = Table.Columns.Count;
        for (var i = 0; i < count; i++)
        {
            BindColumn(statement, i + 1, entity, i);
        }
    }

    /// <summary>Binds the non-key columns, then the key, to the parameters of <see cref="EntitySql.Update"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public virtual void BindUpdate(SqliteStatement statement, T entity)
    {
        var columns = Table.UpdateColumns;
        for (var i = 0; i < columns.Count; i++)
        {
            BindColumn(statement, i + 1, entity, columns[i].Ordinal);
        }

        BindColumn(statement, columns.Count + 1, entity, Table.PrimaryKey!.Ordinal);
    }

    /// <summary>Binds the entity's key to parameter <paramref name="parameterIndex"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    public virtual void BindKey(SqliteStatement statement, int parameterIndex, T entity) =>
        BindColumn(statement, parameterIndex, entity, Table.PrimaryKey!.Ordinal);

    /// <summary>
    /// Reads the current row into a new entity. <paramref name="ordinals"/> gives, for each column of
    /// <see cref="TableMapping.Columns"/>, its ordinal in the statement or -1 when the statement lacks it
    /// (the member then keeps its default). Resolved once per statement by <see cref="ResolveOrdinals"/>.
    /// </summary>
    /// <param name="statement">The statement positioned on a row.</param>
    /// <param name="ordinals">The column ordinals.</param>
    public abstract T Read(SqliteStatement statement, ReadOnlySpan<int> ordinals);

    /// <summary>Writes an auto-incremented key back to the entity; does nothing for a type without one.</summary>
    /// <param name="entity">The entity.</param>
    /// <param name="key">The new row id.</param>
    public abstract void SetGeneratedKey(T entity, long key);

    /// <summary>Reads one member's value, boxed. For cold paths only (messages, tests, comparisons).</summary>
    /// <param name="entity">The entity.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    public abstract object? GetValue(T entity, int columnIndex);

    /// <summary>
    /// True when the map writes and reads the binary format (<see cref="Serialize"/> and <see cref="Deserialize"/>).
    /// Reflection maps always do; a generated map does when code in its assembly uses <see cref="MicroDbSerializer"/>
    /// or the project sets <c>MicroDbSerialization=true</c> (the generator leaves the two methods out otherwise).
    /// </summary>
    public virtual bool CanSerialize => false;

    /// <summary>Writes the entity's mapped members to <paramref name="writer"/> in column order (format: <see cref="BinaryCodec"/>).</summary>
    /// <param name="writer">The writer.</param>
    /// <param name="entity">The entity.</param>
    /// <exception cref="MicroDbMappingException">The map has no serialization (<see cref="CanSerialize"/> is false).</exception>
    public virtual void Serialize(BinaryWriter writer, T entity) => throw NoSerialization();

    /// <summary>Reads an entity written by <see cref="Serialize"/>.</summary>
    /// <param name="reader">The reader.</param>
    /// <exception cref="MicroDbMappingException">The map has no serialization (<see cref="CanSerialize"/> is false).</exception>
    public virtual T Deserialize(BinaryReader reader) => throw NoSerialization();

    /// <summary>The error of a map without serialization, naming the type and the fix.</summary>
    internal MicroDbMappingException NoSerialization() => new(
        $"The generated map of '{typeof(T).FullName}' has no serialization: no code in its assembly uses MicroDbSerializer, so the " +
        "generator left it out. Set <MicroDbSerialization>true</MicroDbSerialization> in that project, or serialize with a reflection map (MappingMode.Reflection).");

    /// <summary>
    /// One column of a generated map's table, in the compact form the generator emits: a <see cref="ColumnMapping"/>
    /// with only the constraints the member declares.
    /// </summary>
    /// <param name="name">The column name.</param>
    /// <param name="memberName">The property or field name.</param>
    /// <param name="kind">How the value is stored.</param>
    /// <param name="clrTypeName">The CLR type's display name.</param>
    /// <param name="nullable">The member can hold null.</param>
    /// <param name="primaryKey">Marked <c>[PrimaryKey]</c>.</param>
    /// <param name="autoIncrement">Marked <c>[AutoIncrement]</c>.</param>
    /// <param name="notNull">Marked <c>[NotNull]</c>.</param>
    /// <param name="maxLength">The <c>[MaxLength]</c>, if any.</param>
    /// <param name="collation">The <c>[Collation]</c>, if any.</param>
    /// <param name="renamedFrom">The <c>[RenamedFrom]</c> name, if any.</param>
    /// <returns>The column.</returns>
    protected static ColumnMapping Column(
        string name,
        string memberName,
        ColumnKind kind,
        string clrTypeName,
        bool nullable = false,
        bool primaryKey = false,
        bool autoIncrement = false,
        bool notNull = false,
        int? maxLength = null,
        string? collation = null,
        string? renamedFrom = null) =>
        new(name, memberName, kind, nullable)
        {
            ClrTypeName = clrTypeName,
            IsPrimaryKey = primaryKey,
            IsAutoIncrement = autoIncrement,
            IsNotNull = notNull,
            MaxLength = maxLength,
            Collation = collation,
            RenamedFrom = renamedFrom,
        };

    /// <summary>For each column of the table, its ordinal in <paramref name="statement"/>'s result, or -1.</summary>
    /// <param name="statement">The statement.</param>
    public int[] ResolveOrdinals(SqliteStatement statement)
    {
        var columns = Table.Columns;
        var ordinals = new int[columns.Count];
        var count = statement.ColumnCount;
        for (var i = 0; i < ordinals.Length; i++)
        {
            // Fast path: a statement that selects the columns in table order (all of MicroDb's own do).
            ordinals[i] = i < count && string.Equals(statement.GetColumnName(i), columns[i].Name, StringComparison.OrdinalIgnoreCase)
                ? i
                : statement.GetOrdinal(columns[i].Name);
        }

        return ordinals;
    }

    /// <summary>The ordinals for <paramref name="statement"/>, resolved on first use and cached on the statement.</summary>
    /// <param name="statement">The statement.</param>
    public int[] GetOrdinals(SqliteStatement statement)
    {
        if (statement.Tag is OrdinalCache cache && ReferenceEquals(cache.Map, this))
        {
            return cache.Ordinals;
        }

        var ordinals = ResolveOrdinals(statement);
        statement.Tag = new OrdinalCache(this, ordinals);
        return ordinals;
    }

    object? IEntityMap.GetValue(object entity, int columnIndex) => GetValue((T)entity, columnIndex);

    void IEntityMap.BindColumn(SqliteStatement statement, int parameterIndex, object entity, int columnIndex) =>
        BindColumn(statement, parameterIndex, (T)entity, columnIndex);

    object IEntityMap.ReadObject(SqliteStatement statement, ReadOnlySpan<int> ordinals) => Read(statement, ordinals)!;

    void IEntityMap.SetGeneratedKey(object entity, long key) => SetGeneratedKey((T)entity, key);

    private sealed record OrdinalCache(object Map, int[] Ordinals);
}
