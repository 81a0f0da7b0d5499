using System;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

// Whether generated maps implement ITypedColumns<T> (the provider-neutral typed contract MicroDb.Npgsql binds and reads
// through). Two methods per map cost about a sixth of a 300-model app's build CPU (docs/benchmarks.md, "Build cost"),
// so they are emitted only for an assembly that needs them: MicroDbTypedColumns=auto (default) when it references
// MicroDb.Npgsql; true always; false never. SQLite maps never use them.
public sealed partial class MicroDbGenerator
{
    internal const string TypedColumnsProperty = "MicroDbTypedColumns";

    private const string TypedColumnsProvider = "MicroDb.Npgsql";

    private static IncrementalValueProvider<bool> RegisterTypedColumnsUse(IncrementalGeneratorInitializationContext context)
    {
        var referenced = context.CompilationProvider
            .Select(static (compilation, _) => compilation.ReferencedAssemblyNames.Any(static a => a.Name == TypedColumnsProvider));
        var property = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => options.GlobalOptions.TryGetValue("build_property." + TypedColumnsProperty, out var value) ? value.Trim() : string.Empty);
        return referenced.Combine(property)
            .Select(static (pair, _) => string.Equals(pair.Right, "true", StringComparison.OrdinalIgnoreCase)
                || (!string.Equals(pair.Right, "false", StringComparison.OrdinalIgnoreCase) && pair.Left));
    }
}
