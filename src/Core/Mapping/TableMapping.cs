namespace MicroDb.Mapping;

/// <summary>
/// The metadata of one mapped type: table name, columns, key and indexes. Built once per type by either
/// mapping path; the constructor enforces the model rules both paths share, so the errors are the same.
/// </summary>
public sealed class TableMapping
{
    private readonly Dictionary<string, ColumnMapping> _byMember;
    private readonly Dictionary<string, ColumnMapping> _byName;

    /// <summary>Builds and checks a mapping.</summary>
    /// <param name="entityTypeName">The mapped type's full name, for messages.</param>
    /// <param name="tableName">The table name.</param>
    /// <param name="columns">The columns in declaration order.</param>
    /// <param name="indexes">The index attributes found on the members.</param>
    /// <param name="withoutRowId">True for a WITHOUT ROWID table.</param>
    /// <exception cref="MicroDbMappingException">The model breaks a rule; the message names the member.</exception>
    public TableMapping(string entityTypeName, string tableName, IReadOnlyList<ColumnMapping> columns, IEnumerable<IndexDeclaration>? indexes = null, bool withoutRowId = false)
    {
        EntityTypeName = entityTypeName;
        TableName = tableName;
        WithoutRowId = withoutRowId;
        Columns = columns;

        // The rules and their messages are shared with the source generator (src/Shared/ModelRules.cs).
        var facts = new ColumnFacts[columns.Count];
        for (var i = 0; i < columns.Count; i++)
        {
            facts[i] = columns[i].ToFacts();
        }

        var violations = ModelRules.CheckTable(entityTypeName, tableName, facts, withoutRowId);
        if (violations.Count > 0)
        {
            throw new MicroDbMappingException(violations[0].Message);
        }

        _byMember = new Dictionary<string, ColumnMapping>(StringComparer.Ordinal);
        _byName = new Dictionary<string, ColumnMapping>(StringComparer.OrdinalIgnoreCase);
        for (var i = 0; i < columns.Count; i++)
        {
            var column = columns[i];
            column.Ordinal = i;
            _byName.Add(column.Name, column);
            _byMember[column.MemberName] = column;
        }

        // The key's columns in key order (the shared rule, src/Shared/CrudSqlText.KeyColumns); PrimaryKey only for a single key.
        PrimaryKeyColumns = CrudSqlText.KeyColumns(facts).Select(k => _byName[k.ColumnName]).ToArray();
        PrimaryKey = PrimaryKeyColumns.Count == 1 ? PrimaryKeyColumns[0] : null;
        Facts = facts;
        AutoIncrementColumn = PrimaryKey is { IsAutoIncrement: true } ? PrimaryKey : null;
        InsertColumns = columns.Where(c => !c.IsAutoIncrement).ToArray();
        UpdateColumns = columns.Where(c => !c.IsPrimaryKey).ToArray();
        IndexDeclarations = indexes?.ToArray() ?? [];
        Indexes = GroupIndexes(tableName, IndexDeclarations);
    }

    /// <summary>The mapped type's full name.</summary>
    public string EntityTypeName { get; }

    /// <summary>The table name.</summary>
    public string TableName { get; }

    /// <summary>True for a WITHOUT ROWID table.</summary>
    public bool WithoutRowId { get; }

    /// <summary>The table's previous name from <c>[RenamedFrom]</c> on the class, if any: the additive migration renames that table instead of creating this one.</summary>
    /// <exception cref="MicroDbMappingException">The name is empty or blank.</exception>
    public string? RenamedFrom
    {
        get => _renamedFrom;
        init => _renamedFrom = value is not null && string.IsNullOrWhiteSpace(value)
            ? throw new MicroDbMappingException(ModelRules.InvalidTable.Format(EntityTypeName, ModelRules.Reasons.EmptyTableRenamedFrom))
            : value;
    }

    private readonly string? _renamedFrom;

    /// <summary>Every column, in declaration order.</summary>
    public IReadOnlyList<ColumnMapping> Columns { get; }

    /// <summary>The primary key column of a single-column key, or null (no key, or a composite key: see <see cref="PrimaryKeyColumns"/>).</summary>
    public ColumnMapping? PrimaryKey { get; }

    /// <summary>The primary key's columns in key order (<c>[PrimaryKey(Order = n)]</c>): one for a single key, several for a composite key, none without a key.</summary>
    public IReadOnlyList<ColumnMapping> PrimaryKeyColumns { get; }

    /// <summary>The auto-incremented key column, or null.</summary>
    public ColumnMapping? AutoIncrementColumn { get; }

    /// <summary>The columns an INSERT writes (all but an auto-incremented key).</summary>
    public IReadOnlyList<ColumnMapping> InsertColumns { get; }

    /// <summary>The columns an UPDATE writes (all but the key).</summary>
    public IReadOnlyList<ColumnMapping> UpdateColumns { get; }

    /// <summary>The indexes, grouped by name with columns in order.</summary>
    public IReadOnlyList<IndexMapping> Indexes { get; }

    /// <summary>The index attributes as declared on the members (name, order, uniqueness), before grouping.</summary>
    internal IReadOnlyList<IndexDeclaration> IndexDeclarations { get; }

    /// <summary>The columns as the shared SQL text and model rules see them.</summary>
    internal IReadOnlyList<ColumnFacts> Facts { get; }

    /// <summary>Every column, quoted and comma-separated (a query's SELECT list), built once.</summary>
    internal string QuotedColumnList => _quotedColumnList ??= string.Join(", ", Columns.Select(c => SqlBuilder.Quote(c.Name)));

    private string? _quotedColumnList;

    /// <summary>The table's name, quoted (a query's FROM), built once.</summary>
    internal string QuotedTableName => _quotedTableName ??= SqlBuilder.Quote(TableName);

    private string? _quotedTableName;

    /// <summary>Finds a column by its member name (case-sensitive); null when the member is not mapped.</summary>
    /// <param name="memberName">The property or field name.</param>
    public ColumnMapping? FindColumnByMember(string memberName) => _byMember.GetValueOrDefault(memberName);

    /// <summary>Finds a column by its column name (case-insensitive).</summary>
    /// <param name="columnName">The column name.</param>
    public ColumnMapping? FindColumn(string columnName) => _byName.GetValueOrDefault(columnName);

    // The grouping rule is shared with the generator's schema snapshot (src/Shared/SchemaSnapshot.cs, which applies IndexRules).
    private static IndexMapping[] GroupIndexes(string tableName, IEnumerable<IndexDeclaration> declarations) =>
        SchemaSnapshot.GroupIndexes(tableName, declarations.Select(d => (d.ColumnName, d.IndexName, d.Order, d.IsUnique)))
            .Select(g => new IndexMapping(g.Name, g.Unique, g.Columns))
            .ToArray();
}
