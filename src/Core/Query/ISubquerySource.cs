using System.Linq.Expressions;
using MicroDb.Mapping;

namespace MicroDb.Query;

/// <summary>
/// A table query seen without its element type, for the translator: when a <c>Where</c> lambda reads
/// <c>db.Table&lt;Line&gt;()...Any(...)</c>, the inner query becomes a sub-query of the outer statement.
/// </summary>
internal interface ISubquerySource
{
    /// <summary>The connection the query was made on.</summary>
    MicroDbConnection Connection { get; }

    /// <summary>The table it reads.</summary>
    TableMapping Table { get; }

    /// <summary>True when it reads a limited query (Take/Skip): not a sub-query the translator nests.</summary>
    bool IsLimitedOrNested { get; }

    /// <summary>Its Where lambdas, in order (ANDed).</summary>
    IReadOnlyList<LambdaExpression> WhereLambdas { get; }
}
