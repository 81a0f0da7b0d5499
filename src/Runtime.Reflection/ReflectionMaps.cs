using System.Diagnostics.CodeAnalysis;
using MicroDb.Mapping;

namespace MicroDb.Runtime.Reflection;

/// <summary>Entry points to the reflection mapping path.</summary>
public static class ReflectionMaps
{
    /// <summary>Makes reflection the fallback for every connection whose options name no provider (types without a generated map).</summary>
    [RequiresUnreferencedCode(ReflectionMapBuilder.TrimMessage)]
    [RequiresDynamicCode("Maps for types known only at run time are created with MakeGenericMethod.")]
    public static void Enable() => EntityMapRegistry.DefaultReflectionProvider = ReflectionMapProvider.Instance;

    /// <summary>The reflection-built map of <typeparamref name="T"/> (built on first use, then cached).</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <exception cref="MicroDbMappingException">The type breaks a model rule; the message names the member.</exception>
    [RequiresUnreferencedCode(ReflectionMapBuilder.TrimMessage)]
    public static EntityMap<T> For<T>()
    {
        return ReflectionMapProvider.Instance.GetMap<T>();
    }
}
