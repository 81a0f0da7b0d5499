using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace MicroDb.Npgsql.Tests;

/// <summary>
/// samples/MicroDb.Npgsql.AotSample, published with NativeAOT (the command docs/postgresql.md gives) and run against
/// this namespace's test server: the publish gives no warning, the binary runs with no JIT, and every check it makes
/// passes; without a connection string it exits 2. Publishing takes a minute or two; the category lets a quick local run leave it out
/// (<c>--filter TestCategory!=NativeAot</c>).
/// </summary>
[Category("NativeAot")]
public sealed class AotSampleTests
{
    private const string Sample = "MicroDb.Npgsql.AotSample";
    private string? _output;

    [OneTimeTearDown]
    public void DeleteOutput()
    {
        if (_output is not null && Directory.Exists(_output))
        {
            Directory.Delete(_output, recursive: true);
        }
    }

    [Test]
    public void Sample_publishes_with_NativeAOT_without_warnings_and_passes_against_the_server()
    {
        var root = RepositoryRoot();
        _output = Path.Combine(Path.GetTempPath(), "microdb-aot-sample-" + Guid.NewGuid().ToString("N"));
        var project = Path.Combine(root, "samples", Sample, Sample + ".csproj");
        var dotnet = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host ? host : "dotnet";

        var (published, log) = Run(root, dotnet, ["publish", project, "-c", "Release", "-r", "linux-x64", "-p:PublishAot=true", "-o", _output], TimeSpan.FromMinutes(10));
        Assert.That(published, Is.Zero, () => "publish failed:\n" + log);
        Assert.That(log, Does.Not.Match(@"warning (IL|CS|NETSDK)\d+"), () => "publish gave warnings:\n" + log);

        var (exitCode, output) = Run(root, Path.Combine(_output, Sample), [PostgresServer.ConnectionString], TimeSpan.FromMinutes(2));
        Assert.That(exitCode, Is.Zero, () => "the sample failed:\n" + output);
        Assert.That(output, Does.Contain("methods compiled by a JIT: 0"));
        Assert.That(output, Does.Match(@"MicroDb\.Npgsql AOT sample: all \d+ checks passed"));
        Assert.That(output, Does.Not.Contain("FAIL"));

        // Without a server to talk to it says what it needs and exits 2.
        var (missing, message) = Run(root, Path.Combine(_output, Sample), [], TimeSpan.FromMinutes(1), withoutConnection: true);
        Assert.That(missing, Is.EqualTo(2), message);
        Assert.That(message, Does.Contain("MICRODB_PG_CONNECTION"));
    }

    private static (int ExitCode, string Output) Run(string directory, string file, string[] arguments, TimeSpan timeout, bool withoutConnection = false)
    {
        var info = new ProcessStartInfo(file)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        foreach (var argument in arguments)
        {
            info.ArgumentList.Add(argument);
        }

        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        if (withoutConnection)
        {
            info.Environment.Remove("MICRODB_PG_CONNECTION");
        }

        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(timeout))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"'{file} {string.Join(' ', arguments)}' did not finish in {timeout.TotalMinutes} minutes.");
        }

        return (process.ExitCode, stdout.Result + stderr.Result);
    }

    private static string RepositoryRoot([CallerFilePath] string path = "")
    {
        for (var dir = Path.GetDirectoryName(path); dir is not null; dir = Path.GetDirectoryName(dir))
        {
            if (File.Exists(Path.Combine(dir, "MicroDb.sln")))
            {
                return dir;
            }
        }

        throw new InvalidOperationException("MicroDb.sln not found above " + path);
    }
}
