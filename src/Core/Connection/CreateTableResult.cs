namespace MicroDb;

/// <summary>What <see cref="MicroDbConnection.CreateTable{T}"/> did.</summary>
public enum CreateTableResult
{
    /// <summary>The table did not exist and was created.</summary>
    Created,
    /// <summary>The table existed; missing columns and indexes (if any) were added.</summary>
    Migrated,
}
