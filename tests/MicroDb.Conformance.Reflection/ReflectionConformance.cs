using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Conformance.Reflection;

/// <summary>The conformance suite on the reflection path.</summary>
[TestFixture]
public sealed class ReflectionConformance : ConformanceSuite
{
    protected override MappingMode Mode => MappingMode.Reflection;

    protected override MicroDbOptions Configure(MicroDbOptions options) => options.UseReflection();
}
