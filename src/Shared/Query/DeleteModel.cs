// Shared source (see src/Shared/README.md): the query model's set-based writes, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>One set-based DELETE as plain, equatable data: <c>DELETE FROM table WHERE predicates</c>.</summary>
/// <param name="Table">The (unquoted) table name.</param>
/// <param name="Predicates">Conditions a row must meet to be deleted (ANDed); none deletes every row.</param>
internal sealed record DeleteModel(string Table, ValueList<SqlExpression> Predicates);
