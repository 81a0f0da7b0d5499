using MicroDb.Conformance.Portable;
using MicroDb.Mapping;

namespace MicroDb.Conformance.Generated;

/// <summary>The portable part of the conformance suite on SQLite, generated maps only (PostgreSQL runs the same bodies: tests/MicroDb.Npgsql.Tests).</summary>
[TestFixture]
public sealed class GeneratedPortableConformance : SqlitePortableSuite
{
    protected override MappingMode Mode => MappingMode.Generated;

    protected override MicroDbOptions Configure(MicroDbOptions options) => options;
}
