namespace MicroDb.Query;

/// <summary>
/// A table query of the asynchronous connection seen as a sub-query: made on its pool's writer, it joins the statement
/// of whichever pooled connection (a reader, or the writer) runs the outer query.
/// </summary>
internal interface IAsyncSubquerySource : ISubquerySource
{
}
