using System.Reflection;
using MicroDb.Generator.Model;
using MicroDb.Generator.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator.Tests;

/// <summary>The pipeline caches: unrelated edits re-use every output, model edits re-run only what changed.</summary>
public class IncrementalTests
{
    private const string Model = """
        using MicroDb;
        namespace Shop;
        [Table] public class Product { [PrimaryKey, AutoIncrement] public int Id { get; set; } public string? Name { get; set; } }
        [Table] public class Category { [PrimaryKey] public int Id { get; set; } public string? Title { get; set; } }
        """;

    private const string Unrelated = "namespace Other; public class Helper { public int Add(int a, int b) => a + b; }";

    private static readonly string[] OutputSteps =
    [
        MicroDbGenerator.TrackingNames.Models,
        MicroDbGenerator.TrackingNames.Registrations,
        MicroDbGenerator.TrackingNames.Diagnostics,
    ];

    [Test]
    public void Unrelated_edit_leaves_outputs_cached()
    {
        var compilation = GeneratorHarness.CreateCompilation(Model, Unrelated);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = Replace(compilation, "input1.cs", "namespace Other; public class Helper { public int Add(int a, int b) => a + b + 0; public int Twice(int a) => a * 2; }");
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        foreach (var step in OutputSteps)
        {
            var reasons = Reasons(second, step);
            if (step != MicroDbGenerator.TrackingNames.Diagnostics)
            {
                Assert.That(reasons, Is.Not.Empty, step);
            }

            Assert.That(reasons, Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged), step);
        }

        Assert.That(second.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(r => r.Outputs).Select(o => o.Reason),
            Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }

    [Test]
    public void Adding_an_unrelated_file_leaves_models_cached()
    {
        var compilation = GeneratorHarness.CreateCompilation(Model);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = compilation.AddSyntaxTrees(CSharpSyntaxTree.ParseText(Unrelated, GeneratorHarness.ParseOptions, path: "extra.cs"));
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        Assert.That(Reasons(second, MicroDbGenerator.TrackingNames.Models), Has.Count.EqualTo(2)
            .And.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }

    [Test]
    public void Model_edit_reruns_only_that_model()
    {
        var compilation = GeneratorHarness.CreateCompilation(Model);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = Replace(compilation, "input.cs", Model.Replace("public string? Name { get; set; }", "public string? Name { get; set; } public int Stock { get; set; }", StringComparison.Ordinal));
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        var models = second.TrackedSteps[MicroDbGenerator.TrackingNames.Models].SelectMany(s => s.Outputs).ToList();
        Assert.That(models.Select(o => o.Reason), Does.Contain(IncrementalStepRunReason.Modified));
        Assert.That(models.Where(o => o.Reason == IncrementalStepRunReason.Modified).Select(o => ((EntityModel)o.Value).MapName), Is.EqualTo(new[] { "ProductMap" }));
        Assert.That(models.Where(o => ((EntityModel)o.Value).MapName == "CategoryMap").Select(o => o.Reason),
            Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
        Assert.That(second.GeneratedSources.Single(s => s.HintName.EndsWith("ProductMap.g.cs", StringComparison.Ordinal)).SourceText.ToString(), Does.Contain("\"Stock Int32 Int32\""));
    }

    private const string CallSiteModel = """
        using MicroDb;
        namespace Shop;
        public class Product { public int Id { get; set; } public string? Name { get; set; } }
        public class Category { public int Id { get; set; } public string? Title { get; set; } }
        public static class Use
        {
            public static void Run(MicroDbConnection db)
            {
                db.CreateTable<Product>();
                db.Insert(new Category());
            }
        }
        """;

    [Test]
    public void Unrelated_edit_leaves_call_site_discovery_cached()
    {
        var compilation = GeneratorHarness.CreateCompilation(CallSiteModel, Unrelated);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);
        Assert.That(driver.GetRunResult().GeneratedTrees.Select(t => Path.GetFileName(t.FilePath)), Does.Contain("MicroDb.Generated.Shop.ProductMap.g.cs").And.Contain("MicroDb.Generated.Shop.CategoryMap.g.cs"));

        var edited = Replace(compilation, "input1.cs", "namespace Other; public class Helper { public int Add(int a, int b) => a - b; }");
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        // The call sites are re-examined (the compilation changed) but give equal findings, so nothing downstream runs.
        foreach (var step in new[] { MicroDbGenerator.TrackingNames.CallSites, MicroDbGenerator.TrackingNames.CallSiteResults, MicroDbGenerator.TrackingNames.AllResults, MicroDbGenerator.TrackingNames.Models, MicroDbGenerator.TrackingNames.Registrations })
        {
            var reasons = Reasons(second, step);
            Assert.That(reasons, Is.Not.Empty, step);
            Assert.That(reasons, Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged), step);
        }

        Assert.That(second.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(r => r.Outputs).Select(o => o.Reason),
            Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }

    [Test]
    public void Editing_a_call_site_method_body_without_changing_its_types_regenerates_nothing()
    {
        var compilation = GeneratorHarness.CreateCompilation(CallSiteModel);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = Replace(compilation, "input.cs", CallSiteModel.Replace("db.Insert(new Category());", "db.Insert(new Category { Title = \"x\" }); db.CreateTable<Product>();", StringComparison.Ordinal));
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        Assert.That(Reasons(second, MicroDbGenerator.TrackingNames.Models), Has.Count.EqualTo(2)
            .And.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
    }

    [Test]
    public void New_call_site_adds_its_model()
    {
        var compilation = GeneratorHarness.CreateCompilation(CallSiteModel);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = Replace(compilation, "input.cs", CallSiteModel
            .Replace("public static class Use", "public class Brand { public int Id { get; set; } }\npublic static class Use", StringComparison.Ordinal)
            .Replace("db.CreateTable<Product>();", "db.CreateTable<Product>(); db.Table<Brand>();", StringComparison.Ordinal));
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        // Models are compared by position, so the ones after the new call site's model move and count as changed;
        // the one before it (Product, the first call) stays cached.
        var models = second.TrackedSteps[MicroDbGenerator.TrackingNames.Models].SelectMany(s => s.Outputs).ToList();
        Assert.That(models.Select(o => ((EntityModel)o.Value).MapName), Is.EqualTo(new[] { "ProductMap", "BrandMap", "CategoryMap" }));
        Assert.That(models[0].Reason, Is.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged));
        Assert.That(models[1].Reason, Is.AnyOf(IncrementalStepRunReason.New, IncrementalStepRunReason.Modified));
    }

    private const string TableAndCallSiteModel = """
        using MicroDb;
        namespace Shop;
        [Table] public class Product { [PrimaryKey, AutoIncrement] public int Id { get; set; } public string? Name { get; set; } }
        public class Category { public int Id { get; set; } public string? Title { get; set; } }
        public static class Use
        {
            public static void Run(MicroDbConnection db)
            {
                db.CreateTable<Product>();
                db.Insert(new Product());
                db.Insert(new Category());
            }
        }
        """;

    [Test]
    public void Call_site_of_a_table_model_is_parsed_once()
    {
        var run = GeneratorHarness.Run(TableAndCallSiteModel).RunResult;

        // Product is a [Table] model: its parse comes from the [Table] step, the call-site step parses only Category.
        var callSiteKeys = run.TrackedSteps[MicroDbGenerator.TrackingNames.CallSiteResults]
            .SelectMany(s => s.Outputs)
            .SelectMany(o => (EquatableArray<ModelResult>)o.Value)
            .Select(r => r.TypeKey)
            .ToList();
        Assert.That(callSiteKeys, Is.EqualTo(new[] { "Shop.Category" }));

        var models = run.TrackedSteps[MicroDbGenerator.TrackingNames.Models].SelectMany(s => s.Outputs).Select(o => ((EntityModel)o.Value).MapName);
        Assert.That(models, Is.EquivalentTo(new[] { "ProductMap", "CategoryMap" }));
    }

    [Test]
    public void Unrelated_edit_leaves_call_sites_of_table_models_cached()
    {
        var compilation = GeneratorHarness.CreateCompilation(TableAndCallSiteModel, Unrelated);
        var driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        var edited = Replace(compilation, "input1.cs", "namespace Other; public class Helper { public int Add(int a, int b) => a - b; }");
        var second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        foreach (var step in new[] { MicroDbGenerator.TrackingNames.CallSiteResults, MicroDbGenerator.TrackingNames.AllResults, MicroDbGenerator.TrackingNames.Models })
        {
            var reasons = Reasons(second, step);
            Assert.That(reasons, Is.Not.Empty, step);
            Assert.That(reasons, Is.All.AnyOf(IncrementalStepRunReason.Cached, IncrementalStepRunReason.Unchanged), step);
        }
    }

    [Test]
    public void Model_types_hold_no_roslyn_types()
    {
        // Models that held symbols, syntax or compilations would root old compilations and never compare equal.
        var modelTypes = typeof(MicroDbGenerator).Assembly.GetTypes()
            .Where(t => t.Namespace == typeof(EntityModel).Namespace)
            .ToList();
        Assert.That(modelTypes, Has.Count.GreaterThanOrEqualTo(6));

        var offenders = new List<string>();
        var visited = new HashSet<Type>();
        foreach (var type in modelTypes)
        {
            Walk(type, type.Name, visited, offenders);
        }

        Assert.That(offenders, Is.Empty);
    }

    [Test]
    public void Model_records_compare_by_value()
    {
        // Two parses of the same source must produce equal models, or nothing would ever be cached.
        var first = GeneratorHarness.Run(Model).RunResult.TrackedSteps[MicroDbGenerator.TrackingNames.Models].SelectMany(s => s.Outputs).Select(o => o.Value).ToList();
        var second = GeneratorHarness.Run(Model).RunResult.TrackedSteps[MicroDbGenerator.TrackingNames.Models].SelectMany(s => s.Outputs).Select(o => o.Value).ToList();

        Assert.That(first, Has.Count.EqualTo(2));
        Assert.That(second, Is.EqualTo(first));
    }

    private static void Walk(Type type, string path, HashSet<Type> visited, List<string> offenders)
    {
        if (type.Namespace?.StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal) == true)
        {
            offenders.Add(path + ": " + type.FullName);
            return;
        }

        if (!visited.Add(type) || type.IsPrimitive || type == typeof(string) || type.IsEnum)
        {
            return;
        }

        if (type.IsArray)
        {
            Walk(type.GetElementType()!, path + "[]", visited, offenders);
            return;
        }

        foreach (var argument in type.GetGenericArguments())
        {
            Walk(argument, path + "<" + argument.Name + ">", visited, offenders);
        }

        if (type.Namespace?.StartsWith("System", StringComparison.Ordinal) == true)
        {
            return;
        }

        foreach (var field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
        {
            Walk(field.FieldType, path + "." + field.Name, visited, offenders);
        }

        foreach (var property in type.GetProperties(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
        {
            Walk(property.PropertyType, path + "." + property.Name, visited, offenders);
        }
    }

    private static List<IncrementalStepRunReason> Reasons(GeneratorRunResult result, string step) =>
        result.TrackedSteps.TryGetValue(step, out var runs)
            ? runs.SelectMany(r => r.Outputs).Select(o => o.Reason).ToList()
            : [];

    private static Compilation Replace(Compilation compilation, string path, string text)
    {
        var old = compilation.SyntaxTrees.Single(t => t.FilePath == path);
        return compilation.ReplaceSyntaxTree(old, CSharpSyntaxTree.ParseText(text, GeneratorHarness.ParseOptions, path: path));
    }
}
