namespace MicroDb.Query;

// A computed group key the result reads (GroupBy(x => x.Age / size).Select(g => g.Key)): the generated projector computes
// the key from the row's columns, as the run-time path does in .NET, and reads the key's captured values once per run
// from the key selector, at the paths the site reads the values it binds.
public static partial class QueryInterception
{
    /// <summary>
    /// For generated code: the captured value at <paramref name="path"/> in the grouping's key selector (as
    /// <see cref="InterceptedSite.KeyValue"/> reads it), or default when the tree has none there (the site then sends the run
    /// to the run-time path, so the projector that would read it does not run).
    /// </summary>
    /// <typeparam name="TResult">The result type.</typeparam>
    /// <typeparam name="TValue">The value's type, as the generator saw it.</typeparam>
    /// <param name="query">The grouped query the (run-time) operators built.</param>
    /// <param name="path">Where the value is in the key selector's body.</param>
    /// <returns>The value, or default.</returns>
    public static TValue KeyOperand<TResult, TValue>(GroupedQuery<TResult> query, string path)
    {
        ArgumentNullException.ThrowIfNull(query);
        ArgumentNullException.ThrowIfNull(path);
        return InterceptedSite.TryReadKey(query.State.Key, path, out var value) && value is TValue typed ? typed : default!;
    }
}
