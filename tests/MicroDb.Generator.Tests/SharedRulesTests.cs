using System.Reflection;
using MicroDb.Generator;
using MicroDb.Native;
using Shared = MicroDb.Generator.Shared;
using GenModel = MicroDb.Generator.Shared.Query;
using RunModel = MicroDb.Query.Model;

namespace MicroDb.Generator.Tests;

/// <summary>
/// The generator and the runtime share src/Shared; these tests hold the seams that sharing cannot: names the emitter
/// writes into generated code must resolve in the compiled MicroDb assembly, and every rule has a descriptor and a page.
/// </summary>
public sealed class SharedRulesTests
{
    [Test]
    public void Query_model_compiled_into_the_generator_writes_the_same_sql_as_the_runtime()
    {
        // The same query built with each copy of src/Shared/Query (the generator's is netstandard2.0).
        var generated = new GenModel.QueryModel(
            new GenModel.SqlTable("people"),
            new GenModel.ValueList<GenModel.SqlExpression>([new GenModel.SqlColumn("Id")]),
            false,
            new GenModel.ValueList<GenModel.SqlExpression>([new GenModel.SqlGroup(new GenModel.SqlBinary(new GenModel.SqlColumn("Age"), GenModel.SqlOperator.GreaterThan, new GenModel.SqlParameter(0, Shared.ColumnKind.Int32)))]),
            new GenModel.ValueList<GenModel.SqlOrdering>([new GenModel.SqlOrdering(GenModel.SqlRowId.Instance, true)]),
            1,
            0);
        var runtime = new RunModel.QueryModel(
            new RunModel.SqlTable("people"),
            new RunModel.ValueList<RunModel.SqlExpression>([new RunModel.SqlColumn("Id")]),
            false,
            new RunModel.ValueList<RunModel.SqlExpression>([new RunModel.SqlGroup(new RunModel.SqlBinary(new RunModel.SqlColumn("Age"), RunModel.SqlOperator.GreaterThan, new RunModel.SqlParameter(0, MicroDb.Mapping.ColumnKind.Int32)))]),
            new RunModel.ValueList<RunModel.SqlOrdering>([new RunModel.SqlOrdering(RunModel.SqlRowId.Instance, true)]),
            1,
            0);

        var generatedSql = new System.Text.StringBuilder();
        GenModel.SqliteSqlWriter.Instance.WriteQuery(generated, generatedSql, []);
        var runtimeSql = new System.Text.StringBuilder();
        RunModel.SqliteSqlWriter.Instance.WriteQuery(runtime, runtimeSql, []);

        Assert.That(generatedSql.ToString(), Is.EqualTo(runtimeSql.ToString()));
        Assert.That(runtimeSql.ToString(), Is.EqualTo("SELECT \"Id\" FROM \"people\" WHERE (\"Age\" > ?) ORDER BY rowid DESC LIMIT 1"));
        Assert.That(Enum.GetNames<GenModel.SqlOperator>(), Is.EqualTo(Enum.GetNames<RunModel.SqlOperator>()));
    }

    private static IEnumerable<string> Kinds => Enum.GetNames<Shared.ColumnKind>();

    [Test]
    public void Generator_and_runtime_have_the_same_column_kinds()
    {
        Assert.That(Enum.GetNames<Shared.ColumnKind>(), Is.EqualTo(Enum.GetNames<MicroDb.Mapping.ColumnKind>()));
    }

    [TestCaseSource(nameof(Kinds))]
    public void Every_statement_method_the_emitter_names_exists(string kindName)
    {
        var kind = Enum.Parse<Shared.ColumnKind>(kindName);
        var statement = typeof(SqliteStatement);
        Assert.That(statement.FullName, Is.EqualTo(Shared.GeneratedCodeNames.StatementType));
        var nullableForms = kind is Shared.ColumnKind.String or Shared.ColumnKind.Blob or Shared.ColumnKind.Uri or Shared.ColumnKind.StringBuilder or Shared.ColumnKind.EnumText ? new[] { false } : new[] { false, true };
        foreach (var nullable in nullableForms)
        {
            var read = Shared.GeneratedCodeNames.ReadMethod(kind, nullable);
            Assert.That(statement.GetMember(read, BindingFlags.Public | BindingFlags.Instance), Is.Not.Empty, $"SqliteStatement.{read} ({kind}, nullable: {nullable})");
            var bind = Shared.GeneratedCodeNames.BindMethod(kind, nullable);
            Assert.That(statement.GetMember(bind, BindingFlags.Public | BindingFlags.Instance), Is.Not.Empty, $"SqliteStatement.{bind} ({kind}, nullable: {nullable})");
        }

        Assert.That(statement.GetMethod(Shared.GeneratedCodeNames.IsNull), Is.Not.Null);
        Assert.That(statement.GetMethod(Shared.GeneratedCodeNames.BindNull), Is.Not.Null);
    }

    [Test]
    public void Every_typed_columns_member_the_emitter_names_exists()
    {
        var assembly = typeof(SqliteStatement).Assembly;
        var typed = assembly.GetType(Shared.GeneratedCodeNames.TypedColumnsType);
        var writer = assembly.GetType(Shared.GeneratedCodeNames.ColumnWriterType);
        var reader = assembly.GetType(Shared.GeneratedCodeNames.ColumnReaderType);
        Assert.That(new[] { typed, writer, reader }, Has.None.Null);
        Assert.That(typed!.GetMethod(Shared.GeneratedCodeNames.WriteColumns), Is.Not.Null);
        Assert.That(typed.GetMethod(Shared.GeneratedCodeNames.ReadColumns), Is.Not.Null);
        Assert.That(writer!.GetMethod(Shared.GeneratedCodeNames.WriteValue), Is.Not.Null);
        Assert.That(reader!.GetMethod(Shared.GeneratedCodeNames.ReadValue), Is.Not.Null);
        Assert.That(reader.GetMethod(Shared.GeneratedCodeNames.HasColumn), Is.Not.Null);
    }

    [TestCaseSource(nameof(Kinds))]
    public void Every_codec_method_the_emitter_names_exists(string kindName)
    {
        var kind = Enum.Parse<Shared.ColumnKind>(kindName);
        var codec = typeof(SqliteStatement).Assembly.GetType(Shared.GeneratedCodeNames.CodecType);
        Assert.That(codec, Is.Not.Null, Shared.GeneratedCodeNames.CodecType);
        // Reference types (string, byte[], Uri, StringBuilder) are never Nullable<T>; the emitter asks for their plain form only.
        var nullableForms = kind is Shared.ColumnKind.String or Shared.ColumnKind.Blob or Shared.ColumnKind.Uri or Shared.ColumnKind.StringBuilder ? new[] { false } : new[] { false, true };
        foreach (var nullable in nullableForms)
        {
            var read = Shared.GeneratedCodeNames.CodecReadMethod(kind, nullable);
            Assert.That(codec!.GetMethod(read, BindingFlags.Public | BindingFlags.Static), Is.Not.Null, $"BinaryCodec.{read} ({kind}, nullable: {nullable})");
            var write = Shared.GeneratedCodeNames.CodecWriteMethod(kind, nullable);
            Assert.That(codec.GetMethod(write, BindingFlags.Public | BindingFlags.Static), Is.Not.Null, $"BinaryCodec.{write} ({kind}, nullable: {nullable})");
        }
    }

    [Test]
    public void Every_rule_has_a_descriptor_with_its_text_and_a_docs_page()
    {
        var docs = Path.Combine(RepositoryRoot(), "docs", "diagnostics");
        foreach (var rule in Shared.ModelRules.All)
        {
            var descriptor = DiagnosticDescriptors.Get(rule.Id);
            Assert.That(descriptor.MessageFormat.ToString(), Is.EqualTo(rule.MessageFormat), rule.Id);
            Assert.That(descriptor.Title.ToString(), Is.EqualTo(rule.Title), rule.Id);
            Assert.That(File.Exists(Path.Combine(docs, rule.Id + ".md")), Is.True, $"docs/diagnostics/{rule.Id}.md");
            Assert.That(descriptor.HelpLinkUri, Does.EndWith("/docs/diagnostics/" + rule.Id + ".md"));
        }
    }

    [Test]
    public void Runtime_message_is_the_diagnostic_message_with_the_rule_id()
    {
        var message = Shared.ModelRules.SeveralPrimaryKeys.Format("Shop.Item", "A", "B", "0");
        Assert.That(message, Is.EqualTo("Type 'Shop.Item' has several [PrimaryKey] members ('A' and 'B') with the same Order (0); a composite primary key orders its columns by [PrimaryKey(Order = n)] (0 when not given), so give each key member a distinct Order (MDB0002)."));
    }

    private static string RepositoryRoot()
    {
        for (var dir = TestContext.CurrentContext.TestDirectory; dir is not null; dir = Path.GetDirectoryName(dir))
        {
            if (File.Exists(Path.Combine(dir, "MicroDb.sln")))
            {
                return dir;
            }
        }

        throw new InvalidOperationException("MicroDb.sln not found above the test directory.");
    }
}
