// Shared source (see src/Shared/README.md): the query model, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary><c>(SELECT ...)</c> as a value: a sub-query that gives one value (its first row's first column, or NULL).</summary>
/// <param name="Query">The sub-query (one projected value).</param>
internal sealed record SqlScalarQuery(QueryModel Query) : SqlExpression;
