using System.Linq.Expressions;
using MicroDb.Query.Model;

namespace MicroDb.Query;

/// <summary>One ORDER BY term of a <see cref="TableQuery{T}"/>.</summary>
/// <param name="KeySelector">The key selector (null when <paramref name="Term"/> is given).</param>
/// <param name="Descending">True for DESC.</param>
/// <param name="Term">A fixed term (the key column or <c>rowid</c>), used by Last for its implicit order.</param>
/// <param name="Prepared">The key selector as checked by the operator (its cache entry and site nodes), when there is one.</param>
internal readonly record struct QueryOrdering(LambdaExpression? KeySelector, bool Descending, SqlExpression? Term = null, TranslationCache.PreparedLambda? Prepared = null);
