namespace MicroDb;

/// <summary>
/// How a connection encodes .NET values in the database file: MicroDb's own encodings (the default), or the ones
/// sqlite-net-pcl writes, so a database created by a sqlite-net app opens and reads back unchanged.
/// </summary>
/// <remarks>
/// The format belongs to the connection, not to a map: generated and reflection maps bind through the connection's
/// statements, which apply the format. Two formats are equal when all their settings are equal.
/// </remarks>
public sealed class StorageFormat : IEquatable<StorageFormat>
{
    /// <summary>sqlite-net's default <c>DateTimeStringFormat</c>: ISO-8601 local time to the millisecond.</summary>
    public const string SqliteNetDefaultDateTimeFormat = "yyyy'-'MM'-'dd'T'HH':'mm':'ss'.'fff";

    private StorageFormat(StorageFormatKind kind, bool storeDateTimeAsTicks, string dateTimeStringFormat, bool storeTimeSpanAsTicks, Query.QueryDialect? dialect = null)
    {
        Dialect = dialect ?? Query.QueryDialect.Sqlite;
        Kind = kind;
        StoreDateTimeAsTicks = storeDateTimeAsTicks;
        DateTimeStringFormat = dateTimeStringFormat;
        StoreTimeSpanAsTicks = storeTimeSpanAsTicks;
    }

    /// <summary>MicroDb's own encodings, described in the README's storage table. The default.</summary>
    public static StorageFormat MicroDb { get; } = new(StorageFormatKind.MicroDb, true, "O", true);

    /// <summary>The encodings sqlite-net-pcl 1.11 writes with the given connection settings.</summary>
    /// <param name="storeDateTimeAsTicks">sqlite-net's <c>storeDateTimeAsTicks</c>: DateTime as INTEGER ticks (true) or as text.</param>
    /// <param name="dateTimeStringFormat">sqlite-net's <c>DateTimeStringFormat</c>, used when DateTime is stored as text; null for its default.</param>
    /// <param name="storeTimeSpanAsTicks">sqlite-net's <c>storeTimeSpanAsTicks</c>: TimeSpan as INTEGER ticks (true) or as text in the "c" format.</param>
    /// <returns>The format.</returns>
    /// <exception cref="ArgumentException"><paramref name="dateTimeStringFormat"/> is empty, white space or not a valid DateTime format string.</exception>
    public static StorageFormat SqliteNet(bool storeDateTimeAsTicks = true, string? dateTimeStringFormat = null, bool storeTimeSpanAsTicks = true)
    {
        if (dateTimeStringFormat is not null && string.IsNullOrWhiteSpace(dateTimeStringFormat))
        {
            throw new ArgumentException("The DateTime string format is empty: every DateTime would be stored as the same text. Pass null for sqlite-net's default.", nameof(dateTimeStringFormat));
        }

        if (dateTimeStringFormat is not null)
        {
            try
            {
                // Refuse at configuration time what would otherwise fail on the first write.
                _ = DateTime.MinValue.ToString(dateTimeStringFormat, System.Globalization.CultureInfo.InvariantCulture);
            }
            catch (FormatException e)
            {
                throw new ArgumentException($"'{dateTimeStringFormat}' is not a valid DateTime format string.", nameof(dateTimeStringFormat), e);
            }
        }

        return new(StorageFormatKind.SqliteNet, storeDateTimeAsTicks, dateTimeStringFormat ?? SqliteNetDefaultDateTimeFormat, storeTimeSpanAsTicks);
    }

    /// <summary>
    /// The storage of another database (MicroDb.Npgsql's), with the LINQ dialect that answers how its values are bound
    /// and compared; <see cref="Kind"/> is <see cref="StorageFormatKind.MicroDb"/> and the SQLite settings take no part.
    /// </summary>
    internal static StorageFormat ForDialect(Query.QueryDialect dialect) => new(StorageFormatKind.MicroDb, true, "O", true, dialect);

    /// <summary>The LINQ dialect of the database this format stores into (SQLite's, unless made by <see cref="ForDialect"/>).</summary>
    internal Query.QueryDialect Dialect { get; }

    /// <summary>Which family of encodings this is.</summary>
    public StorageFormatKind Kind { get; }

    /// <summary>DateTime as INTEGER ticks (true) or as text in <see cref="DateTimeStringFormat"/>. Applies to <see cref="StorageFormatKind.SqliteNet"/>.</summary>
    public bool StoreDateTimeAsTicks { get; }

    /// <summary>The format of DateTime text when <see cref="StoreDateTimeAsTicks"/> is false.</summary>
    public string DateTimeStringFormat { get; }

    /// <summary>TimeSpan as INTEGER ticks (true) or as text in the "c" format. Applies to <see cref="StorageFormatKind.SqliteNet"/>.</summary>
    public bool StoreTimeSpanAsTicks { get; }

    /// <inheritdoc />
    public bool Equals(StorageFormat? other) =>
        other is not null && Kind == other.Kind && ReferenceEquals(Dialect, other.Dialect) && StoreDateTimeAsTicks == other.StoreDateTimeAsTicks
        && StoreTimeSpanAsTicks == other.StoreTimeSpanAsTicks && string.Equals(DateTimeStringFormat, other.DateTimeStringFormat, StringComparison.Ordinal);

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as StorageFormat);

    /// <inheritdoc />
    public override int GetHashCode() => HashCode.Combine(Kind, StoreDateTimeAsTicks, StoreTimeSpanAsTicks, StringComparer.Ordinal.GetHashCode(DateTimeStringFormat));

    /// <inheritdoc />
    public override string ToString() => Kind == StorageFormatKind.MicroDb
        ? (Dialect.NativeStorage ? Dialect.Name : "MicroDb")
        : $"SqliteNet(storeDateTimeAsTicks: {StoreDateTimeAsTicks}, dateTimeStringFormat: \"{DateTimeStringFormat}\", storeTimeSpanAsTicks: {StoreTimeSpanAsTicks})";
}
