using System.Diagnostics;
using MicroDb.Mapping;
using MicroDb.Tests.Concurrency;

namespace MicroDb.Tests.Migrations;

/// <summary>The time to rebuild a 1,000,000-row table (docs/migrations.md quotes it). Explicit: run by hand.</summary>
[TestFixture]
[Explicit("Measurement for docs/migrations.md; writes a ~100 MB file")]
public sealed class RebuildTimingTests
{
    [Test]
    public void Rebuild_of_a_million_row_table()
    {
        using var file = new TempDatabase();
        using var db = new MicroDbConnection(file.Options());
        db.Execute("CREATE TABLE people (Id INTEGER PRIMARY KEY AUTOINCREMENT, Name TEXT NOT NULL, Age TEXT, Email TEXT, Joined INTEGER)");
        db.Execute("CREATE INDEX people_Name ON people (Name)");
        db.Execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) INSERT INTO people (Name, Age, Email, Joined) SELECT 'person ' || i, CAST(i % 90 AS TEXT), 'p' || i || '@example.com', 638000000000000000 + i FROM n");
        var size = new FileInfo(file.Path).Length;

        var clock = Stopwatch.StartNew();
        db.Migrate(new MicroDbMigrations().Add("001_default", m => m.SetColumnDefault("people", "Email", "")));
        var rebuild = clock.Elapsed;

        clock.Restart();
        db.Migrate(new MicroDbMigrations().Add("001_default", _ => { }).Add("002_type", m => m.ChangeColumnType("people", "Age", ColumnKind.Int32)));
        var convert = clock.Elapsed;

        clock.Restart();
        db.Migrate(new MicroDbMigrations().Add("001_default", _ => { }).Add("002_type", _ => { }).Add("003_rename", m => m.RenameColumn("people", "Email", "Mail")));
        var rename = clock.Elapsed;

        TestContext.Out.WriteLine($"1,000,000 rows, file {size / 1_000_000.0:F0} MB, SQLite {MicroDbConnection.SqliteVersion}, {Environment.ProcessorCount} cores");
        TestContext.Out.WriteLine($"rebuild (SetColumnDefault): {rebuild.TotalSeconds:F2} s; rebuild with conversion check (ChangeColumnType TEXT -> Int32): {convert.TotalSeconds:F2} s; RenameColumn (ALTER TABLE): {rename.TotalMilliseconds:F0} ms");
        Assert.That(db.ExecuteScalar<long>("SELECT count(*) FROM people"), Is.EqualTo(1_000_000));
        Assert.That(db.ExecuteScalar<string>("SELECT typeof(Age) FROM people WHERE Id = 5"), Is.EqualTo("integer"));
    }
}
