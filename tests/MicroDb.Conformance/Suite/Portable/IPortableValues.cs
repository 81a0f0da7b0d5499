using System.Linq.Expressions;

namespace MicroDb.Conformance.Portable;

/// <summary>
/// One member's values of a table query (<see cref="IPortableQuery{T}.Values{TResult}"/>): written inside a lambda as
/// <c>db.Table&lt;Order&gt;().Values(o =&gt; o.CustomerId).Contains(c.Id)</c>, an IN or EXISTS sub-query.
/// </summary>
public interface IPortableValues<T>
{
    /// <summary>Whether <paramref name="value"/> is one of the values (run on its own: the query's values read).</summary>
    bool Contains(T value);

    /// <summary>The database's own <c>query.Select(selector).Contains(value)</c> as an expression, for the translator.</summary>
    Expression NativeContains(Expression value);
}
