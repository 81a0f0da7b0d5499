namespace MicroDb.Query;

/// <summary>
/// The argument of the compiled query running on this thread: a compiled query's trees read it where the user's lambda
/// read its parameter, so one set of trees (one translation, cached) serves every call. Set only for the duration of a
/// call; the SQL and its arguments are built synchronously on the calling thread.
/// </summary>
/// <typeparam name="TArg">The argument type.</typeparam>
internal static class CompiledQueryArgument<TArg>
{
    // Read through the expression tree (ExpressionInterpreter): a field, so no accessor method needs keeping.
    [ThreadStatic]
    public static TArg? Current;
}
