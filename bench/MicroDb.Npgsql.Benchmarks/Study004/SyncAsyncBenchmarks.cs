using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Dapper;
using MicroDb.Mapping;
using MicroDb.Npgsql.Benchmarks.Models;
using MicroDb.Runtime.Reflection;
using Npgsql;

namespace MicroDb.Npgsql.Benchmarks.Study004;

/// <summary>
/// Study 004 on a real server: the study's shapes (ExecuteScalar; a reader over 1, 1,000 and 1,000,000 rows), each call
/// taking a connection from the pool as the study did, with the connection opened sync or async, the command executed
/// sync or async, and the rows read sync or async. Raw Npgsql (the study's ADO.NET code), Dapper over Npgsql, and
/// MicroDb.Npgsql (generated and reflection maps; its sync API is all-sync, its async API all-async). Time and
/// allocated bytes. Same SQL text on every side (Dapper's named parameter where the others have <c>$1</c>).
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class SyncAsyncBenchmarks
{
    private const string Columns = "\"Id\", \"Number\", \"Text\", \"Value\"";
    private const string ScalarSql = "SELECT COUNT(*) FROM pg_bench_row WHERE \"Id\" <= $1";
    private const string ScalarSqlDapper = "SELECT COUNT(*) FROM pg_bench_row WHERE \"Id\" <= @Rows";
    private const string RowsSql = "SELECT " + Columns + " FROM pg_bench_row WHERE \"Id\" <= $1";
    private const string RowsSqlDapper = "SELECT " + Columns + " FROM pg_bench_row WHERE \"Id\" <= @Rows";
    private NpgsqlDataSource _source = null!;
    private object?[] _args = [];
    private RowsArgument _dapperArgs = null!;

    /// <summary>Rows the reader returns (the scalar counts them).</summary>
    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    /// <summary>Study 004's 1, 1,000 and 1,000,000 rows (100,000 instead of a million with <c>--quick</c>).</summary>
    public static IEnumerable<int> RowCounts => BenchOptions.Quick ? [1, 1_000, 100_000] : [1, 1_000, 1_000_000];

    /// <summary>Fills <c>pg_bench_row</c> (once per server) and opens the pool.</summary>
    [GlobalSetup]
    public void Setup()
    {
        ReflectionMaps.Enable();
        _source = BenchServer.DataSource();
        BenchTables.EnsureBenchRows(_source, RowCounts.Max());
        _args = [(long)Rows];
        _dapperArgs = new RowsArgument { Rows = Rows };
    }

    /// <summary>Closes the pool.</summary>
    [GlobalCleanup]
    public void Cleanup() => _source.Dispose();

    // --- Scalar ---

    /// <summary>Raw Npgsql: sync open, ExecuteScalar.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Scalar")]
    public long Raw_Scalar_Sync()
    {
        using var connection = _source.OpenConnection();
        using var command = ScalarCommand(connection);
        return (long)command.ExecuteScalar()!;
    }

    /// <summary>Raw Npgsql: OpenAsync, sync ExecuteScalar.</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> Raw_Scalar_AsyncOpen()
    {
        await using var connection = await _source.OpenConnectionAsync();
        await using var command = ScalarCommand(connection);
        return (long)command.ExecuteScalar()!;
    }

    /// <summary>Raw Npgsql: OpenAsync, ExecuteScalarAsync.</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> Raw_Scalar_AsyncOpen_AsyncExecute()
    {
        await using var connection = await _source.OpenConnectionAsync();
        await using var command = ScalarCommand(connection);
        return (long)(await command.ExecuteScalarAsync())!;
    }

    /// <summary>Dapper ExecuteScalar (sync open).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public long Dapper_Scalar_Sync()
    {
        using var connection = _source.OpenConnection();
        return connection.ExecuteScalar<long>(ScalarSqlDapper, _dapperArgs);
    }

    /// <summary>Dapper ExecuteScalarAsync (async open).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> Dapper_Scalar_Async()
    {
        await using var connection = await _source.OpenConnectionAsync();
        return await connection.ExecuteScalarAsync<long>(ScalarSqlDapper, _dapperArgs);
    }

    /// <summary>MicroDb.Npgsql ExecuteScalar (sync open and execute; no map involved).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public long MicroDb_Scalar_Sync()
    {
        using var db = new MicroDbNpgsqlConnection(_source);
        return db.ExecuteScalar<long>(ScalarSql, _args);
    }

    /// <summary>MicroDb.Npgsql ExecuteScalarAsync (async open and execute).</summary>
    [Benchmark, BenchmarkCategory("Scalar")]
    public async Task<long> MicroDb_Scalar_Async()
    {
        await using var db = await MicroDbNpgsqlConnection.OpenAsync(_source);
        return await db.ExecuteScalarAsync<long>(ScalarSql, _args);
    }

    // --- Reader ---

    /// <summary>Raw Npgsql: everything sync.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Reader")]
    public int Raw_Reader_AllSync()
    {
        using var connection = _source.OpenConnection();
        using var command = RowsCommand(connection);
        using var reader = command.ExecuteReader();
        var rows = new List<PgBenchRow>();
        while (reader.Read())
        {
            rows.Add(Row(reader));
        }

        return rows.Count;
    }

    /// <summary>Raw Npgsql: OpenAsync, sync ExecuteReader and Read.</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public async Task<int> Raw_Reader_AsyncOpen()
    {
        await using var connection = await _source.OpenConnectionAsync();
        await using var command = RowsCommand(connection);
        using var reader = command.ExecuteReader();
        var rows = new List<PgBenchRow>();
        while (reader.Read())
        {
            rows.Add(Row(reader));
        }

        return rows.Count;
    }

    /// <summary>Raw Npgsql: OpenAsync, ExecuteReaderAsync, sync Read.</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public async Task<int> Raw_Reader_AsyncOpen_AsyncExecute()
    {
        await using var connection = await _source.OpenConnectionAsync();
        await using var command = RowsCommand(connection);
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<PgBenchRow>();
        while (reader.Read())
        {
            rows.Add(Row(reader));
        }

        return rows.Count;
    }

    /// <summary>Raw Npgsql: OpenAsync, ExecuteReaderAsync, ReadAsync (the study's slowest).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public async Task<int> Raw_Reader_AsyncOpen_AsyncExecute_AsyncRead()
    {
        await using var connection = await _source.OpenConnectionAsync();
        await using var command = RowsCommand(connection);
        await using var reader = await command.ExecuteReaderAsync();
        var rows = new List<PgBenchRow>();
        while (await reader.ReadAsync())
        {
            rows.Add(Row(reader));
        }

        return rows.Count;
    }

    /// <summary>Dapper Query (buffered, sync).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public int Dapper_Query_Sync()
    {
        using var connection = _source.OpenConnection();
        return connection.Query<PgBenchRow>(RowsSqlDapper, _dapperArgs).AsList().Count;
    }

    /// <summary>Dapper QueryAsync (buffered; async open, execute and read).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public async Task<int> Dapper_Query_Async()
    {
        await using var connection = await _source.OpenConnectionAsync();
        return (await connection.QueryAsync<PgBenchRow>(RowsSqlDapper, _dapperArgs)).AsList().Count;
    }

    /// <summary>MicroDb.Npgsql Query, generated map (sync).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public int MicroDb_Generated_Query_Sync() => MicroDbQuery(MappingMode.Generated);

    /// <summary>MicroDb.Npgsql QueryAsync, generated map (async open, execute and read).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public Task<int> MicroDb_Generated_Query_Async() => MicroDbQueryAsync(MappingMode.Generated);

    /// <summary>MicroDb.Npgsql Query, reflection map (sync).</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public int MicroDb_Reflection_Query_Sync() => MicroDbQuery(MappingMode.Reflection);

    /// <summary>MicroDb.Npgsql QueryAsync, reflection map.</summary>
    [Benchmark, BenchmarkCategory("Reader")]
    public Task<int> MicroDb_Reflection_Query_Async() => MicroDbQueryAsync(MappingMode.Reflection);

    private int MicroDbQuery(MappingMode mapping)
    {
        using var db = new MicroDbNpgsqlConnection(_source, mapping);
        return db.Query<PgBenchRow>(RowsSql, _args).Count;
    }

    private async Task<int> MicroDbQueryAsync(MappingMode mapping)
    {
        await using var db = await MicroDbNpgsqlConnection.OpenAsync(_source, mapping);
        return (await db.QueryAsync<PgBenchRow>(RowsSql, _args)).Count;
    }

    private NpgsqlCommand ScalarCommand(NpgsqlConnection connection) =>
        new(ScalarSql, connection) { Parameters = { new NpgsqlParameter<long> { TypedValue = Rows } } };

    private NpgsqlCommand RowsCommand(NpgsqlConnection connection) =>
        new(RowsSql, connection) { Parameters = { new NpgsqlParameter<long> { TypedValue = Rows } } };

    private static PgBenchRow Row(NpgsqlDataReader reader) => new()
    {
        Id = reader.GetInt64(0),
        Number = reader.GetInt64(1),
        Text = reader.GetString(2),
        Value = reader.GetDouble(3),
    };
}
