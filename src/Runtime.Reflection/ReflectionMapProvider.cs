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
    // One cache per member rule: the same attribute-less type maps differently under the two rules.
    private readonly ConcurrentDictionary<Type, IEntityMap> _byType = new();
    private readonly bool _sqliteNetMembers;

    private ReflectionMapProvider(bool sqliteNetMembers)
    {
        _sqliteNetMembers = sqliteNetMembers;
    }

    /// <summary>The process-wide provider, with MicroDb's member rule (a get-only property needs a constructor parameter or [Ignore]).</summary>
    public static ReflectionMapProvider Instance { get; } = new(sqliteNetMembers: false);

    /// <summary>
    /// The process-wide provider for sqlite-net's API: a model with no MicroDb attribute maps only its public
    /// properties with a public getter and a public setter, and silently leaves out the rest (a computed or
    /// get-only property), as sqlite-net does. A model with MicroDb attributes maps as with <see cref="Instance"/>.
    /// </summary>
    public static ReflectionMapProvider SqliteNetMembers { get; } = new(sqliteNetMembers: true);

    /// <inheritdoc />
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Callers reach the reflection path only through UseReflection/Enable, which carry RequiresUnreferencedCode.")]
    [UnconditionalSuppressMessage("Trimming", "IL2091", Justification = "As above: the reflection path is opted into through annotated entry points.")]
    public EntityMap<T> GetMap<T>()
    {
        if (_sqliteNetMembers)
        {
            return Cache<T>.SqliteNetMap ?? Cache<T>.Create(this);
        }

        return Cache<T>.Map ?? Cache<T>.Create(this);
    }

    /// <inheritdoc />
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Opted into through annotated entry points.")]
    [UnconditionalSuppressMessage("Trimming", "IL2060", Justification = "Opted into through annotated entry points.")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "Entities are classes: the generic method is instantiated over reference types, whose shared code exists under AOT.")]
    public IEntityMap GetMap(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (_byType.TryGetValue(type, out var map))
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
        // Static generic fields: a plain field read per call once built. Not a static initializer, so a
        // model error surfaces as MicroDbMappingException every time instead of a TypeInitializationException.
        public static EntityMap<T>? Map;
        public static EntityMap<T>? SqliteNetMap;

        [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "Opted into through annotated entry points.")]
        [UnconditionalSuppressMessage("Trimming", "IL2091", Justification = "Opted into through annotated entry points.")]
        public static EntityMap<T> Create(ReflectionMapProvider provider)
        {
            lock (provider._byType)
            {
                var existing = provider._sqliteNetMembers ? SqliteNetMap : Map;
                if (existing is not null)
                {
                    return existing;
                }

                var map = ReflectionMapBuilder.Build<T>(provider._sqliteNetMembers);
                provider._byType[typeof(T)] = map;
                if (provider._sqliteNetMembers)
                {
                    SqliteNetMap = map;
                }
                else
                {
                    Map = map;
                }

                return map;
            }
        }
    }
}
