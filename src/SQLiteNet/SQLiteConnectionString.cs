using System.Globalization;

namespace SQLite;

/// <summary>Everything needed to open a <see cref="SQLiteConnection"/>: the path, the open flags, the key and the value formats.</summary>
public class SQLiteConnectionString
{
    private const string DefaultDateTimeFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff";

    /// <summary>A read/write, create-if-missing connection to <paramref name="databasePath"/>.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true) or as text in <see cref="DateTimeStringFormat"/>.</param>
    public SQLiteConnectionString(string databasePath, bool storeDateTimeAsTicks = true)
        : this(databasePath, SQLiteOpenFlags.Create | SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.FullMutex, storeDateTimeAsTicks)
    {
    }

    /// <summary>A read/write, create-if-missing connection with an encryption key and hooks around setting it.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true) or as text.</param>
    /// <param name="key">A <see cref="string"/> or <see cref="byte"/>[] key (SQLCipher builds only), or null.</param>
    /// <param name="preKeyAction">Runs on the connection before the key is set.</param>
    /// <param name="postKeyAction">Runs on the connection after the key is set.</param>
    /// <param name="vfsName">The SQLite VFS name, or null for the default.</param>
    public SQLiteConnectionString(string databasePath, bool storeDateTimeAsTicks, object key = null, Action<SQLiteConnection> preKeyAction = null, Action<SQLiteConnection> postKeyAction = null, string vfsName = null)
        : this(databasePath, SQLiteOpenFlags.Create | SQLiteOpenFlags.ReadWrite | SQLiteOpenFlags.FullMutex, storeDateTimeAsTicks, key, preKeyAction, postKeyAction, vfsName)
    {
    }

    /// <summary>A connection with every setting.</summary>
    /// <param name="databasePath">The file path, or <c>:memory:</c>.</param>
    /// <param name="openFlags">How to open the file.</param>
    /// <param name="storeDateTimeAsTicks">Store <see cref="DateTime"/> as ticks (true) or as text in <paramref name="dateTimeStringFormat"/>.</param>
    /// <param name="key">A <see cref="string"/> or <see cref="byte"/>[] key (SQLCipher builds only), or null.</param>
    /// <param name="preKeyAction">Runs on the connection before the key is set.</param>
    /// <param name="postKeyAction">Runs on the connection after the key is set.</param>
    /// <param name="vfsName">The SQLite VFS name, or null for the default.</param>
    /// <param name="dateTimeStringFormat">The .NET format of <see cref="DateTime"/> text when not stored as ticks.</param>
    /// <param name="storeTimeSpanAsTicks">Store <see cref="TimeSpan"/> as ticks (true) or as <c>"c"</c> text.</param>
    /// <exception cref="ArgumentException">The key is neither a string nor a byte array.</exception>
    public SQLiteConnectionString(string databasePath, SQLiteOpenFlags openFlags, bool storeDateTimeAsTicks, object key = null, Action<SQLiteConnection> preKeyAction = null, Action<SQLiteConnection> postKeyAction = null, string vfsName = null, string dateTimeStringFormat = DefaultDateTimeFormat, bool storeTimeSpanAsTicks = true)
    {
        // A null path is refused by the connection (InvalidOperationException), as in sqlite-net; "" is SQLite's temporary database.
        if (key is not null && key is not string && key is not byte[])
        {
            throw new ArgumentException($"The encryption key must be a string or a byte[]; a {key.GetType().Name} was given.", nameof(key));
        }

        UniqueKey = string.Format(CultureInfo.InvariantCulture, "{0}_{1:X8}", databasePath, (uint)openFlags);
        StoreDateTimeAsTicks = storeDateTimeAsTicks;
        StoreTimeSpanAsTicks = storeTimeSpanAsTicks;
        DateTimeStringFormat = dateTimeStringFormat ?? DefaultDateTimeFormat;
        // The round-trip formats carry their own kind; any other format is read as local time, as sqlite-net does.
        DateTimeStyle = "o".Equals(DateTimeStringFormat, StringComparison.OrdinalIgnoreCase) || "r".Equals(DateTimeStringFormat, StringComparison.OrdinalIgnoreCase)
            ? DateTimeStyles.RoundtripKind
            : DateTimeStyles.AssumeLocal;
        Key = key;
        PreKeyAction = preKeyAction;
        PostKeyAction = postKeyAction;
        OpenFlags = openFlags;
        VfsName = vfsName;
        DatabasePath = databasePath;
    }

    /// <summary>The path and flags as one string (connection pools key on it).</summary>
    public string UniqueKey { get; }

    /// <summary>The database file path.</summary>
    public string DatabasePath { get; }

    /// <summary>Whether <see cref="DateTime"/> is stored as ticks.</summary>
    public bool StoreDateTimeAsTicks { get; }

    /// <summary>Whether <see cref="TimeSpan"/> is stored as ticks.</summary>
    public bool StoreTimeSpanAsTicks { get; }

    /// <summary>The .NET format of <see cref="DateTime"/> text.</summary>
    public string DateTimeStringFormat { get; }

    /// <summary>How <see cref="DateTime"/> text is parsed.</summary>
    public DateTimeStyles DateTimeStyle { get; }

    /// <summary>The encryption key, or null.</summary>
    public object Key { get; }

    /// <summary>How the file is opened.</summary>
    public SQLiteOpenFlags OpenFlags { get; }

    /// <summary>Runs before the key is set.</summary>
    public Action<SQLiteConnection> PreKeyAction { get; }

    /// <summary>Runs after the key is set.</summary>
    public Action<SQLiteConnection> PostKeyAction { get; }

    /// <summary>The SQLite VFS name, or null.</summary>
    public string VfsName { get; }
}
