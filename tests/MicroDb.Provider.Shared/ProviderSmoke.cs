using MicroDb.Mapping;

namespace MicroDb.Provider.Tests;

/// <summary>
/// What each provider project checks: CRUD and a LINQ query through MicroDb.Core on whichever SQLitePCLRaw provider
/// the project set up, the library version it reports, and which native library the process really loaded.
/// </summary>
internal static class ProviderSmoke
{
    /// <summary>A fresh database path under the temp folder.</summary>
    public static string NewDatabasePath() =>
        Path.Combine(Path.GetTempPath(), "microdb-provider-" + Guid.NewGuid().ToString("N") + ".db");

    /// <summary>Creates, inserts, updates, reads, queries and deletes; fails on any wrong answer.</summary>
    public static void RunCrud(string path)
    {
        using (var db = new MicroDbConnection(new MicroDbOptions(path) { Mapping = MappingMode.Generated }))
        {
            db.CreateTable<Note>();
            var note = new Note { Text = "first", At = new DateTime(2026, 11, 22, 23, 0, 0, DateTimeKind.Utc) };
            db.Insert(note);
            db.Insert(new Note { Text = "second", At = note.At.AddDays(1) });
            Assert.That(note.Id, Is.EqualTo(1));

            note.Text = "first, edited";
            Assert.That(db.Update(note), Is.EqualTo(1));
            var loaded = db.Get<Note>(note.Id);
            Assert.That((loaded.Text, loaded.At, loaded.At.Kind), Is.EqualTo(("first, edited", note.At, DateTimeKind.Utc)));
            Assert.That(db.Table<Note>().Where(n => n.At > note.At).Select(n => n.Text).ToList(), Is.EqualTo(new[] { "second" }));

            Assert.That(db.Delete(loaded), Is.EqualTo(1));
            Assert.That(db.Table<Note>().Count(), Is.EqualTo(1));
            Assert.That(db.GetMap<Note>().IsGenerated, Is.True);
        }

        foreach (var suffix in new[] { "", "-wal", "-shm" })
        {
            File.Delete(path + suffix);
        }
    }

    /// <summary>Writes sqlite3_libversion() to the run's log (<c>dotnet test --logger "console;verbosity=normal"</c> shows it).</summary>
    public static string ReportVersion(string provider)
    {
        var version = MicroDbConnection.SqliteVersion;
        var line = $"{provider}: sqlite3_libversion() = {version}";
        TestContext.Progress.WriteLine(line);
        return version;
    }

    /// <summary>The file names of the shared libraries mapped into this process (Linux: /proc/self/maps).</summary>
    public static IReadOnlySet<string> LoadedLibraries()
    {
        if (!OperatingSystem.IsLinux())
        {
            Assert.Ignore("Which native library is loaded is checked through /proc/self/maps, on Linux only.");
        }

        return File.ReadLines("/proc/self/maps")
            .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Where(fields => fields.Length >= 6)
            .Select(fields => Path.GetFileName(fields[^1]))
            .ToHashSet(StringComparer.Ordinal);
    }

    /// <summary>A connection before any provider is set: the typed error, naming what to reference and call.</summary>
    public static void AssertNoProviderError()
    {
        var error = Assert.Throws<MicroDbProviderException>(() => new MicroDbConnection(NewDatabasePath()).Dispose())!;
        Assert.That(error.Message, Does.Contain("MicroDb package")
            .And.Contain("SQLitePCLRaw.bundle_e_sqlite3")
            .And.Contain("SQLitePCL.Batteries_V2.Init()")
            .And.Contain("SQLitePCLRaw.provider.sqlite3"));
        Assert.That(MicroDbSqliteProvider.InitializedBy, Is.Null);
    }
}
