using System.Collections.Generic;
using System.Linq;
using MicroDb.Generator.Model;
using MicroDb.Generator.Shared;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace MicroDb.Generator;

public sealed partial class MicroDbGenerator
{
    private const string UnsafeAccessorAttribute = "System.Runtime.CompilerServices.UnsafeAccessorAttribute";
    private const string ModuleInitializerAttribute = "System.Runtime.CompilerServices.ModuleInitializerAttribute";

    /// <summary>MDB0011's reason when the compilation has no usable <c>[UnsafeAccessor]</c>.</summary>
    internal const string NoUnsafeAccessorReason =
        "its generated map would reach a non-public constructor, setter or backing field through [UnsafeAccessor], which this compilation's target framework does not have (.NET 8 or later)";

    /// <summary>MDB0011's reason when the compilation has no <c>[ModuleInitializer]</c>.</summary>
    internal const string NoModuleInitializerReason =
        "generated maps register from a [ModuleInitializer], which this compilation's target framework does not have (.NET 5 or later; a netstandard2.0 library can declare System.Runtime.CompilerServices.ModuleInitializerAttribute itself, as PolySharp or Polyfill do)";

    /// <summary>MDB0011's reason when the compilation's language version is below C# 9.</summary>
    internal const string OldLanguageReason =
        "generated maps are C# 9 (switch expressions, target-typed new, module initializers) and this compilation's LangVersion is older (netstandard2.0 projects default to C# 7.3: set LangVersion to 9 or later)";

    /// <summary>MDB0011's reason when the referenced MicroDb build has no DateOnly/TimeOnly members.</summary>
    internal const string NoDateOnlyReason =
        "it has a DateOnly or TimeOnly member, and the MicroDb build this compilation references (netstandard2.0, as a net8.0 or net9.0 project gets) has no binders for them; the reflection map refuses the member too (MDB0001): target net10.0, or store the value as another type";

    /// <summary>MDB0011's advice for the target's missing features.</summary>
    internal const string FallbackFixTarget =
        "target a framework that has it to get a generated map (the reflection map works as sqlite-net's does), or set the MSBuild property MicroDbReflectionFallback to error to make this an error";

    /// <summary>
    /// What the consumer's compilation lets generated code use. <c>[UnsafeAccessor]</c> counts only where the
    /// framework itself declares it (a copy declared for an older framework compiles, but no runtime before .NET 8
    /// implements it); <c>[ModuleInitializer]</c> counts wherever the compilation can use it (the compiler implements
    /// it, so a library's own declaration works on every runtime that runs module initializers).
    /// </summary>
    /// <param name="UnsafeAccessor">The framework declares <c>UnsafeAccessorAttribute</c>.</param>
    /// <param name="ModuleInitializer">An accessible <c>ModuleInitializerAttribute</c> exists.</param>
    /// <param name="CSharp9">The compilation's language version is C# 9 or later.</param>
    /// <param name="DateOnly">The referenced MicroDb binds DateOnly and TimeOnly (its net10.0 build; not netstandard2.0).</param>
    internal readonly record struct TargetFeatures(bool UnsafeAccessor, bool ModuleInitializer, bool CSharp9, bool DateOnly = true)
    {
        /// <summary>Reads the features from <paramref name="compilation"/>.</summary>
        public static TargetFeatures Of(Compilation compilation)
        {
            var framework = compilation.GetSpecialType(SpecialType.System_Object).ContainingAssembly;
            var unsafeAccessor = compilation.GetTypesByMetadataName(UnsafeAccessorAttribute)
                .Any(t => SymbolEqualityComparer.Default.Equals(t.ContainingAssembly, framework) && compilation.IsSymbolAccessibleWithin(t, compilation.Assembly));
            var moduleInitializer = compilation.GetTypesByMetadataName(ModuleInitializerAttribute)
                .Any(t => compilation.IsSymbolAccessibleWithin(t, compilation.Assembly));
            var csharp9 = compilation is not CSharpCompilation { LanguageVersion: < LanguageVersion.CSharp9 };
            var dateOnly = compilation.GetTypeByMetadataName("MicroDb.Native.SqliteStatement") is not { } statement
                || !statement.GetMembers("BindDateOnly").IsEmpty;
            return new TargetFeatures(unsafeAccessor, moduleInitializer, csharp9, dateOnly);
        }
    }

    /// <summary>
    /// Takes the map away from each model whose generated code needs what <paramref name="target"/> lacks, with an
    /// MDB0011 (reported as the fallback policy says): the type is mapped by reflection at run time, as sqlite-net maps it.
    /// </summary>
    internal static EquatableArray<ModelResult> ApplyTarget(EquatableArray<ModelResult> results, TargetFeatures target)
    {
        if (target.UnsafeAccessor && target.ModuleInitializer && target.CSharp9 && target.DateOnly)
        {
            return results;
        }

        var placed = new List<ModelResult>(results.Count);
        foreach (var result in results)
        {
            var reason = result.Model switch
            {
                null => null,
                _ when !target.CSharp9 => OldLanguageReason,
                _ when !target.ModuleInitializer => NoModuleInitializerReason,
                { } model when !target.DateOnly && model.Columns.Any(c => c.Kind is ColumnKind.DateOnly or ColumnKind.TimeOnly) => NoDateOnlyReason,
                { } model when !target.UnsafeAccessor && NeedsUnsafeAccessor(model) => NoUnsafeAccessorReason,
                _ => null,
            };
            if (reason is null)
            {
                placed.Add(result);
                continue;
            }

            var display = result.Model!.TypeName.StartsWith("global::", System.StringComparison.Ordinal) ? result.Model.TypeName.Substring("global::".Length) : result.Model.TypeName;
            // A DateOnly member fails on the reflection path too: always reported, as a broken rule is.
            var worksOnReflection = reason != NoDateOnlyReason;
            var fix = worksOnReflection ? FallbackFixTarget : ModelRules.Reasons.FallbackFixModel;
            var fallback = new DiagnosticInfo(ModelRules.Ids.ReflectionFallback, result.Schema?.Location, new EquatableArray<string>(new[] { display, reason, fix }), WorksOnReflection: worksOnReflection);
            placed.Add(new ModelResult(null, new EquatableArray<DiagnosticInfo>(result.Diagnostics.Concat(new[] { fallback })), result.TypeKey));
        }

        return new EquatableArray<ModelResult>(placed);
    }

    /// <summary>Whether the map's code calls an <c>[UnsafeAccessor]</c> (see <c>Emitter.EmitAccessors</c>).</summary>
    private static bool NeedsUnsafeAccessor(EntityModel model) =>
        model.UsesUnsafeConstructor
        || model.Columns.Any(c => c.Write == WriteAccess.UnsafeSetter || c.KeyWriteBack is KeyWriteBack.UnsafeSetter or KeyWriteBack.UnsafeBackingField);
}
