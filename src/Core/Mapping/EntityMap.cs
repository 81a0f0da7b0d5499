using System.Runtime.CompilerServices;
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
        _insertBindsKey = table.AutoIncrementColumn is null;
        _keyOrdinal = table.PrimaryKey?.Ordinal ?? -1;
        _updateKeyParameter = table.UpdateColumns.Count + 1;
    }

    // What the binders need of the table, read once: whether INSERT binds the key (not auto-incremented), the key's
    // column index (-1: none) and its parameter in UPDATE (after the other columns).
    private readonly bool _insertBindsKey;
    private readonly int _keyOrdinal;
    private readonly int _updateKeyParameter;

    /// <summary>Creates a generated map for <paramref name="table"/> (the constructor the source generator calls); the SQL is built from the table at first use.</summary>
    /// <param name="table">The table metadata.</param>
    /// <param name="generated">True: <see cref="IsGenerated"/> answers true.</param>
    protected EntityMap(TableMapping table, bool generated)
        : this(table)
    {
        _generated = generated;
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
    /// <remarks>True for a map made with the constructor generated maps call (<see cref="EntityMap{T}(TableMapping, bool)"/>).</remarks>
    public virtual bool IsGenerated => _generated;

    private readonly bool _generated;

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
    public virtual void BindInsert(SqliteStatement statement, T entity) => BindColumns(statement, entity, key: _insertBindsKey);

    /// <summary>Binds every column to parameters 1..n of <see cref="EntitySql.InsertOrReplace"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public virtual void BindAll(SqliteStatement statement, T entity) => BindColumns(statement, entity, key: true);

    /// <summary>Binds the non-key columns, then the key, to the parameters of <see cref="EntitySql.Update"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    /// <exception cref="MicroDbMappingException">The type has no primary key.</exception>
    public virtual void BindUpdate(SqliteStatement statement, T entity)
    {
        var key = KeyOrdinal();
        BindColumns(statement, entity, key: false);
        BindColumn(statement, _updateKeyParameter, entity, key);
    }

    /// <summary>Binds the entity's key to parameter <paramref name="parameterIndex"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    /// <exception cref="MicroDbMappingException">The type has no primary key.</exception>
    public virtual void BindKey(SqliteStatement statement, int parameterIndex, T entity) =>
        BindColumn(statement, parameterIndex, entity, KeyOrdinal());

    /// <summary>
    /// Binds the columns in table order to parameters 1, 2 ..., the primary key among them only when <paramref name="key"/>
    /// is true: <see cref="BindInsert"/>, <see cref="BindAll"/> and <see cref="BindUpdate"/> call it. A generated map
    /// overrides it with one straight-line typed bind per column; this one binds column by column through
    /// <see cref="BindColumn"/>.
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="key">Bind the primary key too (in its place among the columns).</param>
    protected virtual void BindColumns(SqliteStatement statement, T entity, bool key)
    {
        var columns = Table.Columns;
        var parameter = 1;
        for (var i = 0; i < columns.Count; i++)
        {
            if (key || !columns[i].IsPrimaryKey)
            {
                BindColumn(statement, parameter++, entity, i);
            }
        }
    }

    /// <summary>The primary key's column index, or the error of a type without one.</summary>
    private int KeyOrdinal() => _keyOrdinal >= 0
        ? _keyOrdinal
        : throw new MicroDbMappingException($"Type '{Table.EntityTypeName}' has no [PrimaryKey], so it cannot be updated or found by key.");

    /// <summary>
    /// Reads the current row into a new entity. <paramref name="ordinals"/> gives, for each column of
    /// <see cref="TableMapping.Columns"/>, its ordinal in the statement or -1 when the statement lacks it
    /// (the member then keeps its default). Resolved once per statement by <see cref="ResolveOrdinals"/>.
    /// </summary>
    /// <param name="statement">The statement positioned on a row.</param>
    /// <param name="ordinals">The column ordinals.</param>
    public abstract T Read(SqliteStatement statement, ReadOnlySpan<int> ordinals);

    /// <summary>Writes an auto-incremented key back to the entity; does nothing for a type without one (this implementation: a generated map overrides it only when its type has one).</summary>
    /// <param name="entity">The entity.</param>
    /// <param name="key">The new row id.</param>
    public virtual void SetGeneratedKey(T entity, long key)
    {
    }

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
    /// A generated map's columns, each from one line in the compact form the generator writes (<c>"Member Kind ClrType"</c>
    /// and only the facets the member declares, such as <c>"Name String String nullable maxLength=100"</c>; the format is
    /// <c>ColumnDeclaration</c> in src/Shared).
    /// </summary>
    /// <param name="declarations">One line per column, in column order.</param>
    /// <returns>The columns.</returns>
    /// <exception cref="MicroDbMappingException">A line is not in that form; the message quotes it and says why.</exception>
    protected static ColumnMapping[] Columns(params string[] declarations)
    {
        ArgumentNullException.ThrowIfNull(declarations);
        var columns = new ColumnMapping[declarations.Length];
        for (var i = 0; i < declarations.Length; i++)
        {
            var text = declarations[i] ?? throw new MicroDbMappingException($"Column {i} of a generated map has no declaration.");
            if (!ColumnDeclaration.TryParse(text, out var facts, out var nullable, out var error))
            {
                throw new MicroDbMappingException($"The column declaration '{text}' of a generated map cannot be read: {error}.");
            }

            columns[i] = new ColumnMapping(facts.ColumnName, facts.MemberName, facts.Kind, nullable)
            {
                ClrTypeName = facts.ClrTypeName,
                IsPrimaryKey = facts.IsPrimaryKey,
                IsAutoIncrement = facts.IsAutoIncrement,
                IsNotNull = facts.IsNotNull,
                MaxLength = facts.MaxLength,
                Collation = facts.Collation,
                RenamedFrom = facts.RenamedFrom,
            };
        }

        return columns;
    }

    /// <summary>The error of a column index out of range, naming the type (generated maps throw it from <see cref="BindColumn"/> and <see cref="GetValue"/>).</summary>
    /// <param name="columnIndex">The index asked for.</param>
    /// <returns>The exception to throw.</returns>
    protected ArgumentOutOfRangeException NoColumn(int columnIndex) =>
        new(nameof(columnIndex), columnIndex, $"Type '{Table.EntityTypeName}' has {Table.Columns.Count} columns.");

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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public int[] GetOrdinals(SqliteStatement statement) =>
        statement.Tag is OrdinalCache cache && ReferenceEquals(cache.Map, this) ? cache.Ordinals : CacheOrdinals(statement);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private int[] CacheOrdinals(SqliteStatement statement)
    {
        var ordinals = ResolveOrdinals(statement);
        statement.Tag = new OrdinalCache(this, ordinals);
        return ordinals;
    }

    object? IEntityMap.GetValue(object entity, int columnIndex) => GetValue((T)entity, columnIndex);

    void IEntityMap.BindColumn(SqliteStatement statement, int parameterIndex, object entity, int columnIndex) =>
        BindColumn(statement, parameterIndex, (T)entity, columnIndex);

    object IEntityMap.ReadObject(SqliteStatement statement, ReadOnlySpan<int> ordinals) => Read(statement, ordinals)!;

    void IEntityMap.SetGeneratedKey(object entity, long key) => SetGeneratedKey((T)entity, key);
}
