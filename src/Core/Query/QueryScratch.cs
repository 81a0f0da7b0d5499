using System.Text;

namespace MicroDb.Query;

/// <summary>
/// A thread's buffers for building one statement: the SQL text and the translator's arguments. A query that runs at
/// once (first row, list, count ...) rents them, binds and steps, and gives them back, so composing its SQL allocates
/// nothing; a query that streams (the arguments are bound on the first MoveNext) builds into its own buffers instead.
/// Renting takes the thread's spare and leaves none, so a query run from inside another (a captured value whose getter
/// queries) gets fresh buffers rather than the ones in use.
/// </summary>
internal sealed class QueryScratch
{
    private const int RecentTexts = 8;

    [ThreadStatic]
    private static QueryScratch? _spare;

    // SQL texts this thread built lately: the same query shape gives the same text, which is then not allocated again.
    [ThreadStatic]
    private static string[]? _recent;

    [ThreadStatic]
    private static int _nextRecent;

    /// <summary>The SQL being built.</summary>
    public StringBuilder Sql { get; } = new(256);

    /// <summary>The arguments, one per <c>?</c> in <see cref="Sql"/>.</summary>
    public List<object?> Args { get; } = [];

    /// <summary>Takes the thread's spare buffers, or new ones when they are in use.</summary>
    public static QueryScratch Rent()
    {
        var scratch = _spare;
        if (scratch is null)
        {
            return new QueryScratch();
        }

        _spare = null;
        return scratch;
    }

    /// <summary>Empties the buffers and keeps them as the thread's spare (unless a huge query grew them).</summary>
    public static void Return(QueryScratch scratch)
    {
        scratch.Sql.Clear();
        scratch.Args.Clear();
        if (scratch.Sql.Capacity <= 8192 && scratch.Args.Capacity <= 1024)
        {
            _spare = scratch;
        }
    }

    /// <summary>The text of <see cref="Sql"/>: the string this thread made for the same text lately, or a new one.</summary>
    public string SqlText()
    {
        var recent = _recent ??= new string[RecentTexts];
        var sql = Sql;
        foreach (var text in recent)
        {
            if (text is not null && text.Length == sql.Length && sql.Equals(text.AsSpan()))
            {
                return text;
            }
        }

        var made = sql.ToString();
        recent[_nextRecent] = made;
        _nextRecent = (_nextRecent + 1) % RecentTexts;
        return made;
    }
}
