using SQLitePCL;

namespace SQLite;

/// <summary>SQLite's result codes and a few native helpers, with sqlite-net's names.</summary>
public static class SQLite3
{
    /// <summary>The SQLite library version as a number (3.45.1 is 3045001).</summary>
    /// <returns>The version number.</returns>
    public static int LibVersionNumber()
    {
        MicroDb.MicroDbSqliteProvider.EnsureInitialized();
        return raw.sqlite3_libversion_number();
    }

    /// <summary>SQLite's primary result codes.</summary>
    public enum Result
    {
        /// <summary>SQLite result code 0.</summary>
        OK = 0,

        /// <summary>SQLite result code 1.</summary>
        Error = 1,

        /// <summary>SQLite result code 2.</summary>
        Internal = 2,

        /// <summary>SQLite result code 3.</summary>
        Perm = 3,

        /// <summary>SQLite result code 4.</summary>
        Abort = 4,

        /// <summary>SQLite result code 5.</summary>
        Busy = 5,

        /// <summary>SQLite result code 6.</summary>
        Locked = 6,

        /// <summary>SQLite result code 7.</summary>
        NoMem = 7,

        /// <summary>SQLite result code 8.</summary>
        ReadOnly = 8,

        /// <summary>SQLite result code 9.</summary>
        Interrupt = 9,

        /// <summary>SQLite result code 10.</summary>
        IOError = 10,

        /// <summary>SQLite result code 11.</summary>
        Corrupt = 11,

        /// <summary>SQLite result code 12.</summary>
        NotFound = 12,

        /// <summary>SQLite result code 13.</summary>
        Full = 13,

        /// <summary>SQLite result code 14.</summary>
        CannotOpen = 14,

        /// <summary>SQLite result code 15.</summary>
        LockErr = 15,

        /// <summary>SQLite result code 16.</summary>
        Empty = 16,

        /// <summary>SQLite result code 17.</summary>
        SchemaChngd = 17,

        /// <summary>SQLite result code 18.</summary>
        TooBig = 18,

        /// <summary>SQLite result code 19.</summary>
        Constraint = 19,

        /// <summary>SQLite result code 20.</summary>
        Mismatch = 20,

        /// <summary>SQLite result code 21.</summary>
        Misuse = 21,

        /// <summary>SQLite result code 22.</summary>
        NotImplementedLFS = 22,

        /// <summary>SQLite result code 23.</summary>
        AccessDenied = 23,

        /// <summary>SQLite result code 24.</summary>
        Format = 24,

        /// <summary>SQLite result code 25.</summary>
        Range = 25,

        /// <summary>SQLite result code 26.</summary>
        NonDBFile = 26,

        /// <summary>SQLite result code 27.</summary>
        Notice = 27,

        /// <summary>SQLite result code 28.</summary>
        Warning = 28,

        /// <summary>SQLite result code 100.</summary>
        Row = 100,

        /// <summary>SQLite result code 101.</summary>
        Done = 101,
    }

    /// <summary>SQLite's extended result codes (the primary code in the low byte).</summary>
    public enum ExtendedResult
    {
        /// <summary>SQLite extended result code 266.</summary>
        IOErrorRead = 266,

        /// <summary>SQLite extended result code 522.</summary>
        IOErrorShortRead = 522,

        /// <summary>SQLite extended result code 778.</summary>
        IOErrorWrite = 778,

        /// <summary>SQLite extended result code 1034.</summary>
        IOErrorFsync = 1034,

        /// <summary>SQLite extended result code 1290.</summary>
        IOErrorDirFSync = 1290,

        /// <summary>SQLite extended result code 1546.</summary>
        IOErrorTruncate = 1546,

        /// <summary>SQLite extended result code 1802.</summary>
        IOErrorFStat = 1802,

        /// <summary>SQLite extended result code 2058.</summary>
        IOErrorUnlock = 2058,

        /// <summary>SQLite extended result code 2314.</summary>
        IOErrorRdlock = 2314,

        /// <summary>SQLite extended result code 2570.</summary>
        IOErrorDelete = 2570,

        /// <summary>SQLite extended result code 2826.</summary>
        IOErrorBlocked = 2826,

        /// <summary>SQLite extended result code 3082.</summary>
        IOErrorNoMem = 3082,

        /// <summary>SQLite extended result code 3338.</summary>
        IOErrorAccess = 3338,

        /// <summary>SQLite extended result code 3594.</summary>
        IOErrorCheckReservedLock = 3594,

        /// <summary>SQLite extended result code 3850.</summary>
        IOErrorLock = 3850,

        /// <summary>SQLite extended result code 4106.</summary>
        IOErrorClose = 4106,

        /// <summary>SQLite extended result code 4362.</summary>
        IOErrorDirClose = 4362,

        /// <summary>SQLite extended result code 4618.</summary>
        IOErrorSHMOpen = 4618,

        /// <summary>SQLite extended result code 4874.</summary>
        IOErrorSHMSize = 4874,

        /// <summary>SQLite extended result code 5130.</summary>
        IOErrorSHMLock = 5130,

        /// <summary>SQLite extended result code 5386.</summary>
        IOErrorSHMMap = 5386,

        /// <summary>SQLite extended result code 5642.</summary>
        IOErrorSeek = 5642,

        /// <summary>SQLite extended result code 5898.</summary>
        IOErrorDeleteNoEnt = 5898,

        /// <summary>SQLite extended result code 6154.</summary>
        IOErrorMMap = 6154,

        /// <summary>SQLite extended result code 262.</summary>
        LockedSharedcache = 262,

        /// <summary>SQLite extended result code 261.</summary>
        BusyRecovery = 261,

        /// <summary>SQLite extended result code 270.</summary>
        CannottOpenNoTempDir = 270,

        /// <summary>SQLite extended result code 526.</summary>
        CannotOpenIsDir = 526,

        /// <summary>SQLite extended result code 782.</summary>
        CannotOpenFullPath = 782,

        /// <summary>SQLite extended result code 267.</summary>
        CorruptVTab = 267,

        /// <summary>SQLite extended result code 264.</summary>
        ReadonlyRecovery = 264,

        /// <summary>SQLite extended result code 520.</summary>
        ReadonlyCannotLock = 520,

        /// <summary>SQLite extended result code 776.</summary>
        ReadonlyRollback = 776,

        /// <summary>SQLite extended result code 516.</summary>
        AbortRollback = 516,

        /// <summary>SQLite extended result code 275.</summary>
        ConstraintCheck = 275,

        /// <summary>SQLite extended result code 531.</summary>
        ConstraintCommitHook = 531,

        /// <summary>SQLite extended result code 787.</summary>
        ConstraintForeignKey = 787,

        /// <summary>SQLite extended result code 1043.</summary>
        ConstraintFunction = 1043,

        /// <summary>SQLite extended result code 1299.</summary>
        ConstraintNotNull = 1299,

        /// <summary>SQLite extended result code 1555.</summary>
        ConstraintPrimaryKey = 1555,

        /// <summary>SQLite extended result code 1811.</summary>
        ConstraintTrigger = 1811,

        /// <summary>SQLite extended result code 2067.</summary>
        ConstraintUnique = 2067,

        /// <summary>SQLite extended result code 2323.</summary>
        ConstraintVTab = 2323,

        /// <summary>SQLite extended result code 283.</summary>
        NoticeRecoverWAL = 283,

        /// <summary>SQLite extended result code 539.</summary>
        NoticeRecoverRollback = 539,
    }

    /// <summary>Threading modes for <c>sqlite3_config</c>.</summary>
    public enum ConfigOption
    {
        /// <summary>No mutexes.</summary>
        SingleThread = 1,

        /// <summary>Connections must not be shared between threads.</summary>
        MultiThread = 2,

        /// <summary>Connections may be shared between threads.</summary>
        Serialized = 3,
    }

    /// <summary>The storage class of a value.</summary>
    public enum ColType
    {
        /// <summary>A signed integer.</summary>
        Integer = 1,

        /// <summary>An 8-byte IEEE float.</summary>
        Float = 2,

        /// <summary>Text.</summary>
        Text = 3,

        /// <summary>A blob.</summary>
        Blob = 4,

        /// <summary>NULL.</summary>
        Null = 5,
    }
}
