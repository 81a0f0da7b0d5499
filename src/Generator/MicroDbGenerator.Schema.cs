using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace MicroDb.Generator;

// The build-time schema check (MDB0012) against microdb.schema.json, and the snapshot the MicroDbUpdateSchema target
// copies there. The rule (what a snapshot holds, what a migration covers, the messages) is src/Shared/SchemaSnapshot.cs.
public sealed partial class MicroDbGenerator
{
    /// <summary>The MSBuild property (true/false) that makes the generator emit the snapshot and skip the check.</summary>
    internal const string UpdateSchemaProperty = "MicroDbUpdateSchema";

    /// <summary>The generated file holding the snapshot while <see cref="UpdateSchemaProperty"/> is true.</summary>
    internal const string SnapshotHintName = "MicroDb.SchemaSnapshot.g.cs";

    /// <summary>The markers around the JSON in <see cref="SnapshotHintName"/>, which the MSBuild target looks for.</summary>
    internal const string SnapshotBegin = "MICRODB-SCHEMA-BEGIN";

    /// <inheritdoc cref="SnapshotBegin"/>
    internal const string SnapshotEnd = "MICRODB-SCHEMA-END";

    private static void RegisterSchemaSnapshot(IncrementalGeneratorInitializationContext context, IncrementalValueProvider<EquatableArray<ModelResult>> all)
    {
        var snapshotFiles = context.AdditionalTextsProvider
            .Where(static text => string.Equals(Path.GetFileName(text.Path), SchemaSnapshot.FileName, StringComparison.OrdinalIgnoreCase))
            .Select(static (text, ct) => new SnapshotFile(text.Path, text.GetText(ct)?.ToString()))
            .Collect()
            .WithTrackingName(TrackingNames.SnapshotFiles);

        var updating = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) =>
                options.GlobalOptions.TryGetValue("build_property." + UpdateSchemaProperty, out var value)
                && string.Equals(value.Trim(), "true", StringComparison.OrdinalIgnoreCase))
            .WithTrackingName(TrackingNames.UpdateSchema);

        var drift = all.Combine(snapshotFiles).Combine(updating)
            .Select(static (pair, ct) => pair.Right ? EquatableArray<DiagnosticInfo>.Empty : CheckSnapshot(pair.Left.Left, pair.Left.Right, ct))
            .WithTrackingName(TrackingNames.SchemaDrift);

        // Reported at a location in the class's own syntax tree (not a file path and span), so that #pragma warning
        // disable MDB0012 around the class applies; the compilation is only searched when there is something to report.
        context.RegisterSourceOutput(drift.Combine(context.CompilationProvider), static (spc, pair) =>
        {
            foreach (var diagnostic in pair.Left)
            {
                if (ToDiagnostic(diagnostic, FallbackPolicy.Warn, pair.Right.SyntaxTrees) is { } reported)
                {
                    spc.ReportDiagnostic(reported);
                }
            }
        });

        var snapshotJson = all.Combine(updating)
            .Select(static (pair, _) => pair.Right ? SchemaSnapshot.ToJson(pair.Left.Where(r => r.Model is not null).Select(r => ToSnapshot(r.Model!, r.Schema))) : null)
            .WithTrackingName(TrackingNames.SnapshotJson);

        context.RegisterSourceOutput(snapshotJson, static (spc, json) =>
        {
            if (json is not null)
            {
                spc.AddSource(SnapshotHintName, SourceText.From(EmitSnapshot(json), System.Text.Encoding.UTF8));
            }
        });
    }

    /// <summary>MDB0012 for each model whose snapshot entry differs in a way no migration covers; models the snapshot lacks are new tables.</summary>
    private static EquatableArray<DiagnosticInfo> CheckSnapshot(EquatableArray<ModelResult> results, ImmutableArray<SnapshotFile> files, CancellationToken cancellationToken)
    {
        if (files.IsDefaultOrEmpty)
        {
            return EquatableArray<DiagnosticInfo>.Empty;
        }

        var file = files.OrderBy(f => f.Path, StringComparer.Ordinal).First();
        if (file.Text is null)
        {
            return EquatableArray<DiagnosticInfo>.Empty;
        }

        Dictionary<string, SnapshotTable> snapshot;
        try
        {
            snapshot = SchemaSnapshot.Parse(file.Text)
                .GroupBy(t => t.Model, StringComparer.Ordinal)
                .ToDictionary(g => g.Key, g => g.First(), StringComparer.Ordinal);
        }
        catch (FormatException e)
        {
            var at = new LocationInfo(file.Path, 0, 0, 0, 0, 0, 0);
            return new EquatableArray<DiagnosticInfo>(new[] { Drift(at, SchemaSnapshot.UnreadableMessage(e.Message)) });
        }

        var diagnostics = new List<DiagnosticInfo>();
        foreach (var result in results)
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (result.Model is not { } model || !snapshot.TryGetValue(model.MetadataName, out var recorded))
            {
                continue;
            }

            var current = ToSnapshot(model, result.Schema);
            var differences = SchemaSnapshot.Compare(recorded, current);
            if (differences.Count > 0)
            {
                diagnostics.Add(Drift(result.Schema?.Location, SchemaSnapshot.DriftMessage(current, differences)));
            }
        }

        return new EquatableArray<DiagnosticInfo>(diagnostics);
    }

    private static DiagnosticInfo Drift(LocationInfo? location, string message) =>
        new(ModelRules.Ids.SchemaDrift, location, new EquatableArray<string>(new[] { message }));

    private static SnapshotTable ToSnapshot(EntityModel model, SchemaFacts? schema)
    {
        var renames = (schema?.ColumnRenames ?? EquatableArray<ColumnRename>.Empty)
            .GroupBy(r => r.ColumnName, StringComparer.OrdinalIgnoreCase)
            .ToDictionary(g => g.Key, g => g.Select(r => r.OldName).ToArray(), StringComparer.OrdinalIgnoreCase);
        return SchemaSnapshot.FromModel(
            model.MetadataName,
            model.TableName,
            SqlText.Facts(model),
            SchemaSnapshot.GroupIndexes(model.TableName, model.Indexes.Select(i => (i.ColumnName, i.IndexName, i.Order, i.IsUnique))),
            (schema?.TableRenamedFrom ?? EquatableArray<string>.Empty).ToArray(),
            renames);
    }

    /// <summary>The generated file: the JSON between markers inside <c>#if false</c>, so it compiles to nothing.</summary>
    private static string EmitSnapshot(string json) =>
        "// <auto-generated/>\n"
        + "// MicroDb schema snapshot of this project's models, emitted because " + UpdateSchemaProperty + "=true. The\n"
        + "// MicroDbUpdateSchema target copies the JSON between the markers to " + SchemaSnapshot.FileName + ".\n"
        + "#if false\n"
        + SnapshotBegin + "\n"
        + json
        + SnapshotEnd + "\n"
        + "#endif\n";

    /// <summary>An AdditionalFile named microdb.schema.json, as equatable data.</summary>
    private sealed record SnapshotFile(string Path, string? Text);
}
