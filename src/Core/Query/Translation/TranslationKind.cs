namespace MicroDb.Query;

/// <summary>What a lambda is translated as.</summary>
internal enum TranslationKind
{
    /// <summary>A WHERE condition.</summary>
    Predicate,

    /// <summary>An ORDER BY key (without direction).</summary>
    OrderKey,

    /// <summary>A plain SQL value (the selector of sum(), avg() and the like).</summary>
    Value,

    /// <summary>An ExecuteUpdate setter's value over the row: a value, with an integer converted to decimal as REAL.</summary>
    Setter,
}
