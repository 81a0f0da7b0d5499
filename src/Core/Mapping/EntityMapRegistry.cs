using System.Collections.Concurrent;
using System.ComponentModel;

namespace MicroDb.Mapping;

/// <summary>
/// Where generated maps register themselves (from a module initializer) and where the connection finds them.
/// The typed lookup is a static generic field: no dictionary and no lock per operation.
/// </summary>
public static class EntityMapRegistry
{
    private static readonly ConcurrentDictionary<Type, IEntityMap> ByType = new();

    /// <summary>The reflection provider used by connections whose options name none (set by <c>UseReflection</c> or <c>ReflectionMaps.Enable</c>).</summary>
    public static IEntityMapProvider? DefaultReflectionProvider { get; set; }

    /// <summary>
    /// Registers a generated map. Called by generated code (the module initializer the generator emits), hidden from
    /// IntelliSense; a later registration for the same type wins.
    /// </summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="map">The map.</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static void Register<T>(EntityMap<T> map)
    {
        ArgumentNullException.ThrowIfNull(map);
        GeneratedMap<T>.Instance = map;
        ByType[typeof(T)] = map;
    }

    /// <summary>The generated map for <typeparamref name="T"/>, or null.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    public static EntityMap<T>? GetGenerated<T>() => GeneratedMap<T>.Instance;

    /// <summary>The generated map for <paramref name="type"/>, or null.</summary>
    /// <param name="type">The mapped type.</param>
    public static IEntityMap? GetGenerated(Type type) => ByType.GetValueOrDefault(type);

    private static class GeneratedMap<T>
    {
        public static EntityMap<T>? Instance;
    }
}
