using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using MicroDb.Mapping;

namespace MicroDb.Runtime.Reflection;

/// <summary>Builds maps by reflection on first use of each type and caches them for the life of the process.</summary>
/// <remarks>Reaching the provider warns under trimming/AOT analysis, as <c>UseReflection</c> does: the members it reads may be trimmed away.</remarks>
[RequiresUnreferencedCode(ReflectionMapBuilder.TrimMessage)]
public sealed class ReflectionMapProvider : IEntityMapProvider
{
    private static readonly ConcurrentDictionary<Type, IEntityMap> ByType = new();

    private ReflectionMapProvider()
    {
    }

    /// <summary>The process-wide provider.</summary>
    public static ReflectionMapProvider Instance { get; } = new();

    /// <inheritdoc />
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Callers reach the reflection path only through UseReflection/Enable, which carry RequiresUnreferencedCode.")]
    [UnconditionalSuppressMessage("Trimming", "IL2091", Justification = "As above: the reflection path is opted into through annotated entry points.")]
    public EntityMap<T> GetMap<T>() => Cache<T>.Map ?? Cache<T>.Create();

    /// <inheritdoc />
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Opted into through annotated entry points.")]
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "Opted into through annotated entry points.")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "Entities are classes: the generic method is instantiated over reference types, whose shared code exists under AOT.")]
    public IEntityMap GetMap(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (ByType.TryGetValue(type, out var map))
        {
            return map;
        }

        if (type.IsValueType)
        {
            throw new MicroDbMappingException(ModelRules.UnsupportedModel.Format(type.FullName ?? type.Name, ModelRules.Reasons.NotAClass("struct")));
        }

        var method = typeof(ReflectionMapProvider).GetMethod(nameof(GetMap), 1, BindingFlags.Public | BindingFlags.Instance, null, Type.EmptyTypes, null)!;
        try
        {
            return (IEntityMap)method.MakeGenericMethod(type).Invoke(this, null)!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            throw e.InnerException;
        }
    }

    private static class Cache<T>
    {
        // A static generic field: a plain field read per call once built. Not a static initializer, so a
        // model error surfaces as MicroDbMappingException every time instead of a TypeInitializationException.
        public static EntityMap<T>? Map;

        [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Opted into through annotated entry points.")]
        [UnconditionalSuppressMessage("Trimming", "IL2091", Justification = "Opted into through annotated entry points.")]
        public static EntityMap<T> Create()
        {
            lock (ByType)
            {
                if (Map is null)
                {
                    var map = ReflectionMapBuilder.Build<T>();
                    ByType[typeof(T)] = map;
                    Map = map;
                }

                return Map;
            }
        }
    }
}
