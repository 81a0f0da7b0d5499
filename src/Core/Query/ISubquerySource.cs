using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// A table query seen without its element type, for the translator: when a lambda reads
/// <c>db.Table&lt;Line&gt;()...Any(...)</c>, the inner query becomes a sub-query of the outer statement.
/// </summary>
internal interface ISubquerySource
{
    /// <summary>The connection the query was made on (a <see cref="MicroDbConnection"/>, or another database's connection object): compared by reference with <see cref="SubqueryConnection.Current"/>.</summary>
    object Connection { get; }

    /// <summary>The table it reads.</summary>
    TableMapping Table { get; }

    /// <summary>The limited query it reads (its Where calls came after Take/Skip), or null when it reads the table.</summary>
    ISubquerySource? LimitedSource { get; }

    /// <summary>Its LIMIT, or null.</summary>
    int? Limit { get; }

    /// <summary>Its OFFSET (0 for none).</summary>
    int Offset { get; }

    /// <summary>Its orderings as they apply to its rows (those of the limited query it reads when it has none of its own).</summary>
    IReadOnlyList<QueryOrdering> Orderings { get; }

    /// <summary>Its Where lambdas, in order (ANDed).</summary>
    IReadOnlyList<LambdaExpression> WhereLambdas { get; }
}
