// Shared source (see src/Shared/README.md): the query model's set-based writes, compiled into the runtime and the generator.
#if MICRODB_GENERATOR
namespace MicroDb.Generator.Shared.Query;
#else
namespace MicroDb.Query.Model;
#endif

/// <summary>
/// One set-based UPDATE as plain, equatable data: <c>UPDATE table SET column = value, ... WHERE predicates</c>. The
/// values are nodes like any other (a parameter slot, or an expression over the row's own columns), so the same
/// writer prints them; slots are numbered in the order the markers are written: the assignments first, then the predicates.
/// </summary>
/// <param name="Table">The (unquoted) table name.</param>
/// <param name="Assignments">The columns set, in order.</param>
/// <param name="Predicates">Conditions a row must meet to be updated (ANDed); none updates every row.</param>
internal sealed record UpdateModel(string Table, ValueList<SqlAssignment> Assignments, ValueList<SqlExpression> Predicates);

/// <summary>One <c>column = value</c> of an <see cref="UpdateModel"/>.</summary>
/// <param name="Column">The (unquoted) column name.</param>
/// <param name="Value">The value written.</param>
internal sealed record SqlAssignment(string Column, SqlExpression Value);
