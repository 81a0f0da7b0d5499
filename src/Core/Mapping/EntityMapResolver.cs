namespace MicroDb.Mapping;

/// <summary>
/// How a type's map is chosen from a <see cref="MappingMode"/>, a reflection provider and the fallback rule: the one
/// place both <see cref="MicroDbConnection"/> and <see cref="MicroDbSerializer"/> resolve maps, with the same messages.
/// </summary>
internal static class EntityMapResolver
{
    /// <summary>The map for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <param name="mode">Which mapping path to use.</param>
    /// <param name="reflection">The configured reflection provider; null uses <see cref="EntityMapRegistry.DefaultReflectionProvider"/>.</param>
    /// <param name="throwOnReflectionFallback">With <see cref="MappingMode.Auto"/>, throw instead of falling back to reflection.</param>
    /// <exception cref="MicroDbMappingException">No map is available; the message names the type and what to do.</exception>
    public static EntityMap<T> Resolve<T>(MappingMode mode, IEntityMapProvider? reflection, bool throwOnReflectionFallback)
    {
        switch (mode)
        {
            case MappingMode.Generated:
                return EntityMapRegistry.GetGenerated<T>() ?? throw NoGeneratedMap(typeof(T));
            case MappingMode.Reflection:
                return ReflectionProvider(reflection, typeof(T)).GetMap<T>();
            default:
                var generated = EntityMapRegistry.GetGenerated<T>();
                if (generated is not null)
                {
                    return generated;
                }

                if (throwOnReflectionFallback)
                {
                    throw new MicroDbMappingException($"Type '{typeof(T).FullName}' has no generated map and ThrowOnReflectionFallback is set. Mark it [Table] (or list it in [assembly: MicroDbMap]) so the MicroDb generator emits one.");
                }

                return ReflectionProvider(reflection, typeof(T)).GetMap<T>();
        }
    }

    /// <summary>The map for a type known only at run time.</summary>
    /// <param name="type">The mapped type.</param>
    /// <param name="mode">Which mapping path to use.</param>
    /// <param name="reflection">The configured reflection provider; null uses <see cref="EntityMapRegistry.DefaultReflectionProvider"/>.</param>
    /// <param name="throwOnReflectionFallback">With <see cref="MappingMode.Auto"/>, throw instead of falling back to reflection.</param>
    /// <exception cref="MicroDbMappingException">No map is available; the message names the type and what to do.</exception>
    public static IEntityMap Resolve(Type type, MappingMode mode, IEntityMapProvider? reflection, bool throwOnReflectionFallback)
    {
        var generated = mode == MappingMode.Reflection ? null : EntityMapRegistry.GetGenerated(type);
        if (generated is not null)
        {
            return generated;
        }

        if (mode == MappingMode.Generated)
        {
            throw NoGeneratedMap(type);
        }

        if (throwOnReflectionFallback && mode == MappingMode.Auto)
        {
            throw new MicroDbMappingException($"Type '{type.FullName}' has no generated map and ThrowOnReflectionFallback is set. Mark it [Table] so the MicroDb generator emits one.");
        }

        return ReflectionProvider(reflection, type).GetMap(type);
    }

    // A struct is never given a map (MDB0007, the rule the generator reports and the reflection path throws), so the
    // advice to mark it [Table] would not help: say which rule it breaks instead.
    private static MicroDbMappingException NoGeneratedMap(Type type) => type.IsValueType
        ? new(ModelRules.UnsupportedModel.Format(type.FullName ?? type.Name, ModelRules.Reasons.NotAClass("struct")))
        : new($"Type '{type.FullName}' has no generated map. Mark it [Table] (or list it in [assembly: MicroDbMap]) and reference the MicroDb package so its source generator runs, or use MappingMode.Reflection.");

    private static IEntityMapProvider ReflectionProvider(IEntityMapProvider? reflection, Type type) =>
        reflection ?? EntityMapRegistry.DefaultReflectionProvider
        ?? throw new MicroDbMappingException($"Type '{type.FullName}' has no generated map and no reflection provider is configured. Mark it [Table] so the MicroDb generator emits a map, or reference MicroDb.Runtime.Reflection and call options.UseReflection().");
}
