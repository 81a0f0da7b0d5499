namespace MicroDb;

/// <summary>What a <see cref="MicroDbConnection.Migrate{T}"/> call changed.</summary>
public sealed class MigrationReport
{
    internal MigrationReport(string tableName, bool created, IReadOnlyList<string> addedColumns, IReadOnlyList<string> createdIndexes, string? renamedFromTable = null, IReadOnlyList<string>? renamedColumns = null)
    {
        RenamedFromTable = renamedFromTable;
        RenamedColumns = renamedColumns ?? [];
        TableName = tableName;
        Created = created;
        AddedColumns = addedColumns;
        CreatedIndexes = createdIndexes;
    }

    /// <summary>The table.</summary>
    public string TableName { get; }

    /// <summary>True when the table was created (it did not exist).</summary>
    public bool Created { get; }

    /// <summary>Columns added to an existing table.</summary>
    public IReadOnlyList<string> AddedColumns { get; }

    /// <summary>Indexes that did not exist and were created.</summary>
    public IReadOnlyList<string> CreatedIndexes { get; }

    /// <summary>The table's previous name when it was renamed from it (<c>[RenamedFrom]</c> on the class); otherwise null.</summary>
    public string? RenamedFromTable { get; }

    /// <summary>Columns renamed from their <c>[RenamedFrom]</c> name (the new names).</summary>
    public IReadOnlyList<string> RenamedColumns { get; }

    /// <summary>True when anything changed.</summary>
    public bool Changed => Created || AddedColumns.Count > 0 || CreatedIndexes.Count > 0 || RenamedFromTable is not null || RenamedColumns.Count > 0;

    /// <summary>The result in sqlite-net's terms.</summary>
    public CreateTableResult Result => Created ? CreateTableResult.Created : CreateTableResult.Migrated;
}
