using MicroDb.Mapping;

namespace MicroDb.Conformance.Generated;

/// <summary>The conformance suite on generated maps only: no reflection provider is configured, so any type without a generated map fails.</summary>
[TestFixture]
public sealed class GeneratedConformance : ConformanceSuite
{
    protected override MappingMode Mode => MappingMode.Generated;

    protected override MicroDbOptions Configure(MicroDbOptions options) => options;
}
