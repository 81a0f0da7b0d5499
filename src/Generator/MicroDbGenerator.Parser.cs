using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>
    /// Turns symbols into <see cref="EntityModel"/>s and diagnostics. Symbol walking is here; the rules and their
    /// messages are shared with the runtime (src/Shared/ModelRules.cs). Split by concern: this file reads the type,
    /// .Columns reads members, .Rules checks the model, .Symbols holds the symbol helpers.
    /// </summary>
    private sealed partial class Parser
    {
        private static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        private static readonly SymbolDisplayFormat PlainTypeFormat = SymbolDisplayFormat.FullyQualifiedFormat;

        private readonly Compilation _compilation;
        private readonly List<DiagnosticInfo> _diagnostics = new();
        private readonly CancellationToken _cancellationToken;
        private readonly List<ColumnRename> _columnRenames = new();
        private string[] _tableRenames = Array.Empty<string>();
        private LocationInfo? _schemaLocation;

        private Parser(Compilation compilation, CancellationToken cancellationToken)
        {
            _compilation = compilation;
            _cancellationToken = cancellationToken;
        }

        /// <summary>A class marked [Table].</summary>
        public static ModelResult ParseTable(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var parser = new Parser(context.SemanticModel.Compilation, cancellationToken);
            var type = (INamedTypeSymbol)context.TargetSymbol;
            var lenient = !AttributeFamilies(type).SawMicroDb;
            if (lenient && type.IsAbstract && type.TypeKind == TypeKind.Class)
            {
                // A sqlite-net [Table] on an abstract base class: sqlite-net maps only the concrete classes used (which
                // inherit the attribute and are found where they are used), so this is no model and no warning.
                return new ModelResult(null, EquatableArray<DiagnosticInfo>.Empty, MetadataNameOf(type));
            }

            var location = type.Locations.FirstOrDefault();
            var model = parser.ParseType(type, tableNameOverride: null, location);

            // A [SQLite.Table] model with no MicroDb attribute is sqlite-net's, which would accept it: no build error.
            return parser.Result(model, type, lenient);
        }

        /// <summary>The [assembly: MicroDbMap(typeof(X))] attributes of one file.</summary>
        public static ImmutableArray<ModelResult> ParseMapAttributes(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
        {
            var results = ImmutableArray.CreateBuilder<ModelResult>();
            foreach (var attribute in context.Attributes)
            {
                // The attributes of the whole assembly come with each file that declares one; keep this file's.
                var syntax = attribute.ApplicationSyntaxReference;
                if (syntax is null || syntax.SyntaxTree != context.TargetNode.SyntaxTree)
                {
                    continue;
                }

                if (attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Value is not INamedTypeSymbol type || type.TypeKind == TypeKind.Error)
                {
                    continue;
                }

                var tableName = NamedString(attribute, "TableName");
                var compilation = context.SemanticModel.Compilation;
                if (!type.Locations.Any(l => l.IsInSource))
                {
                    // A type from another assembly: by default Roslyn does not import its non-public members, so a
                    // private setter or constructor would look absent. Look at it through a compilation that imports
                    // everything (only for these types, and only when this attribute's file changes).
                    compilation = compilation.WithOptions(compilation.Options.WithMetadataImportOptions(MetadataImportOptions.All));
                    type = compilation.GetTypeByMetadataName(MetadataNameOf(type)) ?? type;
                }

                var parser = new Parser(compilation, cancellationToken);
                var location = syntax.GetSyntax(cancellationToken).GetLocation();
                var model = parser.ParseType(type, tableName, location);
                results.Add(parser.Result(model, type, lenient: false));
            }

            return results.ToImmutable();
        }

        /// <summary>
        /// The types found at call sites, each parsed once: MicroDb was not explicitly asked for them, so their errors
        /// become MDB0011 warnings (lenient). Findings that are diagnostics already pass through, keyed by their type.
        /// </summary>
        public static EquatableArray<ModelResult> ParseCallSites(ImmutableArray<EquatableArray<CallSiteFinding>> findings, EquatableArray<string> explicitKeys, Compilation compilation, CancellationToken cancellationToken)
        {
            var results = new List<ModelResult>();

            // Types requested explicitly are parsed by their own step, and that result wins: not parsed again here.
            var parsed = new HashSet<string>(explicitKeys, StringComparer.Ordinal);

            // A type used through sqlite-net's API anywhere follows sqlite-net's member rule unless it carries a
            // MicroDb attribute, even where it is also used through MicroDb's connection: one type, one map.
            var sqliteNetUses = new HashSet<string>(
                findings.SelectMany(f => f).Where(f => f.SqliteNetReceiver && f.MetadataName is not null).Select(f => f.MetadataName!),
                StringComparer.Ordinal);
            foreach (var finding in findings.SelectMany(f => f))
            {
                cancellationToken.ThrowIfCancellationRequested();
                if (finding.Diagnostic is { } diagnostic)
                {
                    results.Add(new ModelResult(null, new EquatableArray<DiagnosticInfo>(new[] { diagnostic }), finding.MetadataName));
                    continue;
                }

                if (finding.MetadataName is not { } name || !parsed.Add(name) || compilation.Assembly.GetTypeByMetadataName(name) is not { } type)
                {
                    continue;
                }

                var parser = new Parser(compilation, cancellationToken);
                var model = parser.ParseType(type, tableNameOverride: null, type.Locations.FirstOrDefault(), sqliteNetUses.Contains(name));
                results.Add(parser.Result(model, type, lenient: true));
            }

            return new EquatableArray<ModelResult>(results);
        }

        private EntityModel? ParseType(INamedTypeSymbol type, string? tableNameOverride, Location? requestLocation, bool sqliteNetApi = false)
        {
            var display = type.ToDisplayString();
            var typeLocation = type.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;
            if (!CheckTypeShape(type, display, typeLocation))
            {
                return null;
            }

            var (tableName, withoutRowId) = TableOf(type, tableNameOverride);
            _schemaLocation = ToInfo(typeLocation);
            _tableRenames = TableRenamedFrom(type) is { Length: > 0 } oldTable ? [oldTable] : [];
            var (sawMicroDb, sawSqliteNet) = AttributeFamilies(type);
            var candidates = CollectCandidates(type, display, AttributeNames.FollowsSqliteNetMemberRule(sawMicroDb, sawSqliteNet, sqliteNetApi));
            var constructor = ChooseConstructor(type, display, candidates, typeLocation);
            if (constructor is null)
            {
                return null;
            }

            var setsRequired = constructor.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");

            // A parameterless constructor the generated code cannot call directly is reached through [UnsafeAccessor];
            // no object initializer applies then, so init-only and required members are set through their setters.
            var unsafeConstructor = constructor.Parameters.Length == 0 && !IsAccessible(constructor);

            var columns = new List<ColumnModel>();
            var indexes = new List<IndexModel>();
            var hasError = false;
            string? backingField = null;
            foreach (var candidate in candidates)
            {
                _cancellationToken.ThrowIfCancellationRequested();
                var column = ParseColumn(candidate, constructor, display, setsRequired || unsafeConstructor, unsafeConstructor, requestLocation, ref backingField);
                if (column is null)
                {
                    hasError = true;
                    continue;
                }

                columns.Add(column);
                indexes.AddRange(IndexesOf(candidate, column.ColumnName));
                if (column.RenamedFrom is { Length: > 0 } oldColumn)
                {
                    _columnRenames.Add(new ColumnRename(column.ColumnName, oldColumn));
                }
            }

            if (!setsRequired && !unsafeConstructor)
            {
                hasError |= !CheckRequiredMembers(type, display, columns, typeLocation);
            }

            hasError |= !CheckTableRules(display, tableName, columns, withoutRowId, typeLocation, candidates, requestLocation);
            var renamedFrom = TableRenamedFrom(type);
            if (renamedFrom is not null && string.IsNullOrWhiteSpace(renamedFrom))
            {
                Report(ModelRules.InvalidTable, typeLocation, display, ModelRules.Reasons.EmptyTableRenamedFrom);
                hasError = true;
            }

            if (hasError)
            {
                return null;
            }

            var usesConstructor = constructor.Parameters.Length > 0 || columns.Any(c => c.Write == WriteAccess.Initializer);
            var mapNamespace = type.ContainingNamespace.IsGlobalNamespace ? "MicroDb.Generated" : "MicroDb.Generated." + type.ContainingNamespace.ToDisplayString();
            var mapName = string.Join("_", ContainingTypes(type).Select(t => t.Name)) + "Map";
            return new EntityModel(
                TypeName: type.ToDisplayString(PlainTypeFormat),
                MetadataName: MetadataNameOf(type),
                MapNamespace: mapNamespace,
                MapName: mapName,
                HintName: mapNamespace + "." + mapName + ".g.cs",
                TableName: tableName,
                WithoutRowId: withoutRowId,
                UsesConstructor: usesConstructor,
                BackingFieldName: backingField,
                UsesUnsafeConstructor: unsafeConstructor,
                Columns: new EquatableArray<ColumnModel>(columns),
                Indexes: new EquatableArray<IndexModel>(indexes),
                RenamedFrom: renamedFrom);
        }

        /// <summary>
        /// The parse result. For a model MicroDb was not explicitly asked to map (<paramref name="lenient"/>), each
        /// error becomes an MDB0011 warning that embeds it: the type gets no generated map and falls back to reflection.
        /// </summary>
        private ModelResult Result(EntityModel? model, INamedTypeSymbol type, bool lenient)
        {
            var key = MetadataNameOf(type);
            if (!lenient || model is not null)
            {
                var schema = model is null ? null : new SchemaFacts(new EquatableArray<string>(_tableRenames), new EquatableArray<ColumnRename>(_columnRenames), _schemaLocation);
                return new ModelResult(model, new EquatableArray<DiagnosticInfo>(_diagnostics), key, schema);
            }

            var display = type.ToDisplayString();
            var diagnostics = new List<DiagnosticInfo>();
            foreach (var diagnostic in _diagnostics)
            {
                if (DiagnosticDescriptors.Get(diagnostic.Id).DefaultSeverity != DiagnosticSeverity.Error)
                {
                    diagnostics.Add(diagnostic);
                    continue;
                }

                var rule = ModelRules.All.First(r => r.Id == diagnostic.Id);
                var reason = string.Format(System.Globalization.CultureInfo.InvariantCulture, rule.MessageFormat, diagnostic.MessageArgs.ToArray()) + " (" + rule.Id + ")";
                var fix = rule.Id == ModelRules.Ids.InaccessibleType ? ModelRules.Reasons.FallbackFixAccess : ModelRules.Reasons.FallbackFixModel;
                // Only an inaccessible type (MDB0005) maps on the reflection path as it is; a broken rule fails there too.
                diagnostics.Add(new DiagnosticInfo(ModelRules.Ids.ReflectionFallback, diagnostic.Location, new EquatableArray<string>(new[] { display, reason, fix }), WorksOnReflection: rule.Id == ModelRules.Ids.InaccessibleType));
            }

            return new ModelResult(null, new EquatableArray<DiagnosticInfo>(diagnostics), key);
        }

        /// <summary>The previous table name from MicroDb's [RenamedFrom] on the class itself (not inherited), or null.</summary>
        private static string? TableRenamedFrom(INamedTypeSymbol type) =>
            type.GetAttributes().FirstOrDefault(a => IsAttribute(a, AttributeNames.RenamedFrom)) is { ConstructorArguments.Length: 1 } renamed
                ? renamed.ConstructorArguments[0].Value as string
                : null;

        /// <summary>Table name and WITHOUT ROWID from [Table]; [assembly: MicroDbMap(TableName = ...)] overrides the name.</summary>
        private static (string Name, bool WithoutRowId) TableOf(INamedTypeSymbol type, string? tableNameOverride)
        {
            // [Table] is inherited (both families): the nearest declaration up the base classes, as the reflection path reads it.
            AttributeData? tableAttribute = null;
            for (var t = type; t is not null && tableAttribute is null; t = t.BaseType)
            {
                tableAttribute = t.GetAttributes().FirstOrDefault(a => IsAttribute(a, AttributeNames.Table));
            }

            var tableName = tableNameOverride;
            var withoutRowId = false;
            if (tableAttribute is not null)
            {
                if (tableName is null && tableAttribute.ConstructorArguments.Length == 1)
                {
                    tableName = tableAttribute.ConstructorArguments[0].Value as string;
                }

                tableName ??= NamedString(tableAttribute, AttributeNames.TableNameProperty);
                if (tableName is { Length: 0 })
                {
                    tableName = null;
                }

                withoutRowId = tableAttribute.NamedArguments.Any(a => a.Key == AttributeNames.WithoutRowIdProperty && a.Value.Value is true);
            }

            return (tableName ?? type.Name, withoutRowId);
        }
    }
}
