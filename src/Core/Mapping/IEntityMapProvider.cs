namespace MicroDb.Mapping;

/// <summary>Builds maps at run time (the reflection path implements it). Implementations cache per type.</summary>
public interface IEntityMapProvider
{
    /// <summary>The map for <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The mapped type.</typeparam>
    /// <exception cref="MicroDbMappingException">The type cannot be mapped; the message names the member.</exception>
    EntityMap<T> GetMap<T>();

    /// <summary>The map for <paramref name="type"/>, for APIs that take <c>object</c>.</summary>
    /// <param name="type">The mapped type.</param>
    IEntityMap GetMap(Type type);
}
