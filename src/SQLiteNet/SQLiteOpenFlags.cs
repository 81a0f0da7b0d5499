namespace SQLite;

/// <summary>How a database file is opened (SQLite's <c>SQLITE_OPEN_*</c> flags).</summary>
[Flags]
public enum SQLiteOpenFlags
{
    /// <summary>Read only.</summary>
    ReadOnly = 1,

    /// <summary>Read and write.</summary>
    ReadWrite = 2,

    /// <summary>Create the file when missing.</summary>
    Create = 4,

    /// <summary>The path is a <c>file:</c> URI.</summary>
    Uri = 0x40,

    /// <summary>An in-memory database.</summary>
    Memory = 0x80,

    /// <summary>No mutex on the connection.</summary>
    NoMutex = 0x8000,

    /// <summary>Serialized mode.</summary>
    FullMutex = 0x10000,

    /// <summary>Shared cache.</summary>
    SharedCache = 0x20000,

    /// <summary>Private cache.</summary>
    PrivateCache = 0x40000,

    /// <summary>iOS data protection: complete (no effect on other platforms).</summary>
    ProtectionComplete = 0x00100000,

    /// <summary>iOS data protection: complete unless open.</summary>
    ProtectionCompleteUnlessOpen = 0x00200000,

    /// <summary>iOS data protection: until first user authentication.</summary>
    ProtectionCompleteUntilFirstUserAuthentication = 0x00300000,

    /// <summary>iOS data protection: none.</summary>
    ProtectionNone = 0x00400000,
}
