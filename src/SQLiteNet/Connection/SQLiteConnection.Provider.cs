using MicroDb;

namespace SQLite;

public partial class SQLiteConnection
{
    /// <summary>
    /// Registers SQLitePCLRaw.bundle_e_sqlite3, which this package brings, as sqlite-net's static constructor
    /// initializes it: so SQLite is set up where no module initializer registered it (a netstandard2.0 build loaded by
    /// .NET Framework, Mono or Unity). MicroDb's first registration wins, and a provider the app set itself wins over both.
    /// </summary>
    static SQLiteConnection() =>
        MicroDbSqliteProvider.RegisterBundle("SQLitePCLRaw.bundle_e_sqlite3", static () => SQLitePCL.Batteries_V2.Init());
}
