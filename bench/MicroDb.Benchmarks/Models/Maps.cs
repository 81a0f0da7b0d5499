using MicroDb.Mapping;

namespace MicroDb.Benchmarks.Models;

/// <summary>The maps the MicroDb source generator emitted for this assembly's [Table] models (registered by its module initializer).</summary>
public static class Maps
{
    /// <summary>The generated map of <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">A [Table] model of this assembly.</typeparam>
    /// <exception cref="InvalidOperationException">The generator did not run for the type.</exception>
    public static EntityMap<T> Generated<T>()
    {
        System.Runtime.CompilerServices.RuntimeHelpers.RunModuleConstructor(typeof(Maps).Module.ModuleHandle);
        return EntityMapRegistry.GetGenerated<T>()
            ?? throw new InvalidOperationException($"No generated map for {typeof(T).FullName}: the MicroDb generator must run on the bench project (analyzer reference to src/Generator).");
    }
}
