namespace SQLite;

/// <summary>What <see cref="SQLiteConnection.CreateTable{T}(CreateFlags)"/> did.</summary>
public enum CreateTableResult
{
    /// <summary>The table did not exist and was created.</summary>
    Created,

    /// <summary>The table existed: missing columns were added (possibly none) and the indexes re-declared.</summary>
    Migrated,
}
