using MicroDb.Npgsql.Tests;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks;

/// <summary>
/// The one PostgreSQL server of a bench run: the host process starts it (<see cref="LocalPostgres"/>, the tests' code:
/// a temporary data directory on 127.0.0.1, fsync off) and publishes its connection string in
/// <see cref="Variable"/>, which BenchmarkDotNet's child processes inherit; every side of every case talks to it with
/// the same settings.
/// </summary>
public static class BenchServer
{
    /// <summary>The environment variable carrying the connection string to BenchmarkDotNet's child processes.</summary>
    public const string Variable = "MICRODB_PG_BENCH";

    /// <summary>The server's settings beyond the tests' (none: the defaults, with fsync off as in the tests).</summary>
    public const string Settings = "";

    /// <summary>The connection string of the run's server.</summary>
    /// <exception cref="InvalidOperationException">No server was started (run through Program, not a bare BenchmarkDotNet host).</exception>
    public static string ConnectionString => Environment.GetEnvironmentVariable(Variable) is { Length: > 0 } value
        ? value
        : throw new InvalidOperationException($"{Variable} is not set: run the bench through its Program, which starts the server.");

    /// <summary>A new pooled data source over the run's server.</summary>
    /// <returns>The data source.</returns>
    public static NpgsqlDataSource DataSource() => NpgsqlDataSource.Create(ConnectionString);
}
