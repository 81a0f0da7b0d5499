#if !NET
using MicroDb;

namespace SQLite;

public partial class SQLiteConnection
{
    /// <summary>
    /// Registers SQLitePCLRaw.bundle_e_sqlite3, which this package brings, as sqlite-net's static constructor
    /// initializes it. The netstandard2.0 build only: a .NET 5+ app has the MicroDb package's module initializer, while
    /// .NET Framework, Mono or Unity running this build get none. MicroDb's first registration wins, and a provider the
    /// app set itself wins over both.
    /// </summary>
    static SQLiteConnection() =>
        MicroDbSqliteProvider.RegisterBundle("SQLitePCLRaw.bundle_e_sqlite3", static () => SQLitePCL.Batteries_V2.Init());
}
#endif
