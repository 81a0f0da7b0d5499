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

    /// <summary>
    /// As <see cref="UseReflection(MicroDbOptions)"/>, choosing the member rule: with <paramref name="sqliteNetMemberRule"/>
    /// a model with no MicroDb attribute maps only its public properties with a public getter and a public setter and
    /// silently leaves out the others, as sqlite-net does (<see cref="ReflectionMapProvider.SqliteNetMembers"/>); the
    /// compatibility package sets it. Without it a get-only property is an error (MDB0004).
    /// </summary>
    /// <param name="options">The options.</param>
    /// <param name="sqliteNetMemberRule">Map attribute-less models with sqlite-net's member rule.</param>
    /// <returns>The same options, for chaining.</returns>
    [RequiresUnreferencedCode(ReflectionMapBuilder.TrimMessage)]
    [RequiresDynamicCode("Maps for types known only at run time are created with MakeGenericMethod.")]
    public static MicroDbOptions UseReflection(this MicroDbOptions options, bool sqliteNetMemberRule)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.ReflectionProvider = sqliteNetMemberRule ? ReflectionMapProvider.SqliteNetMembers : ReflectionMapProvider.Instance;
        return options;
    }
}
