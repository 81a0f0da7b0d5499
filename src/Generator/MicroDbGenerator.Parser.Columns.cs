using System.Collections.Generic;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    private sealed partial class Parser
    {
        /// <summary>One candidate member as a column, or null (with a diagnostic) when it cannot be one.</summary>
        private ColumnModel? ParseColumn(Candidate candidate, IMethodSymbol constructor, string display, bool requiredHandled, bool unsafeConstructor, Location? requestLocation, ref string? backingField)
        {
            var property = candidate.Property;
            var parameterIndex = IndexOfParameter(constructor, property);
            var write = WriteAccessOf(property, parameterIndex, requiredHandled, unsafeConstructor);
            var memberLocation = property.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;
            var kind = ColumnKindOf(property, candidate.Attribute(AttributeNames.StoreAsText) is not null, out var valueType, out var isNullableValueType);
            if (kind is null)
            {
                Report(ModelRules.UnsupportedMemberType, memberLocation, property.Name, display, property.Type.ToDisplayString());
                return null;
            }

            if (valueType.TypeKind == TypeKind.Enum && !IsAccessible(valueType))
            {
                Report(ModelRules.InaccessibleType, memberLocation, valueType.ToDisplayString(), "not accessible (used by member '" + property.Name + "')");
                return null;
            }

            var columnName = NamedOrFirstString(candidate.Attribute(AttributeNames.Column)) ?? property.Name;
            if (columnName.Length == 0)
            {
                Report(ModelRules.InvalidTable, memberLocation, display, ModelRules.Reasons.EmptyColumnName(property.Name));
                return null;
            }

            var primaryKey = candidate.Attribute(AttributeNames.PrimaryKey);
            var isPrimaryKey = primaryKey is not null;
            var keyOrder = primaryKey?.NamedArguments.FirstOrDefault(a => a.Key == AttributeNames.PrimaryKeyOrderProperty).Value.Value is int order ? order : 0;
            var isAutoIncrement = candidate.Attribute(AttributeNames.AutoIncrement) is not null;
            var keyWriteBack = KeyWriteBack.None;
            if (isAutoIncrement && isPrimaryKey && ColumnKindRules.IsInteger(kind.Value))
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
                        Report(ModelRules.InvalidAutoIncrement, memberLocation, property.Name, display, ModelRules.Reasons.NoKeyWriteBack);
                        return null;
                    }

                    keyWriteBack = KeyWriteBack.UnsafeBackingField;
                }
            }

            ForeignKeyFacts? references = null;
            if (candidate.Attribute(AttributeNames.References) is { } referencesAttribute)
            {
                references = ReferenceOf(referencesAttribute, property.Name, display, out var violation);
                if (violation is { } broken)
                {
                    Report(broken.Rule, memberLocation, broken.Args);
                    return null;
                }
            }

            return new ColumnModel(
                MemberName: property.Name,
                ColumnName: columnName,
                Kind: kind.Value,
                IsNullable: isNullableValueType || property.Type.IsReferenceType,
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
                IsNotNull: candidate.Attribute(AttributeNames.NotNull) is not null,
                MaxLength: candidate.Attribute(AttributeNames.MaxLength) is { ConstructorArguments.Length: 1 } ml ? ml.ConstructorArguments[0].Value as int? : null,
                Collation: candidate.Attribute(AttributeNames.Collation) is { ConstructorArguments.Length: 1 } co ? co.ConstructorArguments[0].Value as string : null,
                KeyWriteBack: keyWriteBack,
                RenamedFrom: candidate.Attribute(AttributeNames.RenamedFrom) is { ConstructorArguments.Length: 1 } rf ? rf.ConstructorArguments[0].Value as string : null,
                KeyOrder: keyOrder,
                References: references);
        }

        /// <summary>
        /// A [References(typeof(Parent))] resolved as the reflection path resolves it (ForeignKeyFacts.Resolve, src/Shared):
        /// the parent's table name, its column names ([Column] or the property name, [Ignore] left out) and key columns.
        /// </summary>
        private static ForeignKeyFacts? ReferenceOf(AttributeData attribute, string member, string display, out RuleViolation? violation)
        {
            violation = null;
            if (attribute.ConstructorArguments.Length != 1 || attribute.ConstructorArguments[0].Value is not INamedTypeSymbol target)
            {
                return null;
            }

            var names = new List<string>();
            var keys = new List<string>();
            var seen = new HashSet<string>(System.StringComparer.Ordinal);
            for (var t = target; t is not null; t = t.BaseType)
            {
                foreach (var property in t.GetMembers().OfType<IPropertySymbol>())
                {
                    if (property.IsStatic || property.IsIndexer || property.DeclaredAccessibility != Accessibility.Public || !seen.Add(property.Name))
                    {
                        continue;
                    }

                    var attributes = InheritedAttributes(property);
                    if (attributes.Any(a => IsAttribute(a, AttributeNames.Ignore)))
                    {
                        continue;
                    }

                    var name = NamedOrFirstString(attributes.FirstOrDefault(a => IsAttribute(a, AttributeNames.Column))) is { Length: > 0 } column ? column : property.Name;
                    names.Add(name);
                    if (attributes.Any(a => IsAttribute(a, AttributeNames.PrimaryKey)))
                    {
                        keys.Add(name);
                    }
                }
            }

            var referenced = NamedString(attribute, AttributeNames.ReferencesColumnProperty);
            var onDelete = attribute.NamedArguments.FirstOrDefault(a => a.Key == AttributeNames.OnDeleteProperty).Value.Value is int d ? d : 0;
            var onUpdate = attribute.NamedArguments.FirstOrDefault(a => a.Key == AttributeNames.OnUpdateProperty).Value.Value is int u ? u : 0;
            var (table, _) = TableOf(target, null);
            return ForeignKeyFacts.Resolve(-1, member, display, target.ToDisplayString(), table, names, keys, referenced, onDelete, onUpdate, out violation);
        }

        /// <summary>The [Indexed]/[Unique] attributes of a member (grouped into indexes at run time, by TableMapping).</summary>
        private static IEnumerable<IndexModel> IndexesOf(Candidate candidate, string columnName)
        {
            foreach (var attribute in candidate.Attributes.Where(IsIndexAttribute))
            {
                var indexName = attribute.ConstructorArguments.Length == 2 ? attribute.ConstructorArguments[0].Value as string : null;
                var order = attribute.ConstructorArguments.Length == 2 && attribute.ConstructorArguments[1].Value is int o ? o : 0;
                foreach (var named in attribute.NamedArguments)
                {
                    if (named.Key == AttributeNames.IndexNameProperty)
                    {
                        indexName = named.Value.Value as string;
                    }
                    else if (named.Key == AttributeNames.IndexOrderProperty && named.Value.Value is int no)
                    {
                        order = no;
                    }
                }

                var unique = IsAttribute(attribute, AttributeNames.Unique)
                    || attribute.NamedArguments.Any(a => a.Key == AttributeNames.IndexUniqueProperty && a.Value.Value is true);
                yield return new IndexModel(columnName, indexName, order, unique);
            }
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

        /// <summary>The shared classification (ColumnKindRules) applied to the member's type, by its metadata name.</summary>
        private static ColumnKind? ColumnKindOf(IPropertySymbol property, bool storeAsText, out ITypeSymbol valueType, out bool isNullableValueType)
        {
            valueType = property.Type;
            isNullableValueType = false;
            if (valueType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
            {
                valueType = nullable.TypeArguments[0];
                isNullableValueType = true;
            }

            if (valueType.TypeKind == TypeKind.Enum)
            {
                return ColumnKindRules.EnumKind(storeAsText || valueType.GetAttributes().Any(a => IsAttribute(a, AttributeNames.StoreAsText)));
            }

            return FullNameOf(valueType) is { } name ? ColumnKindRules.FromTypeName(name, storeAsText) : null;
        }

        /// <summary><c>Type.FullName</c>'s spelling (<c>System.Int32</c>, <c>System.Byte[]</c>) for a non-generic named type or a byte array.</summary>
        private static string? FullNameOf(ITypeSymbol type) => type switch
        {
            IArrayTypeSymbol { Rank: 1, ElementType.SpecialType: SpecialType.System_Byte } => "System.Byte[]",
            INamedTypeSymbol { IsGenericType: false, ContainingType: null } named when !named.ContainingNamespace.IsGlobalNamespace =>
                named.ContainingNamespace.ToDisplayString() + "." + named.MetadataName,
            _ => null,
        };

        /// <summary>The name recorded in ColumnMapping.ClrTypeName: the CLR type's <c>Name</c>, with <c>?</c> for Nullable&lt;T&gt;.</summary>
        private static string ClrTypeNameOf(ITypeSymbol valueType, bool isNullableValueType)
        {
            var name = valueType is IArrayTypeSymbol array ? array.ElementType.MetadataName + "[]" : valueType.MetadataName;
            return isNullableValueType ? name + "?" : name;
        }

        private static string? BackingFieldOf(IPropertySymbol property) =>
            property.ContainingType.GetMembers().OfType<IFieldSymbol>()
                .FirstOrDefault(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property))?.Name;
    }
}
