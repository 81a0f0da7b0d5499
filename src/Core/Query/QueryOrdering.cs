using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>One ORDER BY term of a <see cref="TableQuery{T}"/>.</summary>
/// <param name="KeySelector">The key selector (null when <paramref name="Sql"/> is given).</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Sql">A term written as is (a quoted key column or <c>rowid</c>), used by Last for its implicit order.</param>
internal readonly record struct QueryOrdering(LambdaExpression? KeySelector, bool Descending, string? Sql = null);
