using SQLitePCL;

namespace MicroDb.Provider.Tests;

/// <summary>
/// MicroDb.Core on SQLitePCLRaw.bundle_e_sqlite3, set up by the app. The provider is process-wide state, so this is
/// the project's only fixture and its tests run as a chain (each names the one it follows): no provider, a registered
/// bundle that sets nothing, then the app's own provider (which wins over the registered bundle).
/// </summary>
public class ESqlite3ProviderTests
{
    private static int _emptyBundleCalls;

    [Test]
    public void Connection_without_a_provider_throws_naming_what_to_reference() => ProviderSmoke.AssertNoProviderError();

    [Test, DependsOnTest(nameof(Connection_without_a_provider_throws_naming_what_to_reference))]
    public void Registered_bundle_that_sets_no_provider_throws_naming_it()
    {
        MicroDbSqliteProvider.RegisterBundle("empty-test-bundle", () => _emptyBundleCalls++);

        var error = Assert.Throws<MicroDbProviderException>(MicroDbSqliteProvider.EnsureInitialized)!;

        Assert.That(error.Message, Does.Contain("'empty-test-bundle'").And.Contain("still has no provider"));
        Assert.That(_emptyBundleCalls, Is.EqualTo(1));
        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.Null);
    }

    [Test, DependsOnTest(nameof(Registered_bundle_that_sets_no_provider_throws_naming_it))]
    public void Crud_runs_on_bundle_e_sqlite3_set_up_by_the_app()
    {
        Batteries_V2.Init();

        ProviderSmoke.RunCrud(ProviderSmoke.NewDatabasePath());
        var version = ProviderSmoke.ReportVersion("SQLitePCLRaw.bundle_e_sqlite3");

        // The app's provider wins over the registered bundle, which is not called again.
        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.EqualTo("application"));
        Assert.That(_emptyBundleCalls, Is.EqualTo(1));
        Assert.That(version, Does.StartWith("3."));
        var loaded = ProviderSmoke.LoadedLibraries();
        Assert.That(loaded, Does.Contain("libe_sqlite3.so"));
        Assert.That(loaded.Where(name => name.StartsWith("libsqlite3", StringComparison.Ordinal)), Is.Empty);
    }
}
