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
        var columns = table.Columns;
        _kinds = columns.Select(c => c.Kind).ToArray();
        _keyOrdinals = table.PrimaryKeyColumns.Select(c => c.Ordinal).ToArray();
        _allParameters = new int[columns.Count];
        _insertParameters = new int[columns.Count];
        _updateParameters = new int[columns.Count];
        int insert = 0, update = 0;
        for (var i = 0; i < columns.Count; i++)
        {
            _allParameters[i] = i + 1;
            _insertParameters[i] = columns[i].IsAutoIncrement ? 0 : ++insert;
            _updateParameters[i] = columns[i].IsPrimaryKey ? 0 : ++update;
        }

        for (var k = 0; k < _keyOrdinals.Length; k++)
        {
            _updateParameters[_keyOrdinals[k]] = ++update;
        }

        SqliteColumnWriter.Parameters(_allParameters, _kinds);
        SqliteColumnWriter.Parameters(_insertParameters, _kinds);
        SqliteColumnWriter.Parameters(_updateParameters, _kinds);
        _keyParameters = KeyParameters(1);
        _singleParameters = new int[]?[columns.Count];
    }

    // What the binders need of the table, read once. Each statement's parameters as one array over the columns (the
    // 1-based parameter of column i, 0 where the statement does not bind it, negated for a DateTime stored as text),
    // handed to SqliteColumnWriter: INSERT leaves
    // out an auto-incremented key, INSERT OR REPLACE binds every column, UPDATE binds the other columns, then the key
    // columns in key order. The kinds tell the reader a DateTime stored as text from one stored as ticks.
    private readonly ColumnKind[] _kinds;
    private readonly int[] _keyOrdinals;
    private readonly int[] _allParameters;
    private readonly int[] _insertParameters;
    private readonly int[] _updateParameters;

    // The key's parameters from the last first parameter asked for (DELETE binds it at 1), and one column's parameter
    // from the last call per column (BindColumn): immutable arrays, replaced whole, so racing threads each see a whole one.
    private int[] _keyParameters;
    private readonly int[]?[] _singleParameters;

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

    /// <summary>Binds one member's value to parameter <paramref name="parameterIndex"/>, without boxing (through <see cref="WriteRow"/>).</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="columnIndex"/> is not a column of the table.</exception>
    public void BindColumn(SqliteStatement statement, int parameterIndex, T entity, int columnIndex)
    {
        var single = _singleParameters;
        if ((uint)columnIndex >= (uint)single.Length)
        {
            throw NoColumn(columnIndex);
        }

        var parameters = single[columnIndex];
        if (parameters is null || Math.Abs(parameters[columnIndex]) != parameterIndex)
        {
            parameters = new int[single.Length];
            parameters[columnIndex] = parameterIndex;
            single[columnIndex] = parameters = SqliteColumnWriter.Parameters(parameters, _kinds);
        }

        Write(statement, parameters, entity);
    }

    /// <summary>
    /// Binds <paramref name="columns"/>[i] to parameter <c>i + 1</c>, in one pass over the entity (one
    /// <see cref="WriteRow"/> call however many columns), for statements whose text the map does not hold.
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    /// <param name="columns">The columns bound, in parameter order (columns of this map's table).</param>
    /// <exception cref="ArgumentOutOfRangeException">A column is not a column of the table.</exception>
    public void BindColumns(SqliteStatement statement, T entity, IReadOnlyList<ColumnMapping> columns)
    {
        if (columns.Count == 1)
        {
            BindColumn(statement, 1, entity, columns[0].Ordinal);
            return;
        }

        // The last list's parameters, kept by the list's identity (callers pass their cached arrays); replaced whole.
        var cached = _listParameters;
        if (cached is null || !ReferenceEquals(cached.Columns, columns))
        {
            var parameters = new int[_kinds.Length];
            for (var i = 0; i < columns.Count; i++)
            {
                var ordinal = columns[i].Ordinal;
                if ((uint)ordinal >= (uint)parameters.Length)
                {
                    throw NoColumn(ordinal);
                }

                parameters[ordinal] = i + 1;
            }

            _listParameters = cached = new ListParameters(columns, SqliteColumnWriter.Parameters(parameters, _kinds));
        }

        Write(statement, cached.Parameters, entity);
    }

    private ListParameters? _listParameters;

    private sealed class ListParameters(IReadOnlyList<ColumnMapping> columns, int[] parameters)
    {
        public IReadOnlyList<ColumnMapping> Columns { get; } = columns;

        public int[] Parameters { get; } = parameters;
    }

    /// <summary>Binds <see cref="TableMapping.InsertColumns"/> to parameters 1..n of <see cref="EntitySql.Insert"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public void BindInsert(SqliteStatement statement, T entity) => Write(statement, _insertParameters, entity);

    /// <summary>Binds every column to parameters 1..n of <see cref="EntitySql.InsertOrReplace"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    public void BindAll(SqliteStatement statement, T entity) => Write(statement, _allParameters, entity);

    /// <summary>Binds the non-key columns, then the key, to the parameters of <see cref="EntitySql.Update"/>.</summary>
    /// <param name="statement">The statement.</param>
    /// <param name="entity">The entity.</param>
    /// <exception cref="MicroDbMappingException">The type has no primary key.</exception>
    public void BindUpdate(SqliteStatement statement, T entity)
    {
        KeyOrdinals();
        Write(statement, _updateParameters, entity);
    }

    /// <summary>
    /// Binds the entity's key to parameter <paramref name="parameterIndex"/>; a composite key's columns, in key order
    /// (<see cref="TableMapping.PrimaryKeyColumns"/>), to that parameter and the ones after it.
    /// </summary>
    /// <param name="statement">The statement.</param>
    /// <param name="parameterIndex">1-based parameter index.</param>
    /// <param name="entity">The entity.</param>
    /// <exception cref="MicroDbMappingException">The type has no primary key.</exception>
    public void BindKey(SqliteStatement statement, int parameterIndex, T entity)
    {
        var keys = KeyOrdinals();
        var parameters = _keyParameters;
        if (Math.Abs(parameters[keys[0]]) != parameterIndex)
        {
            parameters = _keyParameters = KeyParameters(parameterIndex);
        }

        Write(statement, parameters, entity);
    }

    /// <summary>
    /// Hands every column of <paramref name="entity"/> to <paramref name="writer"/>, which binds each to its parameter:
    /// SQLite's one binding path (<see cref="BindInsert"/>, <see cref="BindAll"/>, <see cref="BindUpdate"/>,
    /// <see cref="BindKey"/> and <see cref="BindColumn"/> call it). A map implements it as
    /// <c>WriteColumns(entity, ref writer)</c> of its <see cref="ITypedColumns{T}"/>: one non-generic virtual call per
    /// bind, then typed, specialized writes.
    /// </summary>
    /// <param name="writer">SQLite's writer over the statement and its parameters.</param>
    /// <param name="entity">The entity.</param>
    protected abstract void WriteRow(ref SqliteColumnWriter writer, T entity);

    /// <summary>
    /// Builds an entity from the row <paramref name="reader"/> is on: SQLite's one reading path (<see cref="Read"/> calls
    /// it). A map implements it as <c>ReadColumns(ref reader)</c> of its <see cref="ITypedColumns{T}"/>.
    /// </summary>
    /// <param name="reader">SQLite's reader over the statement and the columns' ordinals.</param>
    /// <returns>The entity.</returns>
    protected abstract T ReadRow(ref SqliteColumnReader reader);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void Write(SqliteStatement statement, int[] parameters, T entity)
    {
        var writer = new SqliteColumnWriter(statement, parameters);
        WriteRow(ref writer, entity);
    }

    /// <summary>The key columns' parameters, the first at <paramref name="first"/> (an array of zeros for a type without a key).</summary>
    private int[] KeyParameters(int first)
    {
        var parameters = new int[_kinds.Length];
        for (var k = 0; k < _keyOrdinals.Length; k++)
        {
            parameters[_keyOrdinals[k]] = first + k;
        }

        return SqliteColumnWriter.Parameters(parameters, _kinds);
    }

    /// <summary>The primary key's column indexes in key order, or the error of a type without one.</summary>
    private int[] KeyOrdinals() => _keyOrdinals.Length > 0
        ? _keyOrdinals
        : throw new MicroDbMappingException($"Type '{Table.EntityTypeName}' has no [PrimaryKey], so it cannot be updated or found by key.");

    /// <summary>
    /// Reads the current row into a new entity (through <see cref="ReadRow"/>). <paramref name="ordinals"/> gives, for
    /// each column of <see cref="TableMapping.Columns"/>, its ordinal in the statement or -1 when the statement lacks it
    /// (the member then keeps its default). Resolved once per statement by <see cref="ResolveOrdinals"/>.
    /// </summary>
    /// <param name="statement">The statement positioned on a row.</param>
    /// <param name="ordinals">The column ordinals.</param>
    /// <returns>The entity.</returns>
    public T Read(SqliteStatement statement, int[] ordinals)
    {
        var reader = new SqliteColumnReader(statement, ordinals, _kinds);
        return ReadRow(ref reader);
    }

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
                KeyOrder = facts.KeyOrder,
                References = facts.References,
                IsAutoIncrement = facts.IsAutoIncrement,
                IsNotNull = facts.IsNotNull,
                MaxLength = facts.MaxLength,
                Collation = facts.Collation,
                RenamedFrom = facts.RenamedFrom,
            };
        }

        return columns;
    }

    /// <summary>The error of a column index out of range, naming the type (<see cref="BindColumn"/> and generated maps' <see cref="GetValue"/> throw it).</summary>
    /// <param name="columnIndex">The index asked for.</param>
    /// <returns>The exception to throw.</returns>
    protected ArgumentOutOfRangeException NoColumn(int columnIndex) =>
        new(nameof(columnIndex), columnIndex, $"Type '{Table.EntityTypeName}' has {Table.Columns.Count} columns.");

    /// <summary>
    /// An enum stored by name (<see cref="ColumnKind.EnumText"/>) as it crosses <see cref="ITypedColumns{T}"/>: its name,
    /// or for a <c>[Flags]</c> enum the list of names <see cref="Enum.ToString()"/> gives.
    /// </summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/> (for the error).</param>
    /// <returns>The text stored.</returns>
    /// <exception cref="MicroDbException">The value has no name (a number that names no member); the message names the column, the table and the value, and nothing is written.</exception>
    protected string EnumName<TEnum>(TEnum value, int columnIndex)
        where TEnum : struct, Enum => EnumText<TEnum>.Instance.Write(value) ?? throw EnumText<TEnum>.Instance.WriteError(Table.Columns[columnIndex].Name, Table.TableName, value);

    /// <summary>A nullable enum stored by name as it crosses <see cref="ITypedColumns{T}"/>: its name (as <see cref="EnumName{TEnum}"/>), or null.</summary>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="value">The value.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/> (for the error).</param>
    /// <returns>The text stored, or null.</returns>
    /// <exception cref="MicroDbException">The value has no name; nothing is written.</exception>
    protected string? NullableEnumName<TEnum>(TEnum? value, int columnIndex)
        where TEnum : struct, Enum => value.HasValue ? EnumName(value.GetValueOrDefault(), columnIndex) : null;

    /// <summary>
    /// Reads column <paramref name="columnIndex"/>, an enum stored by name, through <see cref="ITypedColumns{T}"/>. On
    /// SQLite the stored UTF-8 bytes are compared with the enum's names, which are encoded once per enum type: no string
    /// is made for a name. Another reader's string is read by the same rule. NULL reads as the default.
    /// </summary>
    /// <typeparam name="TReader">The reader.</typeparam>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="reader">The reader, on a row.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>The value.</returns>
    /// <exception cref="MicroDbException">The text is not one of the enum's names (a number, another spelling, a list on an enum without <c>[Flags]</c>); the message names the column, the table and the text, and the row is kept.</exception>
    protected TEnum ReadEnum<TReader, TEnum>(ref TReader reader, int columnIndex)
        where TReader : struct, IColumnValueReader
        where TEnum : struct, Enum
    {
        if (typeof(TReader) == typeof(SqliteColumnReader))
        {
            ref var sqlite = ref Unsafe.As<TReader, SqliteColumnReader>(ref reader);
            return sqlite.TryReadEnumText<TEnum>(columnIndex, out var value, out _) ? value : throw BadEnum<TEnum>(sqlite.ReadText(columnIndex), columnIndex);
        }

        var text = reader.Read<string?>(columnIndex);
        return text is null ? default : ParseEnum<TEnum>(text, columnIndex);
    }

    /// <summary>Reads column <paramref name="columnIndex"/>, a nullable enum stored by name, as <see cref="ReadEnum{TReader, TEnum}"/> does; NULL reads as null.</summary>
    /// <typeparam name="TReader">The reader.</typeparam>
    /// <typeparam name="TEnum">The enum type.</typeparam>
    /// <param name="reader">The reader, on a row.</param>
    /// <param name="columnIndex">The column's index in <see cref="TableMapping.Columns"/>.</param>
    /// <returns>The value, or null.</returns>
    /// <exception cref="MicroDbException">The text is not one of the enum's names; the message names the column, the table and the text.</exception>
    protected TEnum? ReadNullableEnum<TReader, TEnum>(ref TReader reader, int columnIndex)
        where TReader : struct, IColumnValueReader
        where TEnum : struct, Enum
    {
        if (typeof(TReader) == typeof(SqliteColumnReader))
        {
            ref var sqlite = ref Unsafe.As<TReader, SqliteColumnReader>(ref reader);
            return sqlite.TryReadEnumText<TEnum>(columnIndex, out var value, out var isNull) ? (isNull ? null : value) : throw BadEnum<TEnum>(sqlite.ReadText(columnIndex), columnIndex);
        }

        var text = reader.Read<string?>(columnIndex);
        return text is null ? null : ParseEnum<TEnum>(text, columnIndex);
    }

    private TEnum ParseEnum<TEnum>(string text, int columnIndex)
        where TEnum : struct, Enum => EnumText<TEnum>.Instance.TryRead(text, out var value) ? value : throw BadEnum<TEnum>(text, columnIndex);

    private MicroDbException BadEnum<TEnum>(string? text, int columnIndex)
        where TEnum : struct, Enum => EnumText<TEnum>.Instance.ReadError(Table.Columns[columnIndex].Name, Table.TableName, text ?? "");

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

    void IEntityMap.BindColumns(SqliteStatement statement, object entity, IReadOnlyList<ColumnMapping> columns) =>
        BindColumns(statement, (T)entity, columns);

    object IEntityMap.ReadObject(SqliteStatement statement, int[] ordinals) => Read(statement, ordinals)!;

    void IEntityMap.SetGeneratedKey(object entity, long key) => SetGeneratedKey((T)entity, key);
}
