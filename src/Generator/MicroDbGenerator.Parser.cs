using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using MicroDb.Generator.Model;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    /// <summary>Turns symbols into <see cref="EntityModel"/>s and diagnostics. Runs the same model rules as Core's TableMapping.</summary>
    private sealed class Parser
    {
        private const string AttributeNamespace = "MicroDb";

        private static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat
            .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

        private static readonly SymbolDisplayFormat PlainTypeFormat = SymbolDisplayFormat.FullyQualifiedFormat;

        private readonly Compilation _compilation;
        private readonly List<DiagnosticInfo> _diagnostics = new();
        private readonly CancellationToken _cancellationToken;

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
            var location = type.Locations.FirstOrDefault();
            var model = parser.ParseType(type, tableNameOverride: null, location);
            return new ModelResult(model, new EquatableArray<DiagnosticInfo>(parser._diagnostics));
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
                results.Add(new ModelResult(model, new EquatableArray<DiagnosticInfo>(parser._diagnostics)));
            }

            return results.ToImmutable();
        }

        private EntityModel? ParseType(INamedTypeSymbol type, string? tableNameOverride, Location? requestLocation)
        {
            var display = type.ToDisplayString();
            var typeLocation = type.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;

            if (!CheckTypeShape(type, display, typeLocation))
            {
                return null;
            }

            // Table name and WITHOUT ROWID come from [Table]; [assembly: MicroDbMap(TableName = ...)] overrides the name.
            var tableAttribute = type.GetAttributes().FirstOrDefault(a => IsAttribute(a, "TableAttribute"));
            var tableName = tableNameOverride;
            var withoutRowId = false;
            if (tableAttribute is not null)
            {
                if (tableName is null && tableAttribute.ConstructorArguments.Length == 1)
                {
                    tableName = tableAttribute.ConstructorArguments[0].Value as string;
                }

                tableName ??= NamedString(tableAttribute, "Name");
                if (tableName is { Length: 0 })
                {
                    tableName = null;
                }
                withoutRowId = tableAttribute.NamedArguments.Any(a => a.Key == "WithoutRowId" && a.Value.Value is true);
            }

            tableName ??= type.Name;
            if (string.IsNullOrWhiteSpace(tableName))
            {
                Report(DiagnosticDescriptors.InvalidTable, typeLocation, display, "its table name is empty");
                return null;
            }

            var candidates = CollectCandidates(type, display);
            var constructor = ChooseConstructor(type, display, candidates, typeLocation);
            if (constructor is null)
            {
                return null;
            }

            var columns = new List<ColumnModel>();
            var indexes = new List<IndexModel>();
            var hasError = false;
            string? backingField = null;
            var setsRequired = constructor.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");

            // A parameterless constructor the generated code cannot call directly is reached through [UnsafeAccessor];
            // no object initializer applies then, so init-only and required members are set through their setters.
            var unsafeConstructor = constructor.Parameters.Length == 0 && !IsAccessible(constructor);

            foreach (var candidate in candidates)
            {
                _cancellationToken.ThrowIfCancellationRequested();
                var property = candidate.Property;
                var parameterIndex = IndexOfParameter(constructor, property);
                var write = WriteAccessOf(property, parameterIndex, setsRequired || unsafeConstructor, unsafeConstructor);
                var memberLocation = property.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;
                var kind = StorageKindOf(property, candidate.Attribute("StoreAsTextAttribute") is not null, out var valueType, out var isNullableValueType);
                if (kind is null)
                {
                    Report(DiagnosticDescriptors.UnsupportedMemberType, memberLocation, property.Name, display, property.Type.ToDisplayString());
                    hasError = true;
                    continue;
                }

                if (valueType.TypeKind == TypeKind.Enum && !IsAccessible(valueType))
                {
                    Report(DiagnosticDescriptors.InaccessibleType, memberLocation, valueType.ToDisplayString(), "not accessible (used by member '" + property.Name + "')");
                    hasError = true;
                    continue;
                }

                var columnName = NamedOrFirstString(candidate.Attribute("ColumnAttribute")) ?? property.Name;
                if (columnName.Length == 0)
                {
                    Report(DiagnosticDescriptors.InvalidTable, memberLocation, display, "member '" + property.Name + "' has an empty [Column] name");
                    hasError = true;
                    continue;
                }

                var isPrimaryKey = candidate.Attribute("PrimaryKeyAttribute") is not null;
                var isAutoIncrement = candidate.Attribute("AutoIncrementAttribute") is not null;
                var maxLength = candidate.Attribute("MaxLengthAttribute") is { ConstructorArguments.Length: 1 } ml ? ml.ConstructorArguments[0].Value as int? : null;
                var collation = candidate.Attribute("CollationAttribute") is { ConstructorArguments.Length: 1 } co ? co.ConstructorArguments[0].Value as string : null;
                var isNullable = isNullableValueType || property.Type.IsReferenceType;

                var keyWriteBack = KeyWriteBack.None;
                if (isAutoIncrement && isPrimaryKey && IsInteger(kind.Value))
                {
                    keyWriteBack = write switch
                    {
                        WriteAccess.Setter => KeyWriteBack.Setter,
                        WriteAccess.UnsafeSetter => KeyWriteBack.UnsafeSetter,
                        WriteAccess.Initializer when property.SetMethod is not null => KeyWriteBack.UnsafeSetter,
                        _ => KeyWriteBack.None,
                    };

                    if (keyWriteBack == KeyWriteBack.None)
                    {
                        backingField = BackingFieldOf(property);
                        if (backingField is null)
                        {
                            Report(DiagnosticDescriptors.InvalidAutoIncrement, memberLocation, property.Name, display, "it has no setter or backing field to write the new key back to");
                            hasError = true;
                        }
                        else
                        {
                            keyWriteBack = KeyWriteBack.UnsafeBackingField;
                        }
                    }
                }

                columns.Add(new ColumnModel(
                    MemberName: property.Name,
                    ColumnName: columnName,
                    Kind: kind.Value,
                    IsNullable: isNullable,
                    IsNullableValueType: isNullableValueType,
                    IsReferenceNotAnnotated: property.Type.IsReferenceType && property.NullableAnnotation != NullableAnnotation.Annotated,
                    TypeName: property.Type.ToDisplayString(TypeFormat),
                    ValueTypeName: valueType.ToDisplayString(PlainTypeFormat),
                    DeclaringTypeName: property.ContainingType.ToDisplayString(PlainTypeFormat),
                    ClrTypeName: ClrTypeNameOf(valueType, isNullableValueType),
                    Write: write,
                    ConstructorParameterIndex: parameterIndex,
                    IsPrimaryKey: isPrimaryKey,
                    IsAutoIncrement: isAutoIncrement,
                    IsNotNull: candidate.Attribute("NotNullAttribute") is not null,
                    MaxLength: maxLength,
                    Collation: collation,
                    KeyWriteBack: keyWriteBack));

                foreach (var attribute in candidate.Attributes.Where(IsIndexAttribute))
                {
                    var indexName = attribute.ConstructorArguments.Length == 2 ? attribute.ConstructorArguments[0].Value as string : null;
                    var order = attribute.ConstructorArguments.Length == 2 && attribute.ConstructorArguments[1].Value is int o ? o : 0;
                    foreach (var named in attribute.NamedArguments)
                    {
                        if (named.Key == "Name")
                        {
                            indexName = named.Value.Value as string;
                        }
                        else if (named.Key == "Order" && named.Value.Value is int no)
                        {
                            order = no;
                        }
                    }

                    var unique = attribute.AttributeClass?.Name == "UniqueAttribute"
                        || attribute.NamedArguments.Any(a => a.Key == "Unique" && a.Value.Value is true);
                    indexes.Add(new IndexModel(columnName, indexName, order, unique));
                }
            }

            // Required members the constructor does not set must be in the object initializer, so must be mapped.
            if (!setsRequired && !unsafeConstructor)
            {
                foreach (var member in AllMembers(type).Where(m => m is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }))
                {
                    if (!columns.Any(c => c.MemberName == member.Name))
                    {
                        Report(DiagnosticDescriptors.NoUsableConstructor, member.Locations.FirstOrDefault(l => l.IsInSource) ?? typeLocation, display, "required member '" + member.Name + "' is not a mapped column");
                        hasError = true;
                    }
                }
            }

            hasError |= !CheckTableRules(display, columns, withoutRowId, typeLocation, candidates, requestLocation);
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
                TableName: tableName!,
                WithoutRowId: withoutRowId,
                UsesConstructor: usesConstructor,
                BackingFieldName: backingField,
                UsesUnsafeConstructor: unsafeConstructor,
                Columns: new EquatableArray<ColumnModel>(columns),
                Indexes: new EquatableArray<IndexModel>(indexes));
        }

        private bool CheckTypeShape(INamedTypeSymbol type, string display, Location? location)
        {
            for (var t = type; t is not null; t = t.ContainingType)
            {
                if (t.TypeParameters.Length > 0 || t.IsUnboundGenericType)
                {
                    Report(DiagnosticDescriptors.UnsupportedModel, location, display, SymbolEqualityComparer.Default.Equals(t, type) ? "it is generic" : "it is nested in the generic type '" + t.ToDisplayString() + "'");
                    return false;
                }
            }

            if (type.TypeKind != TypeKind.Class)
            {
                Report(DiagnosticDescriptors.UnsupportedModel, location, display, "it is a " + type.TypeKind.ToString().ToLowerInvariant() + ", not a class");
                return false;
            }

            if (type.IsStatic || type.IsAbstract)
            {
                Report(DiagnosticDescriptors.UnsupportedModel, location, display, type.IsStatic ? "it is static" : "it is abstract");
                return false;
            }

            for (var t = type; t is not null; t = t.ContainingType)
            {
                if (t.IsFileLocal)
                {
                    Report(DiagnosticDescriptors.InaccessibleType, location, display, "file-local");
                    return false;
                }

                if (t.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal)
                {
                    var what = SymbolEqualityComparer.Default.Equals(t, type) ? "declared " : "nested in '" + t.ToDisplayString() + "', which is ";
                    Report(DiagnosticDescriptors.InaccessibleType, location, display, what + AccessibilityText(t.DeclaredAccessibility));
                    return false;
                }
            }

            if (!IsAccessible(type))
            {
                Report(DiagnosticDescriptors.InaccessibleType, location, display, "not accessible from this assembly");
                return false;
            }

            return true;
        }

        private bool CheckTableRules(string display, List<ColumnModel> columns, bool withoutRowId, Location? typeLocation, List<Candidate> candidates, Location? requestLocation)
        {
            Location? LocationOf(ColumnModel column) =>
                candidates.FirstOrDefault(c => c.Property.Name == column.MemberName)?.Property.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;

            var ok = true;
            var byName = new Dictionary<string, ColumnModel>(StringComparer.OrdinalIgnoreCase);
            ColumnModel? key = null;
            foreach (var column in columns)
            {
                if (byName.TryGetValue(column.ColumnName, out var other))
                {
                    Report(DiagnosticDescriptors.DuplicateColumn, LocationOf(column), other.MemberName, column.MemberName, display, column.ColumnName);
                    ok = false;
                }
                else
                {
                    byName.Add(column.ColumnName, column);
                }

                if (column.IsPrimaryKey)
                {
                    if (key is not null)
                    {
                        Report(DiagnosticDescriptors.SeveralPrimaryKeys, LocationOf(column), display, key.MemberName, column.MemberName);
                        ok = false;
                    }
                    else
                    {
                        key = column;
                    }
                }

                if (column.IsAutoIncrement)
                {
                    if (!column.IsPrimaryKey)
                    {
                        Report(DiagnosticDescriptors.InvalidAutoIncrement, LocationOf(column), column.MemberName, display, "it is not the [PrimaryKey]");
                        ok = false;
                    }
                    else if (!IsInteger(column.Kind))
                    {
                        Report(DiagnosticDescriptors.InvalidAutoIncrement, LocationOf(column), column.MemberName, display, "its type '" + column.ClrTypeName + "' is not an integer");
                        ok = false;
                    }
                }
            }

            if (columns.Count == 0 && candidates.Count == 0)
            {
                Report(DiagnosticDescriptors.InvalidTable, typeLocation, display, "it has no mapped members (public properties with a getter and a setter, init accessor or constructor parameter)");
                ok = false;
            }

            if (withoutRowId && key is null)
            {
                Report(DiagnosticDescriptors.InvalidTable, typeLocation, display, "it is WITHOUT ROWID but has no [PrimaryKey]");
                ok = false;
            }
            else if (withoutRowId && key is { IsAutoIncrement: true })
            {
                Report(DiagnosticDescriptors.InvalidTable, typeLocation, display, "it is WITHOUT ROWID, which cannot have an [AutoIncrement] key ('" + key.MemberName + "')");
                ok = false;
            }

            return ok;
        }

        private List<Candidate> CollectCandidates(INamedTypeSymbol type, string display)
        {
            // Like the reflection path: public instance properties with a public getter, base-class members first,
            // declaration order within each class; an override stands at the level of the class that declares it.
            var levels = new List<List<IPropertySymbol>>();
            var seen = new HashSet<string>(StringComparer.Ordinal);
            for (var t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
            {
                var level = new List<IPropertySymbol>();
                foreach (var property in t.GetMembers().OfType<IPropertySymbol>())
                {
                    if (property.IsStatic || property.IsIndexer || property.DeclaredAccessibility != Accessibility.Public
                        || property.GetMethod is not { DeclaredAccessibility: Accessibility.Public } || !seen.Add(property.Name))
                    {
                        continue;
                    }

                    level.Add(property);
                }

                levels.Insert(0, level);
            }

            var result = new List<Candidate>();
            foreach (var property in levels.SelectMany(l => l))
            {
                var attributes = InheritedAttributes(property);
                var candidate = new Candidate(property, attributes);
                if (candidate.Attribute("IgnoreAttribute") is not null)
                {
                    var conflicts = attributes.Where(a => a.AttributeClass!.Name != "IgnoreAttribute")
                        .Select(a => "[" + TrimAttribute(a.AttributeClass!.Name) + "]")
                        .Distinct()
                        .ToArray();
                    if (conflicts.Length > 0)
                    {
                        Report(DiagnosticDescriptors.IgnoreConflict, property.Locations.FirstOrDefault(l => l.IsInSource), property.Name, display, string.Join(", ", conflicts));
                    }

                    continue;
                }

                result.Add(candidate);
            }

            return result;
        }

        /// <summary>MicroDb attributes of a property and of the properties it overrides (the attributes are Inherited = true).</summary>
        private static ImmutableArray<AttributeData> InheritedAttributes(IPropertySymbol property)
        {
            var result = ImmutableArray.CreateBuilder<AttributeData>();
            var single = new HashSet<string>(StringComparer.Ordinal);
            for (var p = property; p is not null; p = p.OverriddenProperty)
            {
                foreach (var attribute in p.GetAttributes())
                {
                    if (attribute.AttributeClass?.ContainingNamespace?.ToDisplayString() != AttributeNamespace)
                    {
                        continue;
                    }

                    // Repeatable index attributes accumulate; the others are taken from the most derived declaration.
                    if (IsIndexAttribute(attribute) || single.Add(attribute.AttributeClass.Name))
                    {
                        result.Add(attribute);
                    }
                }
            }

            return result.ToImmutable();
        }

        /// <summary>
        /// The same choice as the reflection path: a parameterless constructor (of any accessibility) when every mapped
        /// member has a setter, else the widest public constructor whose parameters all match mapped members by name
        /// (case-insensitive) and type and that covers every member without a setter.
        /// </summary>
        private IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, string display, List<Candidate> candidates, Location? location)
        {
            var parameterless = type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
            if (parameterless is not null && candidates.All(c => c.Property.SetMethod is not null))
            {
                return parameterless;
            }

            foreach (var constructor in type.InstanceConstructors
                .Where(c => c.DeclaredAccessibility == Accessibility.Public && c.Parameters.Length > 0)
                .OrderByDescending(c => c.Parameters.Length))
            {
                var matched = constructor.Parameters.Select(p => candidates.FindIndex(c => Matches(c.Property, p))).ToList();
                if (matched.All(i => i >= 0) && candidates.Select((c, i) => (c, i)).All(x => x.c.Property.SetMethod is not null || matched.Contains(x.i)))
                {
                    return constructor;
                }
            }

            if (parameterless is not null)
            {
                var readOnly = candidates.Where(c => c.Property.SetMethod is null).ToList();
                var names = string.Join(", ", readOnly.Select(c => "'" + c.Property.Name + "'"));
                Report(DiagnosticDescriptors.NoUsableConstructor, readOnly[0].Property.Locations.FirstOrDefault(l => l.IsInSource) ?? location, display,
                    "member(s) " + names + " have no setter and no constructor parameter; add a setter (private is fine), a constructor that takes them, or mark them [Ignore]");
            }
            else
            {
                Report(DiagnosticDescriptors.NoUsableConstructor, location, display,
                    "add a parameterless constructor, or a public one whose parameters match mapped members by name and type");
            }

            return null;
        }

        private WriteAccess WriteAccessOf(IPropertySymbol property, int parameterIndex, bool requiredHandled, bool unsafeConstructor)
        {
            if (parameterIndex >= 0)
            {
                return WriteAccess.Constructor;
            }

            // The constructor choice guarantees a setter here.
            var setter = property.SetMethod!;
            var accessible = IsAccessible(setter);
            if (property.IsRequired && !requiredHandled)
            {
                return WriteAccess.Initializer;
            }

            if (setter.IsInitOnly)
            {
                return accessible && !unsafeConstructor ? WriteAccess.Initializer : WriteAccess.UnsafeSetter;
            }

            return accessible ? WriteAccess.Setter : WriteAccess.UnsafeSetter;
        }

        private static int IndexOfParameter(IMethodSymbol constructor, IPropertySymbol property)
        {
            for (var i = 0; i < constructor.Parameters.Length; i++)
            {
                if (Matches(property, constructor.Parameters[i]))
                {
                    return i;
                }
            }

            return -1;
        }

        private static bool Matches(IPropertySymbol property, IParameterSymbol parameter) =>
            string.Equals(property.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
            && SymbolEqualityComparer.Default.Equals(property.Type, parameter.Type);

        private static string? BackingFieldOf(IPropertySymbol property) =>
            property.ContainingType.GetMembers().OfType<IFieldSymbol>()
                .FirstOrDefault(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property))?.Name;

        private static StorageKind? StorageKindOf(IPropertySymbol property, bool storeAsText, out ITypeSymbol valueType, out bool isNullableValueType)
        {
            valueType = property.Type;
            isNullableValueType = false;
            if (valueType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
            {
                valueType = nullable.TypeArguments[0];
                isNullableValueType = true;
            }

            switch (valueType.SpecialType)
            {
                case SpecialType.System_Boolean: return StorageKind.Boolean;
                case SpecialType.System_Byte: return StorageKind.Byte;
                case SpecialType.System_SByte: return StorageKind.SByte;
                case SpecialType.System_Int16: return StorageKind.Int16;
                case SpecialType.System_UInt16: return StorageKind.UInt16;
                case SpecialType.System_Int32: return StorageKind.Int32;
                case SpecialType.System_UInt32: return StorageKind.UInt32;
                case SpecialType.System_Int64: return StorageKind.Int64;
                case SpecialType.System_UInt64: return StorageKind.UInt64;
                case SpecialType.System_Single: return StorageKind.Single;
                case SpecialType.System_Double: return StorageKind.Double;
                case SpecialType.System_Decimal: return StorageKind.Decimal;
                case SpecialType.System_Char: return StorageKind.Char;
                case SpecialType.System_String: return StorageKind.String;
                case SpecialType.System_DateTime: return storeAsText ? StorageKind.DateTimeText : StorageKind.DateTime;
            }

            if (valueType is IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte })
            {
                return StorageKind.Blob;
            }

            if (valueType.TypeKind == TypeKind.Enum)
            {
                var enumAsText = storeAsText || valueType.GetAttributes().Any(a => IsAttribute(a, "StoreAsTextAttribute"));
                return enumAsText ? StorageKind.EnumText : StorageKind.Enum;
            }

            return valueType.ToDisplayString() switch
            {
                "System.Guid" => StorageKind.Guid,
                "System.DateTimeOffset" => StorageKind.DateTimeOffset,
                "System.TimeSpan" => StorageKind.TimeSpan,
                "System.DateOnly" => StorageKind.DateOnly,
                "System.TimeOnly" => StorageKind.TimeOnly,
                _ => null,
            };
        }

        private static bool IsInteger(StorageKind kind) => kind is StorageKind.Byte or StorageKind.SByte or StorageKind.Int16
            or StorageKind.UInt16 or StorageKind.Int32 or StorageKind.UInt32 or StorageKind.Int64 or StorageKind.UInt64;

        /// <summary>The name recorded in ColumnMapping.ClrTypeName: the CLR type's <c>Name</c>, with <c>?</c> for Nullable&lt;T&gt;.</summary>
        private static string ClrTypeNameOf(ITypeSymbol valueType, bool isNullableValueType)
        {
            var name = valueType is IArrayTypeSymbol array ? array.ElementType.MetadataName + "[]" : valueType.MetadataName;
            return isNullableValueType ? name + "?" : name;
        }

        private static string MetadataNameOf(INamedTypeSymbol type)
        {
            var name = string.Join("+", ContainingTypes(type).Select(t => t.MetadataName));
            return type.ContainingNamespace.IsGlobalNamespace ? name : type.ContainingNamespace.ToDisplayString() + "." + name;
        }

        private static IEnumerable<INamedTypeSymbol> ContainingTypes(INamedTypeSymbol type)
        {
            var stack = new Stack<INamedTypeSymbol>();
            for (var t = type; t is not null; t = t.ContainingType)
            {
                stack.Push(t);
            }

            return stack;
        }

        private static IEnumerable<ISymbol> AllMembers(INamedTypeSymbol type)
        {
            for (var t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
            {
                foreach (var member in t.GetMembers())
                {
                    yield return member;
                }
            }
        }

        private bool IsAccessible(ISymbol symbol) => _compilation.IsSymbolAccessibleWithin(symbol, _compilation.Assembly);

        private static bool IsAttribute(AttributeData attribute, string name) =>
            attribute.AttributeClass is { } c && c.Name == name && c.ContainingNamespace?.ToDisplayString() == AttributeNamespace;

        private static bool IsIndexAttribute(AttributeData attribute)
        {
            for (var c = attribute.AttributeClass; c is not null; c = c.BaseType)
            {
                if (c.Name == "IndexedAttribute" && c.ContainingNamespace?.ToDisplayString() == AttributeNamespace)
                {
                    return true;
                }
            }

            return false;
        }

        private static string? NamedString(AttributeData attribute, string name) =>
            attribute.NamedArguments.FirstOrDefault(a => a.Key == name).Value.Value as string;

        private static string? NamedOrFirstString(AttributeData? attribute) =>
            attribute is null ? null : attribute.ConstructorArguments.Length == 1 ? attribute.ConstructorArguments[0].Value as string : null;

        private static string TrimAttribute(string name) => name.EndsWith("Attribute", StringComparison.Ordinal) ? name.Substring(0, name.Length - 9) : name;

        private static string AccessibilityText(Accessibility accessibility) => accessibility switch
        {
            Accessibility.Private => "private",
            Accessibility.Protected => "protected",
            Accessibility.ProtectedAndInternal => "private protected",
            _ => accessibility.ToString().ToLowerInvariant(),
        };

        private void Report(DiagnosticDescriptor descriptor, Location? location, params string[] args) =>
            _diagnostics.Add(new DiagnosticInfo(descriptor.Id, ToInfo(location), new EquatableArray<string>(args)));

        private static LocationInfo? ToInfo(Location? location)
        {
            if (location is null || !location.IsInSource)
            {
                return null;
            }

            var span = location.GetLineSpan();
            return new LocationInfo(
                span.Path,
                location.SourceSpan.Start,
                location.SourceSpan.Length,
                span.StartLinePosition.Line,
                span.StartLinePosition.Character,
                span.EndLinePosition.Line,
                span.EndLinePosition.Character);
        }

        /// <summary>A public property with a public getter, and its MicroDb attributes.</summary>
        private sealed class Candidate
        {
            public Candidate(IPropertySymbol property, ImmutableArray<AttributeData> attributes)
            {
                Property = property;
                Attributes = attributes;
            }

            public IPropertySymbol Property { get; }

            public ImmutableArray<AttributeData> Attributes { get; }

            public AttributeData? Attribute(string name) => Attributes.FirstOrDefault(a => a.AttributeClass?.Name == name);
        }
    }
}
