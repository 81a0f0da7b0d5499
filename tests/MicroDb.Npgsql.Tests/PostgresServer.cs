using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A real PostgreSQL server for the tests of this namespace: Debian's PostgreSQL (initdb/pg_ctl on PATH or under
/// /usr/lib/postgresql/N/bin) in a temporary data directory, on 127.0.0.1 at a free port with trust authentication,
/// started once before the tests and stopped, its directory deleted, after them (also when they or the start fail).
/// As root it runs the server as the <c>postgres</c> user (PostgreSQL refuses root). No server, no tests: the
/// set-up fails with the reason, and every test of the namespace reports it.
/// </summary>
[SetUpFixture]
public sealed class PostgresServer
{
    private static NpgsqlDataSource? _dataSource;
    private string? _root;
    private string? _binDirectory;
    private bool _started;

    /// <summary>The pooled data source of the running server.</summary>
    public static NpgsqlDataSource DataSource => _dataSource ?? throw new InvalidOperationException("The PostgreSQL test server is not running (see the set-up failure).");

    /// <summary>The connection string of the running server.</summary>
    public static string ConnectionString { get; private set; } = "";

    /// <summary>Starts the server and waits until it accepts connections.</summary>
    [OneTimeSetUp]
    public void Start()
    {
        try
        {
            _binDirectory = FindBinDirectory() ?? throw new InvalidOperationException(
                "PostgreSQL's initdb was not found on PATH or under /usr/lib/postgresql/*/bin. Install it (Debian: apt-get install -y postgresql; .ci/run does this).");
            // As root the server runs as postgres, which must reach the directory: /tmp, not a TMPDIR under /root.
            var asRoot = Environment.UserName == "root";
            _root = Path.Combine(asRoot ? "/tmp" : Path.GetTempPath(), "microdb-pg-" + Guid.NewGuid().ToString("N"));
            Directory.CreateDirectory(_root);
            var data = Path.Combine(_root, "data");
            if (asRoot)
            {
                Run("chown", ["-R", "postgres:postgres", _root], asPostgres: false);
            }

            Run(Path.Combine(_binDirectory, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"], asRoot);
            var port = FreePort();
            // -k: the Unix socket in our own directory (the system's /var/run/postgresql may be missing or not ours).
            Run(Path.Combine(_binDirectory, "pg_ctl"), ["-D", data, "-l", Path.Combine(_root, "server.log"), "-w", "-t", "60",
                "-o", $"-p {port} -h 127.0.0.1 -k {_root} -F", "start"], asRoot);
            _started = true;
            ConnectionString = $"Host=127.0.0.1;Port={port};Username=postgres;Database=postgres;Pooling=true";
            _dataSource = NpgsqlDataSource.Create(ConnectionString);
            WaitUntilReady(_dataSource);
        }
        catch (Exception e)
        {
            var log = _root is not null && File.Exists(Path.Combine(_root, "server.log")) ? File.ReadAllText(Path.Combine(_root, "server.log")) : "";
            Stop();
            throw new InvalidOperationException($"The PostgreSQL test server could not start: {e.Message}{(log.Length > 0 ? "\nserver log:\n" + log : "")}", e);
        }
    }

    /// <summary>Stops the server and deletes its directory.</summary>
    [OneTimeTearDown]
    public void Stop()
    {
        _dataSource?.Dispose();
        _dataSource = null;
        NpgsqlConnection.ClearAllPools();
        if (_started && _binDirectory is not null && _root is not null)
        {
            _started = false;
            try
            {
                Run(Path.Combine(_binDirectory, "pg_ctl"), ["-D", Path.Combine(_root, "data"), "-m", "immediate", "-w", "stop"], Environment.UserName == "root");
            }
            catch (InvalidOperationException e)
            {
                TestContext.Progress.WriteLine("pg_ctl stop: " + e.Message);
            }
        }

        if (_root is not null && Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }

        _root = null;
    }

    private static string? FindBinDirectory()
    {
        foreach (var dir in (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries))
        {
            var candidate = Path.Combine(dir, "initdb");
            if (File.Exists(candidate))
            {
                // Debian links /usr/local/bin/initdb or wraps it (pg_wrapper); pg_ctl must sit beside the real one.
                var real = new FileInfo(candidate).ResolveLinkTarget(returnFinalTarget: true)?.FullName ?? candidate;
                var directory = Path.GetDirectoryName(real)!;
                if (File.Exists(Path.Combine(directory, "pg_ctl")) && File.Exists(Path.Combine(directory, "postgres")))
                {
                    return directory;
                }
            }
        }

        const string debian = "/usr/lib/postgresql";
        return Directory.Exists(debian)
            ? Directory.GetDirectories(debian)
                .Select(d => Path.Combine(d, "bin"))
                .Where(d => File.Exists(Path.Combine(d, "initdb")))
                .OrderByDescending(d => int.TryParse(Path.GetFileName(Path.GetDirectoryName(d)), out var v) ? v : 0)
                .FirstOrDefault()
            : null;
    }

    private static int FreePort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }

    private static void Run(string file, string[] args, bool asPostgres)
    {
        var info = new ProcessStartInfo(asPostgres ? "runuser" : file)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        if (asPostgres)
        {
            foreach (var a in (string[])["-u", "postgres", "--", file])
            {
                info.ArgumentList.Add(a);
            }
        }

        foreach (var a in args)
        {
            info.ArgumentList.Add(a);
        }

        using var process = Process.Start(info) ?? throw new InvalidOperationException($"Could not start {file}.");
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(120_000))
        {
            process.Kill(entireProcessTree: true);
            throw new InvalidOperationException($"{file} did not finish in 120 s.");
        }

        if (process.ExitCode != 0)
        {
            throw new InvalidOperationException($"{Path.GetFileName(file)} {string.Join(' ', args)} exited with {process.ExitCode}: {stderr.Result}{stdout.Result}");
        }
    }

    private static void WaitUntilReady(NpgsqlDataSource dataSource)
    {
        var deadline = DateTime.UtcNow.AddSeconds(30);
        while (true)
        {
            try
            {
                using var connection = dataSource.OpenConnection();
                using var command = new NpgsqlCommand("SELECT 1", connection);
                command.ExecuteScalar();
                return;
            }
            catch (NpgsqlException) when (DateTime.UtcNow < deadline)
            {
                Thread.Sleep(200);
            }
        }
    }
}
