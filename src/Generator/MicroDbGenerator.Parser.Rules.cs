using System;
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
        private bool CheckTypeShape(INamedTypeSymbol type, string display, Location? location)
        {
            for (var t = type; t is not null; t = t.ContainingType)
            {
                if (t.TypeParameters.Length > 0 || t.IsUnboundGenericType)
                {
                    Report(ModelRules.UnsupportedModel, location, display, SymbolEqualityComparer.Default.Equals(t, type) ? ModelRules.Reasons.IsGeneric : ModelRules.Reasons.NestedInGeneric(t.ToDisplayString()));
                    return false;
                }
            }

            if (type.TypeKind != TypeKind.Class)
            {
                Report(ModelRules.UnsupportedModel, location, display, ModelRules.Reasons.NotAClass(type.TypeKind.ToString().ToLowerInvariant()));
                return false;
            }

            if (type.IsStatic || type.IsAbstract)
            {
                Report(ModelRules.UnsupportedModel, location, display, type.IsStatic ? ModelRules.Reasons.IsStatic : ModelRules.Reasons.IsAbstract);
                return false;
            }

            for (var t = type; t is not null; t = t.ContainingType)
            {
                if (t.IsFileLocal)
                {
                    Report(ModelRules.InaccessibleType, location, display, "file-local");
                    return false;
                }

                if (t.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal)
                {
                    var what = SymbolEqualityComparer.Default.Equals(t, type) ? "declared " : "nested in '" + t.ToDisplayString() + "', which is ";
                    Report(ModelRules.InaccessibleType, location, display, what + AccessibilityText(t.DeclaredAccessibility));
                    return false;
                }
            }

            if (!IsAccessible(type))
            {
                Report(ModelRules.InaccessibleType, location, display, "not accessible from this assembly");
                return false;
            }

            return true;
        }

        /// <summary>The shared table rules (ModelRules.CheckTable), each violation reported at its member.</summary>
        private bool CheckTableRules(string display, string tableName, List<ColumnModel> columns, bool withoutRowId, Location? typeLocation, List<Candidate> candidates, Location? requestLocation)
        {
            var facts = columns
                .Select(c => new ColumnFacts(c.ColumnName, c.MemberName, c.Kind, c.ClrTypeName, c.IsPrimaryKey, c.IsAutoIncrement, c.IsNotNull, c.MaxLength, c.Collation, c.RenamedFrom, c.KeyOrder, c.References))
                .ToArray();
            var ok = true;
            foreach (var violation in ModelRules.CheckTable(display, tableName, facts, withoutRowId))
            {
                // Members that failed on their own were reported already; "no mapped members" would only repeat that.
                if (violation.Args.Length == 2 && violation.Args[1] == ModelRules.Reasons.NoMappedMembers && candidates.Count > 0)
                {
                    ok = false;
                    continue;
                }

                var location = violation.ColumnIndex < 0
                    ? typeLocation
                    : candidates.FirstOrDefault(c => c.Property.Name == columns[violation.ColumnIndex].MemberName)?.Property.Locations.FirstOrDefault(l => l.IsInSource) ?? requestLocation;
                Report(violation.Rule, location, violation.Args);
                ok = false;
            }

            return ok;
        }

        /// <summary>Required members the constructor does not set must be in the object initializer, so must be mapped.</summary>
        private bool CheckRequiredMembers(INamedTypeSymbol type, string display, List<ColumnModel> columns, Location? typeLocation)
        {
            var ok = true;
            foreach (var member in AllMembers(type).Where(m => m is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true }))
            {
                if (!columns.Any(c => c.MemberName == member.Name))
                {
                    Report(ModelRules.NoUsableConstructor, member.Locations.FirstOrDefault(l => l.IsInSource) ?? typeLocation, display, ModelRules.Reasons.RequiredNotMapped(member.Name));
                    ok = false;
                }
            }

            return ok;
        }

        /// <summary>The shared constructor choice (ModelRules.ChooseConstructor); parameters match members by name and type here.</summary>
        private IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, string display, List<Candidate> candidates, Location? location)
        {
            var parameterless = type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
            var withArgs = type.InstanceConstructors
                .Where(c => c.DeclaredAccessibility == Accessibility.Public && c.Parameters.Length > 0)
                .OrderByDescending(c => c.Parameters.Length)
                .ToArray();
            var matches = withArgs.Select(c =>
            {
                var map = c.Parameters.Select(p => candidates.FindIndex(m => Matches(m.Property, p))).ToArray();
                return map.All(i => i >= 0) ? map : null;
            }).ToArray();

            var writable = candidates.Select(c => c.Property.SetMethod is not null).ToArray();
            var chosen = ModelRules.ChooseConstructor(parameterless is not null, writable, matches, candidates.Select(c => c.Property.Name).ToArray(), out var reason);
            if (chosen == -1)
            {
                return parameterless;
            }

            if (chosen >= 0)
            {
                return withArgs[chosen];
            }

            // Point at the first member that blocks the parameterless constructor, when that is the problem.
            var blocking = parameterless is null ? null : candidates.FirstOrDefault(c => c.Property.SetMethod is null);
            Report(ModelRules.NoUsableConstructor, blocking?.Property.Locations.FirstOrDefault(l => l.IsInSource) ?? location, display, reason!);
            return null;
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
    }
}
