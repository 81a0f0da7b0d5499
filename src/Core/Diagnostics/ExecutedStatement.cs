using System.Globalization;

namespace MicroDb;

/// <summary>
/// One statement a connection ran, as given to <see cref="MicroDbOptions.OnStatement"/>: its SQL, its parameter values
/// (only with <see cref="MicroDbOptions.IncludeParameterValues"/>), the rows it read or changed, how long it took and how
/// its SQL was produced.
/// </summary>
public readonly struct ExecutedStatement
{
    internal ExecutedStatement(string sql, IReadOnlyList<object?>? parameters, int rows, TimeSpan elapsed, StatementSource source, Exception? error)
    {
        Sql = sql;
        Parameters = parameters;
        Rows = rows;
        Elapsed = elapsed;
        Source = source;
        Error = error;
    }

    /// <summary>The SQL text as prepared.</summary>
    public string Sql { get; }

    /// <summary>
    /// The parameter values in parameter order (index 0 is SQL parameter 1), as the application gave them (CRUD: the
    /// entity's member values); null unless <see cref="MicroDbOptions.IncludeParameterValues"/> is set, so values never
    /// reach a log by default.
    /// </summary>
    public IReadOnlyList<object?>? Parameters { get; }

    /// <summary>Rows read, for a statement that returns rows (a query, <c>Find</c>: 0 or 1); rows changed otherwise (what <c>Execute</c>, <c>Insert</c>, <c>Update</c> and <c>Delete</c> return).</summary>
    public int Rows { get; }

    /// <summary>
    /// Time from taking the statement to giving it back: binding, every step and reading the rows. For a streamed
    /// query (<c>DeferredQuery</c>, async enumeration) this includes the time the caller spent between rows.
    /// </summary>
    public TimeSpan Elapsed { get; }

    /// <summary>How the SQL was produced.</summary>
    public StatementSource Source { get; }

    /// <summary>The error the statement failed with (it then propagates to the caller), or null.</summary>
    public Exception? Error { get; }

    /// <inheritdoc/>
    public override string ToString() =>
        string.Create(CultureInfo.InvariantCulture, $"{Source} {Sql} ({Rows} rows, {Elapsed.TotalMilliseconds:0.###} ms{(Error is null ? string.Empty : ", failed: " + Error.GetType().Name)})");
}
