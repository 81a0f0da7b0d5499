namespace MicroDb.Conformance.Query;

/// <summary>A captured value whose getter runs code (a query) each time a predicate reads it.</summary>
public sealed class QueryValueBox(Func<int> read)
{
    /// <summary>Runs the getter's code.</summary>
    public int Value => read();
}
