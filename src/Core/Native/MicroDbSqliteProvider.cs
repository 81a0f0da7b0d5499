using MicroDb.Native;

namespace MicroDb;

/// <summary>
/// Which SQLite MicroDb runs on. MicroDb.Core references only SQLitePCLRaw.core: before the first connection it uses
/// the provider the application set (for example with <c>SQLitePCL.raw.SetProvider</c>), else the bundle registered
/// here, else it throws <see cref="MicroDbProviderException"/>. The MicroDb package registers
/// SQLitePCLRaw.bundle_e_sqlite3 from a module initializer it compiles into the referencing project.
/// </summary>
public static class MicroDbSqliteProvider
{
    /// <summary>
    /// Registers the bundle to initialize when no provider is set by the time the first connection opens. The first
    /// registration wins; a provider the application sets itself always takes precedence, whenever it registered.
    /// </summary>
    /// <param name="bundleName">The bundle's name, reported by <see cref="InitializedBy"/> and in errors.</param>
    /// <param name="initialize">Sets the SQLitePCLRaw provider up (for example <c>SQLitePCL.Batteries_V2.Init</c>).</param>
    /// <exception cref="ArgumentException"><paramref name="bundleName"/> is null or blank.</exception>
    /// <exception cref="ArgumentNullException"><paramref name="initialize"/> is null.</exception>
    public static void RegisterBundle(string bundleName, Action initialize)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(bundleName);
        ArgumentNullException.ThrowIfNull(initialize);
        SqliteProvider.RegisterBundle(bundleName, initialize);
    }

    /// <summary>
    /// What set SQLite up once the first connection opened: <c>"application"</c> when a provider was already set, or
    /// the registered bundle's name; null before the first connection.
    /// </summary>
    public static string? InitializedBy => SqliteProvider.InitializedBy;

    /// <summary>Sets SQLite up now, as the first connection would, so a missing provider fails at start-up.</summary>
    /// <exception cref="MicroDbProviderException">No provider is set and no bundle is registered, or the native library does not load.</exception>
    public static void EnsureInitialized() => SqliteProvider.EnsureInitialized();
}
