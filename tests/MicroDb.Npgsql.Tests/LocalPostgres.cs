using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Npgsql;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// A throwaway PostgreSQL server: Debian's PostgreSQL (initdb/pg_ctl on PATH or under /usr/lib/postgresql/N/bin) in a
/// temporary data directory, on 127.0.0.1 at a free port with trust authentication, fsync off (<c>-F</c>); stopped and
/// its directory deleted by <see cref="Stop"/>. As root it runs the server as the <c>postgres</c> user (PostgreSQL
/// refuses root). No test framework here: the tests' <see cref="PostgresServer"/> and the PostgreSQL bench
/// (bench/MicroDb.Npgsql.Benchmarks, which links this file) both start their server through it.
/// </summary>
public sealed class LocalPostgres
{
    private readonly string _root;
    private readonly string _binDirectory;
    private bool _started;

    private LocalPostgres(string root, string binDirectory)
    {
        _root = root;
        _binDirectory = binDirectory;
    }

    /// <summary>The connection string of the running server (pooling on).</summary>
    public string ConnectionString { get; private set; } = "";

    /// <summary>Starts a server and waits until it accepts connections.</summary>
    /// <param name="serverOptions">More <c>postgres</c> options (e.g. <c>-c synchronous_commit=off</c>); the same for every client of the server.</param>
    /// <returns>The running server.</returns>
    /// <exception cref="InvalidOperationException">PostgreSQL is not installed, or the server did not start (the message carries its log).</exception>
    public static LocalPostgres Start(string serverOptions = "")
    {
        var binDirectory = FindBinDirectory() ?? throw new InvalidOperationException(
            "PostgreSQL's initdb was not found on PATH or under /usr/lib/postgresql/*/bin. Install it (Debian: apt-get install -y postgresql; .ci/run does this).");
        // As root the server runs as postgres, which must reach the directory: /tmp, not a TMPDIR under /root.
        var asRoot = Environment.UserName == "root";
        var root = Path.Combine(asRoot ? "/tmp" : Path.GetTempPath(), "microdb-pg-" + Guid.NewGuid().ToString("N"));
        var server = new LocalPostgres(root, binDirectory);
        try
        {
            Directory.CreateDirectory(root);
            var data = Path.Combine(root, "data");
            if (asRoot)
            {
                Run("chown", ["-R", "postgres:postgres", root], asPostgres: false);
            }

            Run(Path.Combine(binDirectory, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"], asRoot);
            var port = FreePort();
            // -k: the Unix socket in our own directory (the system's /var/run/postgresql may be missing or not ours).
            Run(Path.Combine(binDirectory, "pg_ctl"), ["-D", data, "-l", Path.Combine(root, "server.log"), "-w", "-t", "60",
                "-o", $"-p {port} -h 127.0.0.1 -k {root} -F {serverOptions}".TrimEnd(), "start"], asRoot);
            server._started = true;
            server.ConnectionString = $"Host=127.0.0.1;Port={port};Username=postgres;Database=postgres;Pooling=true";
            using var dataSource = NpgsqlDataSource.Create(server.ConnectionString);
            WaitUntilReady(dataSource);
            return server;
        }
        catch (Exception e)
        {
            var logFile = Path.Combine(root, "server.log");
            var log = File.Exists(logFile) ? File.ReadAllText(logFile) : "";
            server.Stop();
            throw new InvalidOperationException($"The PostgreSQL server could not start: {e.Message}{(log.Length > 0 ? "\nserver log:\n" + log : "")}", e);
        }
    }

    /// <summary>Stops the server (immediate shutdown) and deletes its directory; safe to call twice.</summary>
    /// <param name="report">Receives a failure of <c>pg_ctl stop</c> (the directory is deleted anyway).</param>
    public void Stop(Action<string>? report = null)
    {
        if (_started)
        {
            _started = false;
            try
            {
                Run(Path.Combine(_binDirectory, "pg_ctl"), ["-D", Path.Combine(_root, "data"), "-m", "immediate", "-w", "stop"], Environment.UserName == "root");
            }
            catch (InvalidOperationException e)
            {
                report?.Invoke("pg_ctl stop: " + e.Message);
            }
        }

        if (Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
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
