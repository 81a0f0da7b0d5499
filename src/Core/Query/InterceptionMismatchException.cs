namespace MicroDb.Query;

/// <summary>
/// Thrown by <see cref="InterceptionCheck"/> (tests only) when an intercepted query's SQL, values or results differ
/// from the run-time front end's. Not an <see cref="InvalidOperationException"/>, so a test that expects a query's own
/// error cannot swallow it.
/// </summary>
internal sealed class InterceptionMismatchException : Exception
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">Both SQL texts and what differs.</param>
    public InterceptionMismatchException(string message)
        : base(message)
    {
    }
}
