namespace MicroDb.Native;

/// <summary>
/// The one place that chooses SQLite's native provider. Swapping the SQLitePCLRaw bundle
/// (for example to <c>SQLitePCLRaw.config.e_sqlite3</c>) is an edit to this file only.
/// </summary>
internal static class SqliteProvider
{
    private static int _initialized;

    /// <summary>Initializes the provider once per process; later calls cost one volatile read.</summary>
    public static void EnsureInitialized()
    {
        if (Volatile.Read(ref _initialized) == 1)
        {
            return;
        }

        SQLitePCL.Batteries_V2.Init();
        Volatile.Write(ref _initialized, 1);
    }
}
