namespace MicroDb.Native;

/// <summary>The texts of <see cref="MicroDbProviderException"/>: each says what to reference or call.</summary>
internal static class ProviderMessages
{
    private const string HowToChoose =
        "Reference the MicroDb package (it brings SQLitePCLRaw.bundle_e_sqlite3 and registers it), or keep MicroDb.Core and " +
        "set a SQLitePCLRaw 3.x provider up before the first connection: SQLitePCL.Batteries_V2.Init() with " +
        "SQLitePCLRaw.bundle_e_sqlite3, or SQLitePCL.raw.SetProvider(new SQLitePCL.SQLite3Provider_sqlite3()) with " +
        "SQLitePCLRaw.provider.sqlite3 (the system's libsqlite3).";

    internal const string NoProvider = "No SQLite provider is set up: MicroDb.Core references only SQLitePCLRaw.core. " + HowToChoose;

    internal static string BundleFailed(string bundle, string reason) =>
        $"The SQLite bundle '{bundle}' registered by the MicroDb package could not load its native library: {reason}";

    internal static string BundleSetNothing(string bundle) =>
        $"The SQLite bundle '{bundle}' was initialized but SQLitePCLRaw still has no provider. " + HowToChoose;

    internal static string NativeLibraryFailed(string reason) =>
        $"The SQLitePCLRaw provider set up by the application could not load its native SQLite library: {reason}";
}
