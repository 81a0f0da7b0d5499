namespace SQLite;

/// <summary>The result of each table of a <c>CreateTables</c> call.</summary>
public class CreateTablesResult
{
    /// <summary>An empty result.</summary>
    public CreateTablesResult()
    {
        Results = new Dictionary<Type, CreateTableResult>();
    }

    /// <summary>The result per mapped type.</summary>
    public Dictionary<Type, CreateTableResult> Results { get; private set; }
}
