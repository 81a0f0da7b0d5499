using System.Diagnostics.CodeAnalysis;

namespace MicroDb.Runtime.Reflection;

/// <summary>Turns on the reflection mapping path for one connection.</summary>
public static class MicroDbOptionsExtensions
{
    /// <summary>
    /// Lets this connection map types by reflection: always with <see cref="Mapping.MappingMode.Reflection"/>,
    /// or for types without a generated map with <see cref="Mapping.MappingMode.Auto"/>.
    /// </summary>
    /// <param name="options">The options.</param>
    /// <returns>The same options, for chaining.</returns>
    [RequiresUnreferencedCode(ReflectionMapBuilder.TrimMessage)]
    [RequiresDynamicCode("Maps for types known only at run time are created with MakeGenericMethod.")]
    public static MicroDbOptions UseReflection(this MicroDbOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.ReflectionProvider = ReflectionMapProvider.Instance;
        return options;
    }
}
