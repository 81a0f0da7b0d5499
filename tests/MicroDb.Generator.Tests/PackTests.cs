using System.Diagnostics;
using System.IO.Compression;
using System.Runtime.CompilerServices;
using System.Xml.Linq;

namespace MicroDb.Generator.Tests;

/// <summary>
/// Packs MicroDb.Core (the code and the generator in analyzers/dotnet/cs, no SQLite build) and MicroDb (MicroDb.Core
/// plus SQLitePCLRaw.bundle_e_sqlite3 and its registration), checks what each package holds, restores fresh consumer
/// projects from a local folder feed and runs CRUD with MappingMode.Generated: one consumer of MicroDb, one of
/// MicroDb.Core with its own provider, and an app that gets MicroDb through a library. Slow (under two minutes) and needs the package registry for the packages'
/// dependencies; it runs with the rest so CI proves the packages work as shipped (maps generated, MDB0010 reported).
/// Alone: <c>--filter TestCategory=Pack</c>.
/// </summary>
[Category("Pack")]
public class PackTests
{
    private const string CrudProgram = """
        var path = Path.Combine(Path.GetTempPath(), "microdb-pack-" + Guid.NewGuid().ToString("N") + ".db");
        var intercepted = 0;
        using (var db = new MicroDbConnection(new MicroDbOptions(path) { Mapping = MappingMode.Generated, OnStatement = s => intercepted += s.Source == StatementSource.Intercepted ? 1 : 0 }))
        {
            db.CreateTable<Pet>();
            var pet = new Pet { Name = "Rex", Kind = Kind.Dog };
            db.Insert(pet);
            pet.Name = "Rex II";
            db.Update(pet);
            var loaded = db.Get<Pet>(pet.Id);
            _ = db.Table<Pet>().Reverse().Count(); // MDB0010 from the packed analyzer; kept a warning below
            var found = db.Table<Pet>().Where(p => p.Id == pet.Id).FirstOrDefault(); // intercepted: the package's props enable it
            var deleted = db.Delete(pet);
            Console.WriteLine($"PACK-OK generated={db.GetMap<Pet>().IsGenerated} id={pet.Id} name={loaded.Name} kind={loaded.Kind} deleted={deleted} intercepted={intercepted} found={found?.Name}");
            Console.WriteLine($"SQLITE {MicroDbSqliteProvider.InitializedBy} {MicroDbConnection.SqliteVersion}");
        }

        File.Delete(path);

        """;

    private const string Model = """
        public enum Kind { Cat, Dog }

        [Table("pets")]
        public sealed class Pet
        {
            [PrimaryKey, AutoIncrement] public int Id { get; private set; }
            [NotNull] public string Name { get; set; } = "";
            [StoreAsText] public Kind Kind { get; set; }
        }
        """;

    private string _work = "";
    private string _feed = "";
    private string _version = "";

    [OneTimeSetUp]
    public void PackBoth()
    {
        var repo = RepositoryRoot();
        var configuration = AppContext.BaseDirectory.Contains($"{Path.DirectorySeparatorChar}Release{Path.DirectorySeparatorChar}", StringComparison.Ordinal) ? "Release" : "Debug";
        _work = Path.Combine(Path.GetTempPath(), "microdb-pack-test-" + Guid.NewGuid().ToString("N"));
        _feed = Path.Combine(_work, "feed");
        _version = "0.1.0-packtest." + DateTime.UtcNow.ToString("yyyyMMddHHmmss", System.Globalization.CultureInfo.InvariantCulture);
        Directory.CreateDirectory(_work);
        File.WriteAllText(Path.Combine(_work, "nuget.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <add key="local" value="{_feed}" />
              </packageSources>
            </configuration>
            """);
        foreach (var project in new[] { Path.Combine("src", "Core", "MicroDb.csproj"), Path.Combine("src", "Bundle", "MicroDb.Bundle.csproj") })
        {
            Run(repo, "dotnet", $"pack \"{Path.Combine(repo, project)}\" -c {configuration} -o \"{_feed}\" -p:PackageVersion={_version}");
        }
    }

    [OneTimeTearDown]
    public void DeleteWork()
    {
        try
        {
            Directory.Delete(_work, recursive: true);
        }
        catch (IOException)
        {
            // Left for the OS to clean; the test results do not depend on it.
        }
    }

    [Test]
    public void Core_package_has_the_generator_and_no_sqlite_build()
    {
        using var package = ZipFile.OpenRead(Path.Combine(_feed, $"MicroDb.Core.{_version}.nupkg"));
        var entries = package.Entries.Select(e => e.FullName).ToList();

        Assert.That(entries, Does.Contain("lib/net10.0/MicroDb.dll"));
        Assert.That(entries, Does.Contain("lib/netstandard2.0/MicroDb.dll"));
        Assert.That(entries, Does.Contain("analyzers/dotnet/cs/MicroDb.Generator.dll"));
        Assert.That(entries.Where(e => e.StartsWith("runtimes/", StringComparison.Ordinal)), Is.Empty);
        // NuGet imports only build files named after the package: the generator's MSBuild settings travel under MicroDb.Core's.
        Assert.That(entries.Where(e => e.StartsWith("build", StringComparison.Ordinal)), Is.EquivalentTo(new[]
        {
            "build/MicroDb.Core.props", "build/MicroDb.Core.targets", "buildTransitive/MicroDb.Core.props", "buildTransitive/MicroDb.Core.targets",
        }));
        Assert.That(Dependencies(package, "net10.0").Select(d => d.Id), Is.EquivalentTo(new[] { "SQLitePCLRaw.core" }));
        // netstandard2.0 takes from packages what net10.0 has in the framework; Polyfill is source-only, not a dependency.
        Assert.That(Dependencies(package, ".NETStandard2.0").Select(d => d.Id), Is.EquivalentTo(new[]
        {
            "SQLitePCLRaw.core", "System.Memory", "Microsoft.Bcl.AsyncInterfaces", "Microsoft.Bcl.HashCode", "System.Diagnostics.DiagnosticSource",
            "System.Runtime.CompilerServices.Unsafe",
        }));
    }

    [Test]
    public void MicroDb_package_is_the_core_plus_the_bundle_and_its_registration()
    {
        using var package = ZipFile.OpenRead(Path.Combine(_feed, $"MicroDb.{_version}.nupkg"));
        var entries = package.Entries.Select(e => e.FullName).ToList();
        var dependencies = Dependencies(package, "net10.0").ToDictionary(d => d.Id, d => d.Exclude);

        Assert.That(entries, Does.Contain("buildTransitive/MicroDb.targets"));
        Assert.That(entries, Does.Contain("buildTransitive/MicroDb.SqliteBundle.cs"));
        Assert.That(entries, Does.Contain("build/MicroDb.targets"));
        Assert.That(entries.Where(e => e.EndsWith(".dll", StringComparison.Ordinal)), Is.Empty, "the code is MicroDb.Core's");
        Assert.That(entries, Does.Contain("lib/net10.0/_._").And.Contain("lib/netstandard2.0/_._"));
        Assert.That(dependencies.Keys, Is.EquivalentTo(new[] { "MicroDb.Core", "SQLitePCLRaw.bundle_e_sqlite3" }));
        Assert.That(Dependencies(package, ".NETStandard2.0").Select(d => d.Id), Is.EquivalentTo(new[] { "MicroDb.Core", "SQLitePCLRaw.bundle_e_sqlite3" }));
        // The generator reaches a MicroDb consumer through this dependency: its analyzers must not be excluded.
        Assert.That(dependencies["MicroDb.Core"], Does.Not.Contain("Analyzers"));
    }

    [Test]
    public void Packed_package_generates_maps_in_a_consumer_project()
    {
        var (build, output) = BuildAndRun("micro", Package("MicroDb"), "using MicroDb;\nusing MicroDb.Mapping;\n\n" + CrudProgram + Model);

        // Built first so the build's warnings are in the output: the query analyzer ships in the same assembly.
        Assert.That(build, Does.Contain("warning MDB0010"));
        Assert.That(output, Does.Contain("PACK-OK generated=True id=1 name=Rex II kind=Dog deleted=1 intercepted=1 found=Rex II"));
        Assert.That(output, Does.Match(@"SQLITE SQLitePCLRaw\.bundle_e_sqlite3 3\.\d+"));
    }

    [Test]
    public void Reflection_fallback_is_silent_by_default_reported_for_NativeAOT_and_suppressible_every_way()
    {
        // A sqlite-net style library: a private nested model and a generic repository, under TreatWarningsAsErrors
        // (MDB0011 is not exempted here). Each build is a full one: NoWarn and -p: values are not build inputs.
        var consumer = WriteProject("fallback", "Library", Package("MicroDb"), warningsNotAsErrors: "MDB0010");
        const string Code = """
            public static class Fallback
            {
                private class Hidden { public int Id { get; set; } }
                public static int Count(MicroDb.MicroDbConnection db) => db.Table<Hidden>().Count();
                public static T Find<T>(MicroDb.MicroDbConnection db, int id) => db.Get<T>(id);
            }
            """;
        var source = Path.Combine(consumer, "Fallback.cs");
        File.WriteAllText(source, Code);
        const string Build = "build -c Release --no-incremental";

        // Default: mapping these by reflection is what sqlite-net always did; nothing to report.
        Assert.That(Run(consumer, "dotnet", Build), Does.Not.Contain("MDB0011"));

        // Publishing NativeAOT or trimmed (IsAotCompatible here): every fallback is reported, so the build fails.
        var (aotExit, aot) = RunAllowingFailure(consumer, "dotnet", Build + " -p:IsAotCompatible=true");
        Assert.That(aotExit, Is.Not.Zero, aot);
        Assert.That(aot, Does.Contain("MDB0011"));

        // ... unless silenced for the project (NoWarn), by .editorconfig, or at the site (#pragma).
        Assert.That(Run(consumer, "dotnet", Build + " -p:IsAotCompatible=true -p:NoWarn=MDB0011"), Does.Not.Contain("MDB0011"));
        var editorConfig = Path.Combine(consumer, ".editorconfig");
        File.WriteAllText(editorConfig, "root = true\n\n[*.cs]\ndotnet_diagnostic.MDB0011.severity = none\n");
        Assert.That(Run(consumer, "dotnet", Build + " -p:IsAotCompatible=true"), Does.Not.Contain("MDB0011"));
        File.Delete(editorConfig);
        File.WriteAllText(source, "#pragma warning disable MDB0011\n" + Code);
        Assert.That(Run(consumer, "dotnet", Build + " -p:IsAotCompatible=true"), Does.Not.Contain("MDB0011"));
        File.WriteAllText(source, Code);

        // On request: a warning everywhere, or an error; any other value is refused.
        var (warnExit, warn) = RunAllowingFailure(consumer, "dotnet", Build + " -p:MicroDbReflectionFallback=warn -p:TreatWarningsAsErrors=false");
        Assert.That(warnExit, Is.Zero, warn);
        Assert.That(warn, Does.Contain("warning MDB0011"));
        var (strictExit, strict) = RunAllowingFailure(consumer, "dotnet", Build + " -p:MicroDbReflectionFallback=error");
        Assert.That(strictExit, Is.Not.Zero, strict);
        Assert.That(strict, Does.Contain("error MDB0011"));
        var (badExit, bad) = RunAllowingFailure(consumer, "dotnet", Build + " -p:MicroDbReflectionFallback=sometimes");
        Assert.That(badExit, Is.Not.Zero, bad);
        Assert.That(bad, Does.Contain("MicroDbReflectionFallback is 'sometimes'"));
    }

    [Test]
    public void Schema_snapshot_is_written_by_the_target_and_checked_by_the_next_build()
    {
        // The package's build files: -t:MicroDbUpdateSchema writes microdb.schema.json, which later builds pass to the
        // generator as an AdditionalFile; a removed column is MDB0012 at the class, which #pragma and .editorconfig silence.
        var consumer = WriteProject("schema", "Library", Package("MicroDb"));
        var model = Path.Combine(consumer, "Product.cs");
        const string Product = """
            using MicroDb;

            namespace Shop;

            [Table("products")]
            public class Product
            {
                [PrimaryKey, AutoIncrement] public int Id { get; set; }
                [MaxLength(50), Indexed] public string Name { get; set; } = "";
                public string? Note { get; set; }
            }
            """;
        File.WriteAllText(model, Product);
        var snapshotFile = Path.Combine(consumer, "microdb.schema.json");

        Assert.That(Run(consumer, "dotnet", "build -c Release -t:MicroDbUpdateSchema"), Does.Contain("schema snapshot written"));
        var snapshot = File.ReadAllText(snapshotFile);
        Assert.That(snapshot, Does.StartWith("{\"version\":1,\"tables\":[\n{\"model\":\"Shop.Product\",\"table\":\"products\""));
        Assert.That(snapshot, Does.Contain("{\"name\":\"Note\",\"type\":\"TEXT\",\"notNull\":false,\"pk\":false}"));
        Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Not.Contain("MDB0012"));

        File.WriteAllText(model, Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal));
        Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Contain("Product.cs(6,14): warning MDB0012").And.Contain("column 'Note' was removed"));

        File.WriteAllText(model, Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal).Replace("[Table(", "#pragma warning disable MDB0012\n[Table(", StringComparison.Ordinal));
        Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Not.Contain("MDB0012"));

        File.WriteAllText(model, Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal));
        File.WriteAllText(Path.Combine(consumer, ".editorconfig"), "root = true\n\n[*.cs]\ndotnet_diagnostic.MDB0012.severity = none\n");
        Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Not.Contain("MDB0012"));
        File.Delete(Path.Combine(consumer, ".editorconfig"));

        // The property form updates too, and then the model matches its snapshot again.
        Assert.That(Run(consumer, "dotnet", "build -c Release -p:MicroDbUpdateSchema=true"), Does.Contain("schema snapshot written"));
        Assert.That(File.ReadAllText(snapshotFile), Does.Not.Contain("Note"));
        Assert.That(Run(consumer, "dotnet", "build -c Release"), Does.Not.Contain("MDB0012"));
    }

    [Test]
    public void Core_package_runs_on_the_app_provider_and_names_what_is_missing_without_one()
    {
        const string Program = """
            using MicroDb;
            using MicroDb.Mapping;

            try
            {
                MicroDbSqliteProvider.EnsureInitialized();
            }
            catch (MicroDbProviderException e)
            {
                Console.WriteLine("NO-PROVIDER " + e.Message);
            }

            SQLitePCL.raw.SetProvider(new SQLitePCL.SQLite3Provider_sqlite3());

            """;
        var provider = $"""<PackageReference Include="SQLitePCLRaw.provider.sqlite3" Version="{CentralVersion("SQLitePCLRaw.provider.sqlite3")}" />""";
        var (_, output) = BuildAndRun("core", Package("MicroDb.Core") + provider, Program + CrudProgram + Model);

        Assert.That(output, Does.Contain("NO-PROVIDER No SQLite provider is set up"));
        Assert.That(output, Does.Contain("PACK-OK generated=True id=1 name=Rex II kind=Dog deleted=1 intercepted=1 found=Rex II"));
        Assert.That(output, Does.Match(@"SQLITE application 3\.\d+"));
    }

    [Test]
    public void MicroDb_package_registers_the_bundle_in_an_app_that_gets_it_through_a_library()
    {
        // The app's own code opens the first connection before it touches the library: the registration must have
        // been compiled into the app itself (buildTransitive), not only into the library that references MicroDb.
        var library = WriteProject("library", "Library", Package("MicroDb"));
        File.WriteAllText(Path.Combine(library, "Store.cs"), "namespace Library;\n\npublic static class Store\n{\n    public const string Name = \"library\";\n}\n");
        const string Program = """
            using MicroDb;

            using (new MicroDbConnection(":memory:"))
            {
                Console.WriteLine($"SQLITE {MicroDbSqliteProvider.InitializedBy} {MicroDbConnection.SqliteVersion} {Library.Store.Name}");
            }

            """;

        var (_, output) = BuildAndRun("app", """<ProjectReference Include="../library/library.csproj" />""", Program);

        Assert.That(output, Does.Match(@"SQLITE SQLitePCLRaw\.bundle_e_sqlite3 3\.\d+\.\d+ library"));
    }

    [Test]
    public void A_netstandard2_0_library_built_on_the_package_runs_in_a_net10_app()
    {
        // Compiled against lib/netstandard2.0, run against lib/net10.0. It declares ModuleInitializerAttribute (as
        // PolySharp would), so its public model gets a generated map; [UnsafeAccessor] it has not: no map needs it here.
        var library = WriteProject("nslibrary", "Library", Package("MicroDb"), targetFramework: "netstandard2.0");
        File.WriteAllText(Path.Combine(library, "Store.cs"), """
            using MicroDb;
            using MicroDb.Mapping;

            namespace System.Runtime.CompilerServices
            {
                [AttributeUsage(AttributeTargets.Method, Inherited = false)]
                internal sealed class ModuleInitializerAttribute : Attribute { }
            }

            namespace Library
            {
                [Table("notes")]
                public sealed class Note
                {
                    [PrimaryKey, AutoIncrement] public int Id { get; set; }
                    [NotNull] public string Text { get; set; } = "";
                }

                public static class Store
                {
                    public static string Run()
                    {
                        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MappingMode.Generated });
                        db.CreateTable<Note>();
                        db.Insert(new Note { Text = "a" });
                        db.Insert(new Note { Text = "b" });
                        var found = db.Table<Note>().Where(n => n.Text == "b").Single();
                        return $"generated={db.GetMap<Note>().IsGenerated} id={found.Id} count={db.Table<Note>().Count()}";
                    }
                }
            }
            """);
        const string Program = """
            using System.Reflection;
            using System.Runtime.Versioning;

            var framework = typeof(Library.Store).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName;
            var microDb = typeof(MicroDb.MicroDbConnection).Assembly.GetCustomAttribute<TargetFrameworkAttribute>()!.FrameworkName;
            Console.WriteLine($"NS-OK {Library.Store.Run()} library={framework} microdb={microDb}");

            """;

        var (_, output) = BuildAndRun("nsapp", """<ProjectReference Include="../nslibrary/nslibrary.csproj" />""", Program);

        Assert.That(output, Does.Contain("NS-OK generated=True id=2 count=2 library=.NETStandard,Version=v2.0 microdb=.NETCoreApp,Version=v10.0"));
    }

    private (string Build, string Output) BuildAndRun(string name, string items, string program)
    {
        var consumer = WriteProject(name, "Exe", items);
        File.WriteAllText(Path.Combine(consumer, "Program.cs"), program);

        var build = Run(consumer, "dotnet", "build -c Release");
        var output = Run(consumer, "dotnet", "run -c Release --no-build");
        return (build, output);
    }

    /// <summary>A project under the work folder, whose nuget.config makes the local feed a source.</summary>
    private string WriteProject(string name, string outputType, string items, string warningsNotAsErrors = "MDB0010;MDB0011;MDB0012", string targetFramework = "net10.0")
    {
        var directory = Path.Combine(_work, name);
        Directory.CreateDirectory(directory);
        File.WriteAllText(Path.Combine(directory, name + ".csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>{outputType}</OutputType>
                <TargetFramework>{targetFramework}</TargetFramework>
                <LangVersion>latest</LangVersion>
                <ImplicitUsings>enable</ImplicitUsings>
                <Nullable>enable</Nullable>
                <TreatWarningsAsErrors>true</TreatWarningsAsErrors>
                <WarningsNotAsErrors>{warningsNotAsErrors}</WarningsNotAsErrors>
                <ManagePackageVersionsCentrally>false</ManagePackageVersionsCentrally>
                <RestorePackagesPath>{Path.Combine(_work, "packages")}</RestorePackagesPath>
              </PropertyGroup>
              <ItemGroup>
                {items}
              </ItemGroup>
            </Project>
            """);
        return directory;
    }

    private string Package(string id) => $"""<PackageReference Include="{id}" Version="{_version}" />""";

    /// <summary>A version from Directory.Packages.props, the one place versions live.</summary>
    private static string CentralVersion(string id) =>
        XDocument.Load(Path.Combine(RepositoryRoot(), "Directory.Packages.props")).Descendants("PackageVersion")
            .Single(e => (string?)e.Attribute("Include") == id).Attribute("Version")!.Value;

    /// <summary>The nuspec's dependencies for one target framework (its dependency group).</summary>
    private static IEnumerable<(string Id, string Exclude)> Dependencies(ZipArchive package, string targetFramework)
    {
        var nuspec = package.Entries.Single(e => e.FullName.EndsWith(".nuspec", StringComparison.Ordinal));
        using var stream = nuspec.Open();
        return XDocument.Load(stream).Descendants().Single(e => e.Name.LocalName == "group" && (string?)e.Attribute("targetFramework") == targetFramework)
            .Elements().Where(e => e.Name.LocalName == "dependency")
            .Select(e => ((string)e.Attribute("id")!, (string?)e.Attribute("exclude") ?? ""))
            .ToList();
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
