using System.Linq.Expressions;

namespace MicroDb.Query;

/// <summary>One ORDER BY term of a <see cref="TableQuery{T}"/>.</summary>
/// <param name="KeySelector">The key selector.</param>
/// <param name="Descending">True for DESC.</param>
internal readonly record struct QueryOrdering(LambdaExpression KeySelector, bool Descending);
