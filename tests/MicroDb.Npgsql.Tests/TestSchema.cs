using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A schema of its own on the test server, for one test: a data source whose search path names it (so unqualified
/// table names, prepared statements and pooled connections stay inside it), and on <see cref="Dispose"/> the data
/// source closed and the schema dropped with everything in it.
/// </summary>
internal sealed class TestSchema : IDisposable
{
    private static int _count;

    public TestSchema(string prefix)
    {
        Name = $"{prefix}_{Environment.ProcessId}_{Interlocked.Increment(ref _count)}";
        Run($"CREATE SCHEMA \"{Name}\"");
        DataSource = NpgsqlDataSource.Create(new NpgsqlConnectionStringBuilder(PostgresServer.ConnectionString) { SearchPath = Name }.ConnectionString);
    }

    /// <summary>The schema's name.</summary>
    public string Name { get; }

    /// <summary>A data source whose connections work in this schema.</summary>
    public NpgsqlDataSource DataSource { get; }

    public void Dispose()
    {
        DataSource.Dispose();
        Run($"DROP SCHEMA IF EXISTS \"{Name}\" CASCADE");
    }

    private static void Run(string sql)
    {
        using var admin = PostgresServer.DataSource.OpenConnection();
        using var command = new NpgsqlCommand(sql, admin);
        command.ExecuteNonQuery();
    }
}
