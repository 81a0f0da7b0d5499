using SQLitePCL;

namespace MicroDb.Provider.Tests;

/// <summary>
/// MicroDb.Core on SQLitePCLRaw.provider.sqlite3: the operating system's libsqlite3, set up by the app. The provider is
/// process-wide state, so this is the project's only fixture and its tests run as a chain (each names the one it
/// follows): no provider, then the app's own.
/// </summary>
public class SystemSqlite3ProviderTests
{
    [Test]
    public void Connection_without_a_provider_throws_naming_what_to_reference() => ProviderSmoke.AssertNoProviderError();

    [Test, DependsOnTest(nameof(Connection_without_a_provider_throws_naming_what_to_reference))]
    public void Crud_runs_on_the_system_libsqlite3()
    {
        raw.SetProvider(new SQLite3Provider_sqlite3());

        ProviderSmoke.RunCrud(ProviderSmoke.NewDatabasePath());
        var version = ProviderSmoke.ReportVersion("SQLitePCLRaw.provider.sqlite3");

        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.EqualTo("application"));
        Assert.That(version, Does.StartWith("3."));
        var loaded = ProviderSmoke.LoadedLibraries();
        Assert.That(loaded.Where(name => name.StartsWith("libsqlite3.so", StringComparison.Ordinal)), Is.Not.Empty);
        Assert.That(loaded, Does.Not.Contain("libe_sqlite3.so"));
    }
}
