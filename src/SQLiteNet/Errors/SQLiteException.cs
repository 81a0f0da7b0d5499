namespace SQLite;

/// <summary>
/// An error SQLite reported, with its result code: <c>catch (SQLiteException e) when (e.Result == SQLite3.Result.Constraint)</c>.
/// The MicroDb exception it came from, when there is one, is the <see cref="Exception.InnerException"/>.
/// </summary>
public class SQLiteException : Exception
{
    /// <summary>An error with result code <paramref name="r"/>.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    protected SQLiteException(SQLite3.Result r, string message)
        : base(message)
    {
        Result = r;
    }

    /// <summary>An error with result code <paramref name="r"/> caused by <paramref name="inner"/>.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    /// <param name="inner">The MicroDb exception reporting it.</param>
    protected SQLiteException(SQLite3.Result r, string message, Exception inner)
        : base(message, inner)
    {
        Result = r;
    }

    /// <summary>SQLite's primary result code.</summary>
    public SQLite3.Result Result { get; private set; }

    /// <summary>Creates an exception for result code <paramref name="r"/>.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    /// <returns>The exception.</returns>
    public static SQLiteException New(SQLite3.Result r, string message) => new(r, message);

    internal static SQLiteException Wrap(SQLite3.Result r, string message, Exception inner) => new(r, message, inner);
}
