using System.Text.Json;

namespace MicroDb.SQLiteNet.Spec.Storage;

/// <summary>Checks sqlite-net-pcl against the storage specification, one test per type, setting and value.</summary>
public sealed class StorageTests
{
    private static readonly IStorageProbe Probe = new SqliteNetProbe();

    private static IEnumerable<TestCaseData> Cases() =>
        SqliteNetStorageSpec.Cases().Select(c => new TestCaseData(c).SetName("SqliteNet_stores_" + c.Name));

    [TestCaseSource(nameof(Cases))]
    public void Stores(StorageCase c)
    {
        Observation actual = c.Run(Probe);
        Assert.Multiple(() =>
        {
            Assert.That(actual.Error, Is.EqualTo(c.Expected.Error), "error");
            Assert.That(actual.DeclaredType, Is.EqualTo(c.Expected.DeclaredType), "declared type");
            Assert.That(actual.StorageClass, Is.EqualTo(c.Expected.StorageClass), "typeof()");
            Assert.That(actual.Quote, Is.EqualTo(c.Expected.Quote), "quote()");
            Assert.That(actual.ReadBack, Is.EqualTo(c.Expected.ReadBack), "read back");
            Assert.That(actual.Bound, Is.EqualTo(c.Expected.Bound), "bound as parameter");
        });
    }

    [Test]
    public void Case_names_are_unique() =>
        Assert.That(SqliteNetStorageSpec.Cases().Select(c => c.Name), Is.Unique);

    // Re-measures every case and writes what sqlite-net did as JSON lines to a temp file (the test log would
    // unescape \u sequences): used to (re)write the table by hand, never in CI.
    [Test, Explicit("Writes observations for updating the specification table")]
    public void Print_observations()
    {
        string path = Path.Combine(Path.GetTempPath(), "mdbspec-observations.jsonl");
        using var writer = new StreamWriter(path);
        foreach (StorageCase c in SqliteNetStorageSpec.Cases())
        {
            Observation o = c.Run(Probe);
            writer.WriteLine(JsonSerializer.Serialize(new
            {
                c.Name, c.Written, o.DeclaredType, o.StorageClass, o.Quote, o.ReadBack, o.Error, o.Bound,
            }));
        }
        TestContext.Out.WriteLine("Observations written to " + path);
    }

    // Writes the specification as the markdown table in docs/sqlite-net-storage.md (from the expectations, which
    // the tests above prove are what sqlite-net does); never in CI.
    [Test, Explicit("Writes the docs table")]
    public void Print_markdown_table()
    {
        string path = Path.Combine(Path.GetTempPath(), "mdbspec-storage.md");
        using var writer = new StreamWriter(path);
        writer.WriteLine("| Case | Type | Setting | Written | Declared | typeof | quote() | Read back | As parameter | Note |");
        writer.WriteLine("|---|---|---|---|---|---|---|---|---|---|");
        foreach (StorageCase c in SqliteNetStorageSpec.Cases())
        {
            Observation e = c.Expected;
            string readBack = e.Error is { } err ? "**" + err + "**" : e.ReadBack == c.Written ? "same" : Cell(e.ReadBack);
            writer.WriteLine($"| {c.Name} | `{c.TypeName}` | {c.Setting} | {Cell(c.Written)} | {Cell(e.DeclaredType)} | {Cell(e.StorageClass)} | {Cell(e.Quote)} | {readBack} | {Cell(e.Bound)} | {c.Note} |");
        }
        TestContext.Out.WriteLine("Table written to " + path);
    }

    private static string Cell(string? s) => s is null ? "—" : "`" + s.Replace("|", "\\|", StringComparison.Ordinal) + "`";
}
