using System.Diagnostics.CodeAnalysis;
using MicroDb.Benchmarks.Models;

namespace MicroDb.AotBench;

/// <summary>
/// The narrow alternative to rooting the whole assembly: keeps the reflection metadata of exactly the models'
/// public properties and constructors. Compiled in with -p:RootModels=attribute (docs/aot.md).
/// </summary>
internal static class ModelRoots
{
#if ROOT_MODELS_BY_ATTRIBUTE
    /// <summary>Whether the models were rooted this way.</summary>
    public const string Description = "models rooted with [DynamicDependency]";

    /// <summary>Called once at startup so the trimmer sees the dependencies.</summary>
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties | DynamicallyAccessedMemberTypes.PublicConstructors, typeof(TextRecord))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties | DynamicallyAccessedMemberTypes.PublicConstructors, typeof(TestRow))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties | DynamicallyAccessedMemberTypes.PublicConstructors, typeof(RelOrder))]
    [DynamicDependency(DynamicallyAccessedMemberTypes.PublicProperties | DynamicallyAccessedMemberTypes.PublicConstructors, typeof(RelCustomer))]
    public static void Keep()
    {
    }
#else
    /// <summary>Whether the models were rooted this way.</summary>
    public const string Description = "";

    /// <summary>Nothing to keep in this build.</summary>
    public static void Keep()
    {
    }
#endif
}
