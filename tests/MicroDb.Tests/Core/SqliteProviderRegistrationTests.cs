namespace MicroDb.Tests.Core;

/// <summary>
/// This project references src/Bundle (the MicroDb package) and sets no SQLitePCLRaw provider itself, so SQLite runs
/// on the bundle the package's module initializer registered. MicroDb.Core without a registration, and an app's own
/// provider winning over one, are tested in tests/MicroDb.Provider.*.
/// </summary>
public sealed class SqliteProviderRegistrationTests
{
    [Test]
    public void MicroDb_package_registration_sets_up_bundle_e_sqlite3()
    {
        using var db = new MicroDbConnection(":memory:");

        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.EqualTo("SQLitePCLRaw.bundle_e_sqlite3"));
        Assert.That(MicroDbConnection.SqliteVersion, Does.StartWith("3."));
    }

    [Test]
    public void Registration_after_initialization_changes_nothing()
    {
        MicroDbSqliteProvider.EnsureInitialized();
        var calls = 0;

        MicroDbSqliteProvider.RegisterBundle("late-bundle", () => calls++);
        using var db = new MicroDbConnection(":memory:");

        Assert.That(calls, Is.Zero);
        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.EqualTo("SQLitePCLRaw.bundle_e_sqlite3"));
    }

    [Test]
    public void RegisterBundle_rejects_a_blank_name_and_a_null_initializer()
    {
        Assert.That(() => MicroDbSqliteProvider.RegisterBundle(" ", () => { }), Throws.ArgumentException.With.Property("ParamName").EqualTo("bundleName"));
        Assert.That(() => MicroDbSqliteProvider.RegisterBundle("bundle", null!), Throws.ArgumentNullException.With.Property("ParamName").EqualTo("initialize"));
    }
}
