using System.Diagnostics;
using System.Runtime.CompilerServices;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Packs MicroDb (with the generator in analyzers/dotnet/cs), restores a fresh consumer project from a local folder
/// feed, and runs CRUD with MappingMode.Generated. Slow (about 20 s) and needs the package registry for MicroDb's own
/// dependencies; it runs with the rest so CI proves the package works as shipped (maps generated, MDB0010 reported). Alone: <c>--filter TestCategory=Pack</c>.
/// </summary>
[Category("Pack")]
public class PackTests
{
    private const string ConsumerProgram = """
        using MicroDb;
        using MicroDb.Mapping;

        var path = Path.Combine(Path.GetTempPath(), "microdb-pack-" + Guid.NewGuid().ToString("N") + ".db");
        using (var db = new MicroDbConnection(new MicroDbOptions(path) { Mapping = MappingMode.Generated }))
        {
            db.CreateTable<Pet>();
            var pet = new Pet { Name = "Rex", Kind = Kind.Dog };
            db.Insert(pet);
            pet.Name = "Rex II";
            db.Update(pet);
            var loaded = db.Get<Pet>(pet.Id);
            _ = db.Table<Pet>().Reverse().Count(); // MDB0010 from the packed analyzer; kept a warning below
            var deleted = db.Delete(pet);
            Console.WriteLine($"PACK-OK generated={db.GetMap<Pet>().IsGenerated} id={pet.Id} name={loaded.Name} kind={loaded.Kind} deleted={deleted}");
        }

        File.Delete(path);

        public enum Kind { Cat, Dog }

        [Table("pets")]
        public sealed class Pet
        {
            [PrimaryKey, AutoIncrement] public int Id { get; private set; }
            [NotNull] public string Name { get; set; } = "";
            [StoreAsText] public Kind Kind { get; set; }
        }
        """;

    [Test]
    public void Packed_package_generates_maps_in_a_consumer_project()
    {
        var repo = RepositoryRoot();
        var configuration = AppContext.BaseDirectory.Contains($"{Path.DirectorySeparatorChar}Release{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ? "Release" : "Debug";
        var work = Path.Combine(Path.GetTempPath(), "microdb-pack-test-" + Guid.NewGuid().ToString("N"));
        var feed = Path.Combine(work, "feed");
        var consumer = Path.Combine(work, "consumer");
        var packages = Path.Combine(work, "packages");
        var version = "0.1.0-packtest." + DateTime.UtcNow.ToString("yyyyMMddHHmmss", System.Globalization.CultureInfo.InvariantCulture);
        Directory.CreateDirectory(consumer);
        try
        {
            Run(repo, "dotnet", $"pack \"{Path.Combine(repo, "src", "Core", "MicroDb.csproj")}\" -c {configuration} -o \"{feed}\" -p:PackageVersion={version}");

            File.WriteAllText(Path.Combine(consumer, "nuget.config"), $"""
                <?xml version="1.0" encoding="utf-8"?>
                <configuration>
                  <packageSources>
                    <add key="local" value="{feed}" />
                  </packageSources>
                </configuration>
                """);
            File.WriteAllText(Path.Combine(consumer, "Consumer.csproj"), $"""
                <Project Sdk="Microsoft.NET.Sdk">
                  <PropertyGroup>
                    <OutputType>Exe</OutputType>
                    <TargetFramework>net10.0</TargetFramework>
                    <ImplicitUsings>enable</ImplicitUsings>
                    <Nullable>enable</Nullable>
                    <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
                    <WarningsNotAsErrors>MDB0010;MDB0011</WarningsNotAsErrors>
                    <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
                    <RestorePackagesPath>{packages}</RestorePackagesPath>
                  </PropertyGroup>
                  <ItemGroup>
                    <PackageReference Include="MicroDb" Version="{version}" />
                  </ItemGroup>
                </Project>
                """);
            File.WriteAllText(Path.Combine(consumer, "Program.cs"), ConsumerProgram);

            // Built first so the build's warnings are in the output: the query analyzer ships in the same assembly.
            var build = Run(consumer, "dotnet", "build -c Release");
            var output = Run(consumer, "dotnet", "run -c Release --no-build");

            Assert.That(build, Does.Contain("warning MDB0010"));
            Assert.That(output, Does.Contain("PACK-OK generated=True id=1 name=Rex II kind=Dog deleted=1"));

            // A model only generated code cannot reach, found at a call site: a warning by default, an error with
            // MicroDbReflectionFallback=error (the package's build props hand the property to the generator).
            File.WriteAllText(Path.Combine(consumer, "Fallback.cs"), """
                public static class Fallback
                {
                    private class Hidden { public int Id { get; set; } }
                    public static int Count(MicroDb.MicroDbConnection db) => db.Table<Hidden>().Count();
                }
                """);
            Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Contain("warning MDB0011"));
            var (strictExit, strict) = RunAllowingFailure(consumer, "dotnet", "build -c Release -p:MicroDbReflectionFallback=error");
            Assert.That(strictExit, Is.Not.Zero, strict);
            Assert.That(strict, Does.Contain("error MDB0011"));
            var (badExit, bad) = RunAllowingFailure(consumer, "dotnet", "build -c Release -p:MicroDbReflectionFallback=sometimes");
            Assert.That(badExit, Is.Not.Zero, bad);
            Assert.That(bad, Does.Contain("MicroDbReflectionFallback is 'sometimes'"));
        }
        finally
        {
            try
            {
                Directory.Delete(work, recursive: true);
            }
            catch (IOException)
            {
                // Left for the OS to clean; the test result does not depend on it.
            }
        }
    }

    private static string Run(string directory, string file, string arguments)
    {
        var (exitCode, output) = RunAllowingFailure(directory, file, arguments);
        Assert.That(exitCode, Is.Zero, () => $"'{file} {arguments}' failed:\n{output}");
        return output;
    }

    private static (int ExitCode, string Output) RunAllowingFailure(string directory, string file, string arguments)
    {
        var info = new ProcessStartInfo(file, arguments)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        info.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        info.Environment["DOTNET_NOLOGO"] = "1";
        using var process = Process.Start(info)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        var stderr = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(8)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"'{file} {arguments}' did not finish in 8 minutes.");
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
