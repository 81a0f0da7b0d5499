namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>The connection settings that change how sqlite-net encodes a value.</summary>
/// <param name="Name">Short label used in test names and the docs table.</param>
/// <param name="StoreDateTimeAsTicks">sqlite-net's <c>storeDateTimeAsTicks</c>.</param>
/// <param name="DateTimeStringFormat">Custom <c>dateTimeStringFormat</c>, or null for sqlite-net's default.</param>
/// <param name="StoreTimeSpanAsTicks">sqlite-net's <c>storeTimeSpanAsTicks</c>.</param>
public sealed record StorageSetting(string Name, bool StoreDateTimeAsTicks, string? DateTimeStringFormat, bool StoreTimeSpanAsTicks)
{
    /// <summary>sqlite-net's defaults: DateTime and TimeSpan as ticks.</summary>
    public static readonly StorageSetting Default = new("default", true, null, true);

    /// <summary><c>storeDateTimeAsTicks: false</c> with the default DateTimeStringFormat.</summary>
    public static readonly StorageSetting DateTimeText = new("dtText", false, null, true);

    /// <summary><c>storeDateTimeAsTicks: false</c> with a custom format (no fraction, space separator).</summary>
    public static readonly StorageSetting DateTimeCustomText = new("dtCustom", false, "yyyy-MM-dd HH:mm:ss", true);

    /// <summary><c>storeDateTimeAsTicks: false</c> with the round-trip format <c>"o"</c>.</summary>
    public static readonly StorageSetting DateTimeRoundTripText = new("dtRoundTrip", false, "o", true);

    /// <summary><c>storeTimeSpanAsTicks: false</c>.</summary>
    public static readonly StorageSetting TimeSpanText = new("tsText", true, null, false);

    /// <inheritdoc />
    public override string ToString() => Name;
}
