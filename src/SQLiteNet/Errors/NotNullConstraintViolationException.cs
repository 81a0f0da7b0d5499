namespace SQLite;

/// <summary>A <c>NOT NULL</c> constraint failed; <see cref="Columns"/> names the mapped columns that held null.</summary>
public class NotNullConstraintViolationException : SQLiteException
{
    /// <summary>A violation with no column information.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    protected NotNullConstraintViolationException(SQLite3.Result r, string message)
        : this(r, message, null, null)
    {
    }

    /// <summary>A violation while writing <paramref name="obj"/>.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    /// <param name="mapping">The table written to.</param>
    /// <param name="obj">The object written.</param>
    protected NotNullConstraintViolationException(SQLite3.Result r, string message, TableMapping mapping, object obj)
        : this(r, message, mapping, obj, null)
    {
    }

    private NotNullConstraintViolationException(SQLite3.Result r, string message, TableMapping mapping, object obj, Exception inner)
        : base(r, message, inner)
    {
        Columns = mapping is not null && obj is not null
            ? mapping.Columns.Where(c => !c.IsNullable && c.GetValue(obj) is null).ToArray()
            : null;
    }

    /// <summary>The mapped columns declared not null whose value was null; null when unknown (no object was written: <c>Execute</c>, <c>Query</c>), as in sqlite-net.</summary>
    public IEnumerable<TableMapping.Column> Columns { get; protected set; }

    /// <summary>Creates a violation with no column information.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    /// <returns>The exception.</returns>
    public static new NotNullConstraintViolationException New(SQLite3.Result r, string message) => new(r, message);

    /// <summary>Creates a violation while writing <paramref name="obj"/>.</summary>
    /// <param name="r">SQLite's result code.</param>
    /// <param name="message">SQLite's message.</param>
    /// <param name="mapping">The table written to.</param>
    /// <param name="obj">The object written.</param>
    /// <returns>The exception.</returns>
    public static NotNullConstraintViolationException New(SQLite3.Result r, string message, TableMapping mapping, object obj) =>
        new(r, message, mapping, obj);

    /// <summary>Turns <paramref name="exception"/> into a violation while writing <paramref name="obj"/>.</summary>
    /// <param name="exception">The constraint error.</param>
    /// <param name="mapping">The table written to.</param>
    /// <param name="obj">The object written.</param>
    /// <returns>The exception.</returns>
    public static NotNullConstraintViolationException New(SQLiteException exception, TableMapping mapping, object obj)
    {
        ArgumentNullException.ThrowIfNull(exception);
        return new(exception.Result, exception.Message, mapping, obj, exception.InnerException ?? exception);
    }

    internal static NotNullConstraintViolationException Wrap(SQLite3.Result r, string message, TableMapping mapping, object obj, Exception inner) =>
        new(r, message, mapping, obj, inner);
}
