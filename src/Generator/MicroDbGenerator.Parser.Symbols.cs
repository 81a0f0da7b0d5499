using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    private sealed partial class Parser
    {
        private List<Candidate> CollectCandidates(INamedTypeSymbol type, string display, bool sqliteNetMembers)
        {
            // Like the reflection path: public instance properties with a public getter, base-class members first,
            // declaration order within each class; an override stands at the level of the class that declares it.
            // A sqlite-net model (AttributeNames.FollowsSqliteNetMemberRule) also needs a public setter.
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

                    if (sqliteNetMembers && property.SetMethod is not { DeclaredAccessibility: Accessibility.Public })
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
                if (candidate.Attribute(AttributeNames.Ignore) is not null)
                {
                    var conflicts = attributes.Where(a => RecognisedName(a) != AttributeNames.Ignore)
                        .Select(a => "[" + TrimAttribute(a.AttributeClass!.Name) + "]")
                        .Distinct()
                        .ToArray();
                    if (conflicts.Length > 0)
                    {
                        Report(ModelRules.IgnoreConflict, property.Locations.FirstOrDefault(l => l.IsInSource), property.Name, display, string.Join(", ", conflicts));
                    }

                    continue;
                }

                result.Add(candidate);
            }

            return result;
        }

        /// <summary>
        /// Which attribute families the type uses (for AttributeNames.FollowsSqliteNetMemberRule and MDB0011): the
        /// attributes of the type, its base classes and their public instance properties (as the reflection path).
        /// </summary>
        private static (bool SawMicroDb, bool SawSqliteNet) AttributeFamilies(INamedTypeSymbol type)
        {
            var sawMicroDb = false;
            var sawSqliteNet = false;
            for (var t = type; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
            {
                var attributes = t.GetAttributes().Concat(t.GetMembers().OfType<IPropertySymbol>()
                    .Where(p => !p.IsStatic && p.DeclaredAccessibility == Accessibility.Public)
                    .SelectMany(p => p.GetAttributes()));
                foreach (var attribute in attributes)
                {
                    switch (FamilyOf(attribute))
                    {
                        case AttributeNames.Family.MicroDb:
                            sawMicroDb = true;
                            break;
                        case AttributeNames.Family.SqliteNet:
                            sawSqliteNet = true;
                            break;
                    }
                }
            }

            return (sawMicroDb, sawSqliteNet);
        }

        /// <summary>Mapping attributes (MicroDb's or sqlite-net's) of a property and of the properties it overrides (the attributes are Inherited = true).</summary>
        private static ImmutableArray<AttributeData> InheritedAttributes(IPropertySymbol property)
        {
            var result = ImmutableArray.CreateBuilder<AttributeData>();
            var single = new HashSet<string>(StringComparer.Ordinal);
            for (var p = property; p is not null; p = p.OverriddenProperty)
            {
                foreach (var attribute in p.GetAttributes())
                {
                    if (FamilyOf(attribute) == AttributeNames.Family.None)
                    {
                        continue;
                    }

                    // Repeatable index attributes accumulate; the others are taken from the most derived declaration.
                    if (IsIndexAttribute(attribute) || single.Add(RecognisedName(attribute)!))
                    {
                        result.Add(attribute);
                    }
                }
            }

            return result.ToImmutable();
        }

        public static string MetadataNameOf(INamedTypeSymbol type)
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

        /// <summary>True when the attribute is the recognised mapping attribute <paramref name="name"/> of either family (AttributeNames).</summary>
        public static bool IsAttribute(AttributeData attribute, string name) => RecognisedName(attribute) == name;

        // An attribute class deriving from a recognised one counts as that one (AttributeNames.Recognise), as in sqlite-net.
        private static AttributeNames.Family FamilyOf(AttributeData attribute) => Recognise(attribute).Family;

        private static string? RecognisedName(AttributeData attribute) => Recognise(attribute).Name;

        private static (AttributeNames.Family Family, string? Name) Recognise(AttributeData attribute) =>
            AttributeNames.Recognise<INamedTypeSymbol>(attribute.AttributeClass, NamespaceOf, c => c.MetadataName, c => c.BaseType);

        private static string? NamespaceOf(INamedTypeSymbol type) =>
            type.ContainingType is null ? type.ContainingNamespace?.ToDisplayString() : null;

        private static bool IsIndexAttribute(AttributeData attribute)
        {
            for (var c = attribute.AttributeClass; c is not null; c = c.BaseType)
            {
                if (AttributeNames.Is(NamespaceOf(c), c.Name, AttributeNames.Indexed))
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

        private void Report(ModelRule rule, Location? location, params string[] args) =>
            _diagnostics.Add(new DiagnosticInfo(rule.Id, ToInfo(location), new EquatableArray<string>(args)));

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

            public AttributeData? Attribute(string name) => Attributes.FirstOrDefault(a => RecognisedName(a) == name);
        }
    }
}
