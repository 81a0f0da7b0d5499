using MicroDb.Conformance.Portable;
using MicroDb.Mapping;
using MicroDb.Runtime.Reflection;

namespace MicroDb.Conformance.Reflection;

/// <summary>The portable part of the conformance suite on SQLite, reflection path (PostgreSQL runs the same bodies: tests/MicroDb.Npgsql.Tests).</summary>
[TestFixture]
public sealed class ReflectionPortableConformance : SqlitePortableSuite
{
    protected override MappingMode Mode => MappingMode.Reflection;

    protected override MicroDbOptions Configure(MicroDbOptions options) => options.UseReflection();
}
