namespace MicroDb.Benchmarks.Workloads;

/// <summary>The .NET ways to reach the same native SQLite, side by side.</summary>
public enum Provider
{
    /// <summary>Hand-written SQLitePCLRaw calls over reused prepared statements (the managed limit).</summary>
    Raw,

    /// <summary>MicroDb with the generated map.</summary>
    MicroDbGenerated,

    /// <summary>MicroDb with the reflection map.</summary>
    MicroDbReflection,

    /// <summary>Microsoft.Data.Sqlite with prepared commands and parameters reused.</summary>
    MicrosoftDataSqlite,

    /// <summary>Dapper over a Microsoft.Data.Sqlite connection (builds a command per call).</summary>
    Dapper,

    /// <summary>System.Data.SQLite 1.0.119 with prepared commands reused (its own native SQLite build).</summary>
    SystemDataSqlite,

    /// <summary>sqlite-net-pcl 1.11.285 (its default FullMutex open flags, the same pragmas set explicitly).</summary>
    SqliteNet,

    /// <summary>EF Core 10 (Microsoft.EntityFrameworkCore.Sqlite) with compiled queries and no tracking for reads.</summary>
    EfCore,
}
