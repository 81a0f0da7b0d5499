using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A real PostgreSQL server for the tests of this namespace (<see cref="LocalPostgres"/>: a temporary data directory on
/// 127.0.0.1 at a free port), started once before the tests and stopped, its directory deleted, after them (also when
/// they or the start fail). No server, no tests: the set-up fails with the reason, and every test of the namespace
/// reports it.
/// </summary>
[SetUpFixture]
public sealed class PostgresServer
{
    private static NpgsqlDataSource? _dataSource;
    private LocalPostgres? _server;

    /// <summary>The pooled data source of the running server.</summary>
    public static NpgsqlDataSource DataSource => _dataSource ?? throw new InvalidOperationException("The PostgreSQL test server is not running (see the set-up failure).");

    /// <summary>The connection string of the running server.</summary>
    public static string ConnectionString { get; private set; } = "";

    /// <summary>Starts the server and waits until it accepts connections.</summary>
    [OneTimeSetUp]
    public void Start()
    {
        _server = LocalPostgres.Start();
        ConnectionString = _server.ConnectionString;
        _dataSource = NpgsqlDataSource.Create(ConnectionString);
    }

    /// <summary>Stops the server and deletes its directory.</summary>
    [OneTimeTearDown]
    public void Stop()
    {
        _dataSource?.Dispose();
        _dataSource = null;
        NpgsqlConnection.ClearAllPools();
        _server?.Stop(message => TestContext.Progress.WriteLine(message));
        _server = null;
    }
}
