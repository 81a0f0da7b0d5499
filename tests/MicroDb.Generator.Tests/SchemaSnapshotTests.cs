using System.Collections.Immutable;
using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace MicroDb.Generator.Tests;

/// <summary>
/// MDB0012, the build-time check of models against the checked-in schema snapshot (microdb.schema.json, an
/// AdditionalFile), and the snapshot the generator emits when MicroDbUpdateSchema=true.
/// </summary>
public class SchemaSnapshotTests
{
    private const string Product = """
        using MicroDb;
        namespace Shop;

        [Table("products")]
        public class Product
        {
            [PrimaryKey, AutoIncrement] public int Id { get; set; }
            [MaxLength(50), Indexed] public string Name { get; set; } = "";
            public decimal Price { get; set; }
            public string? Note { get; set; }
        }
        """;

    private const string Customer = """
        using MicroDb;
        namespace Shop;

        [Table("customers")]
        public class Customer
        {
            [PrimaryKey] public int Id { get; set; }
            [NotNull, Unique] public string Email { get; set; } = "";
        }
        """;

    [Test]
    public void Update_property_emits_the_snapshot_json_sorted_by_model()
    {
        var json = SnapshotOf(Product, Customer);

        Assert.That(json, Is.EqualTo("""
            {"version":1,"tables":[
            {"model":"Shop.Customer","table":"customers","columns":[{"name":"Id","type":"INTEGER","notNull":true,"pk":true},{"name":"Email","type":"TEXT","notNull":true,"pk":false}],"indexes":[{"name":"customers_Email","unique":true,"columns":["Email"]}]},
            {"model":"Shop.Product","table":"products","columns":[{"name":"Id","type":"INTEGER","notNull":true,"pk":true},{"name":"Name","type":"varchar(50)","notNull":false,"pk":false},{"name":"Price","type":"TEXT","notNull":false,"pk":false},{"name":"Note","type":"TEXT","notNull":false,"pk":false}],"indexes":[{"name":"products_Name","unique":false,"columns":["Name"]}]}
            ]}

            """.ReplaceLineEndings("\n")));
    }

    [Test]
    public void Unchanged_models_report_nothing()
    {
        var snapshot = SnapshotOf(Product, Customer);

        Assert.That(Drift(snapshot, Product, Customer), Is.Empty);
    }

    [Test]
    public void Removed_column_is_MDB0012_at_the_model_class()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal);

        var diagnostic = Drift(snapshot, changed).Single();

        Assert.That(diagnostic.Id, Is.EqualTo("MDB0012"));
        Assert.That(diagnostic.Severity, Is.EqualTo(DiagnosticSeverity.Warning));
        Assert.That(diagnostic.GetMessage(), Does.Contain("Model 'Shop.Product' (table 'products')").And.Contain("column 'Note' was removed"));
        Assert.That(diagnostic.Location.SourceTree!.GetText().ToString(diagnostic.Location.SourceSpan), Is.EqualTo("Product"));
        Assert.That(diagnostic.Location.GetLineSpan().StartLinePosition.Line, Is.EqualTo(4), "the class declaration's line");
    }

    [Test]
    public void Type_change_is_MDB0012_naming_both_types()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("[MaxLength(50), Indexed]", "[MaxLength(80), Indexed]", StringComparison.Ordinal)
            .Replace("public decimal Price", "public double Price", StringComparison.Ordinal);

        var message = Drift(snapshot, changed).Single().GetMessage();

        Assert.That(message, Does.Contain("column 'Name' changed type from varchar(50) to varchar(80)"));
        Assert.That(message, Does.Contain("column 'Price' changed type from TEXT to REAL"));
    }

    [Test]
    public void Nullability_and_key_changes_are_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("public string? Note", "[NotNull] public string? Note", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, changed).Single().GetMessage(), Does.Contain("column 'Note' became NOT NULL"));
    }

    [Test]
    public void New_nullable_column_and_new_index_are_covered_by_the_migration()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("    public string? Note { get; set; }\n", "    public string? Note { get; set; }\n    [Indexed] public int? Stock { get; set; }\n", StringComparison.Ordinal)
            .Replace("public decimal Price", "[Indexed] public decimal Price", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, changed), Is.Empty);
    }

    [Test]
    public void New_NOT_NULL_column_is_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("    public string? Note { get; set; }\n", "    public string? Note { get; set; }\n    public int Stock { get; set; }\n", StringComparison.Ordinal)
            .Replace("public int Stock", "[NotNull] public int Stock", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, changed).Single().GetMessage(), Does.Contain("new column 'Stock' is NOT NULL"));
    }

    [Test]
    public void Removed_index_is_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("[MaxLength(50), Indexed]", "[MaxLength(50)]", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, changed).Single().GetMessage(), Does.Contain("index 'products_Name' was removed"));
    }

    [Test]
    public void Column_rename_with_RenamedFrom_is_covered_and_without_it_is_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var renamed = Product.Replace("public string Name", "public string Title", StringComparison.Ordinal);
        var declared = Product.Replace("[MaxLength(50), Indexed] public string Name", "[MaxLength(50), Indexed, RenamedFrom(\"Name\")] public string Title", StringComparison.Ordinal);

        var undeclared = Drift(snapshot, renamed).Single().GetMessage();

        Assert.That(undeclared, Does.Contain("column 'Name' was removed").And.Contain("index 'products_Name' was removed"));
        Assert.That(Drift(snapshot, declared), Is.Empty);
    }

    [Test]
    public void Renamed_column_is_still_compared_with_its_old_self()
    {
        var snapshot = SnapshotOf(Product);
        var declared = Product.Replace("[MaxLength(50), Indexed] public string Name", "[MaxLength(90), Indexed, RenamedFrom(\"Name\")] public string Title", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, declared).Single().GetMessage(), Does.Contain("column 'Title' (renamed from 'Name') changed type from varchar(50) to varchar(90)"));
    }

    [Test]
    public void Table_rename_with_RenamedFrom_on_the_class_is_covered_and_without_it_is_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var renamed = Product.Replace("[Table(\"products\")]", "[Table(\"items\")]", StringComparison.Ordinal);
        var declared = Product.Replace("[Table(\"products\")]", "[Table(\"items\"), RenamedFrom(\"products\")]", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, renamed).Single().GetMessage(), Does.Contain("table renamed from 'products' to 'items'"));
        Assert.That(Drift(snapshot, declared), Is.Empty);
    }

    [Test]
    public void Model_missing_from_the_snapshot_is_a_new_table_and_no_snapshot_means_no_check()
    {
        var snapshot = SnapshotOf(Product);
        var changedCustomer = Customer.Replace("[NotNull, Unique]", "", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, Product, changedCustomer), Is.Empty);
        Assert.That(Run(null, properties: null, Product.Replace("public decimal Price", "public double Price", StringComparison.Ordinal)).GeneratorDiagnostics, Is.Empty);
    }

    [Test]
    public void Unreadable_snapshot_is_MDB0012_at_the_file_naming_the_problem()
    {
        var diagnostic = Drift("{\"version\":1,\"tables\":[{\"model\":\"Shop.Product\"", Product).Single();

        Assert.That(diagnostic.Id, Is.EqualTo("MDB0012"));
        Assert.That(diagnostic.GetMessage(), Does.Contain("microdb.schema.json cannot be read").And.Contain("line 1"));
        Assert.That(diagnostic.Location.GetLineSpan().Path, Does.EndWith("microdb.schema.json"));
        Assert.That(Drift("{\"version\":2,\"tables\":[]}", Product).Single().GetMessage(), Does.Contain("\"version\""));
    }

    [Test]
    public void Update_run_reports_no_drift()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("public decimal Price", "public double Price", StringComparison.Ordinal);

        var result = Run(snapshot, new Dictionary<string, string> { ["MicroDbUpdateSchema"] = "true" }, changed);

        Assert.That(result.GeneratorDiagnostics, Is.Empty);
        Assert.That(result.Sources, Does.ContainKey("MicroDb.SchemaSnapshot.g.cs"));
        Assert.That(result.GeneratedCodeProblems, Is.Empty, "the snapshot file compiles to nothing");
    }

    [Test]
    public void Pragma_around_the_class_silences_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal)
            .Replace("[Table(\"products\")]", "#pragma warning disable MDB0012\n[Table(\"products\")]", StringComparison.Ordinal);

        Assert.That(Drift(snapshot, changed), Is.Empty);
        Assert.That(Run(snapshot, null, changed).GeneratorDiagnostics.Single(d => d.Id == "MDB0012").IsSuppressed, Is.True);
    }

    [Test]
    public void Editorconfig_severity_none_silences_MDB0012()
    {
        var snapshot = SnapshotOf(Product);
        var changed = Product.Replace("    public string? Note { get; set; }\n", "", StringComparison.Ordinal);
        var compilation = Compilation(changed);

        // What MSBuild passes for "dotnet_diagnostic.MDB0012.severity = none" in a global .editorconfig.
        var silenced = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["MDB0012"] = ReportDiagnostic.Suppress }));
        var raised = compilation.WithOptions(compilation.Options.WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic> { ["MDB0012"] = ReportDiagnostic.Error }));

        Assert.That(Run(snapshot, null, silenced).GeneratorDiagnostics, Is.Empty);
        Assert.That(Run(snapshot, null, raised).GeneratorDiagnostics.Single().Severity, Is.EqualTo(DiagnosticSeverity.Error));
    }

    [Test]
    public void Generator_snapshot_equals_the_runtime_export_of_the_generated_map()
    {
        var sources = Snapshot.Inputs("AllTypes");
        var json = SnapshotOf(sources);

        using var db = new MicroDbConnection(new MicroDbOptions(":memory:") { Mapping = MicroDb.Mapping.MappingMode.Generated });
        var runtime = MicroDbSchema.ExportSnapshot(db, typeof(MicroDb.Conformance.Models.AllTypes));

        Assert.That(runtime, Is.EqualTo(json));
        Assert.That(runtime, Does.Contain("\"model\":\"MicroDb.Conformance.Models.AllTypes\""));
    }

    [Test]
    public void Snapshot_json_round_trips_any_name_and_rejects_malformed_text_with_a_position()
    {
        var odd = "we\"ird\\na\u00e9me;\t\u0001";
        var table = new Shared.SnapshotTable(
            "Ns.Outer+" + odd,
            odd,
            [new Shared.SnapshotColumn(odd, "varchar(5)", true, true)],
            [new Shared.SnapshotIndex(odd, true, [odd, "b"])]);
        var json = Shared.SchemaSnapshot.ToJson([table]);

        var back = Shared.SchemaSnapshot.Parse(json).Single();

        Assert.That(Shared.SchemaSnapshot.ToJson([back]), Is.EqualTo(json));
        Assert.That(back.Columns.Single().Name, Is.EqualTo(odd));
        Assert.That(back.Indexes.Single().Columns, Is.EqualTo(new[] { odd, "b" }));
        Assert.Multiple(() =>
        {
            Assert.That(() => Shared.SchemaSnapshot.Parse("{\"version\":1,\n\"tables\":[1]}"), Throws.InstanceOf<FormatException>().With.Message.Contains("not an object"));
            Assert.That(() => Shared.SchemaSnapshot.Parse("{\"version\":1,\n \"tables\": x}"), Throws.InstanceOf<FormatException>().With.Message.Contains("line 2, column 12"));
            Assert.That(() => Shared.SchemaSnapshot.Parse("{\"version\":1,\"tables\":[]} extra"), Throws.InstanceOf<FormatException>().With.Message.Contains("after the end"));
            Assert.That(() => Shared.SchemaSnapshot.Parse("{\"version\":1,\"tables\":[{\"model\":\"A\",\"table\":\"a\",\"columns\":[{\"name\":\"x\"}],\"indexes\":[]}]}"), Throws.InstanceOf<FormatException>().With.Message.Contains("\"type\""));
            Assert.That(() => Shared.SchemaSnapshot.Parse(new string('[', 100)), Throws.InstanceOf<FormatException>().With.Message.Contains("too deep"));
        });
    }

    private const string Membership = """
        using MicroDb;
        namespace Shop;

        [Table("memberships")]
        public class Membership
        {
            [PrimaryKey(Order = 2)] public string Group { get; set; } = "";
            [PrimaryKey(Order = 1)] public int UserId { get; set; }
            public string? Role { get; set; }
        }
        """;

    [Test]
    public void Composite_key_order_is_recorded_and_a_changed_order_is_MDB0012()
    {
        var snapshot = SnapshotOf(Membership);

        Assert.That(snapshot, Does.Contain(
            "\"columns\":[{\"name\":\"Group\",\"type\":\"TEXT\",\"notNull\":true,\"pk\":true,\"keyOrder\":2},"
            + "{\"name\":\"UserId\",\"type\":\"INTEGER\",\"notNull\":true,\"pk\":true,\"keyOrder\":1},"
            + "{\"name\":\"Role\",\"type\":\"TEXT\",\"notNull\":false,\"pk\":false}]"));
        Assert.That(SnapshotOf(Product), Does.Not.Contain("keyOrder"), "a single key records no order");
        Assert.That(Drift(snapshot, Membership), Is.Empty);

        var swapped = Membership.Replace("PrimaryKey(Order = 2)", "PrimaryKey(Order = 9)", StringComparison.Ordinal)
            .Replace("PrimaryKey(Order = 1)", "PrimaryKey(Order = 2)", StringComparison.Ordinal)
            .Replace("PrimaryKey(Order = 9)", "PrimaryKey(Order = 1)", StringComparison.Ordinal);
        var message = Drift(snapshot, swapped).Single().GetMessage();
        Assert.That(message, Does.Contain("the primary key's order changed from (UserId, Group) to (Group, UserId)"));
    }

    [Test]
    public void Snapshot_without_key_order_compares_the_composite_key_as_before_and_reads_back()
    {
        // A snapshot written before the key order was recorded: the order is unknown, so it is not reported.
        var old = SnapshotOf(Membership).Replace(",\"keyOrder\":2", "", StringComparison.Ordinal).Replace(",\"keyOrder\":1", "", StringComparison.Ordinal);
        var swapped = Membership.Replace("PrimaryKey(Order = 2)", "PrimaryKey(Order = 0)", StringComparison.Ordinal);

        Assert.That(Drift(old, swapped), Is.Empty);
        var back = Shared.SchemaSnapshot.Parse(SnapshotOf(Membership)).Single();
        Assert.That(back.Columns.Select(c => c.KeyOrder), Is.EqualTo(new[] { 2, 1, 0 }));
        Assert.That(Shared.SchemaSnapshot.ToJson([back]), Is.EqualTo(SnapshotOf(Membership)));
        Assert.That(() => Shared.SchemaSnapshot.Parse(SnapshotOf(Membership).Replace("\"keyOrder\":2", "\"keyOrder\":1.5", StringComparison.Ordinal)),
            Throws.InstanceOf<FormatException>().With.Message.Contains("keyOrder").And.Message.Contains("memberships").Or.Message.Contains("Shop.Membership"));
    }

    private static string SnapshotOf(params string[] sources)
    {
        var result = Run(null, new Dictionary<string, string> { ["MicroDbUpdateSchema"] = "true" }, sources);
        Assert.That(result.GeneratorDiagnostics.Where(d => d.Severity == DiagnosticSeverity.Error), Is.Empty);
        var file = result.Sources["MicroDb.SchemaSnapshot.g.cs"];
        var begin = file.IndexOf("MICRODB-SCHEMA-BEGIN\n", StringComparison.Ordinal) + "MICRODB-SCHEMA-BEGIN\n".Length;
        var end = file.IndexOf("MICRODB-SCHEMA-END", StringComparison.Ordinal);
        return file[begin..end];
    }

    /// <summary>The MDB0012 diagnostics the build would show (a #pragma-suppressed one is kept by Roslyn, marked suppressed).</summary>
    private static ImmutableArray<Diagnostic> Drift(string snapshot, params string[] sources) =>
        [.. Run(snapshot, null, sources).GeneratorDiagnostics.Where(d => d.Id == "MDB0012" && !d.IsSuppressed)];

    private static CSharpCompilation Compilation(params string[] sources) =>
        GeneratorHarness.CreateCompilation(sources);

    private static GenerationResult Run(string? snapshot, IReadOnlyDictionary<string, string>? properties, params string[] sources) =>
        Run(snapshot, properties, Compilation(sources));

    private static GenerationResult Run(string? snapshot, IReadOnlyDictionary<string, string>? properties, Compilation compilation)
    {
        ImmutableArray<AdditionalText> files = snapshot is null ? [] : [new InMemoryText("/project/microdb.schema.json", snapshot)];
        var driver = CSharpGeneratorDriver.Create(
            [new MicroDbGenerator().AsSourceGenerator()],
            files,
            GeneratorHarness.ParseOptions,
            new TestOptionsProvider((properties ?? new Dictionary<string, string>()).ToDictionary(p => "build_property." + p.Key, p => p.Value)),
            new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        var ran = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return new GenerationResult(ran, output, diagnostics);
    }

    private sealed class InMemoryText(string path, string text) : AdditionalText
    {
        public override string Path { get; } = path;

        public override SourceText GetText(CancellationToken cancellationToken = default) => SourceText.From(text);
    }
}
