using Npgsql;

namespace MicroDb.Npgsql;

/// <summary>
/// The ad-hoc SQL texts (<c>Query</c>, <c>Execute</c>, <c>ExecuteScalar</c>) one <see cref="MicroDbNpgsqlConnection"/>
/// has run, counted by text, and the prepared command of each text used a second time (docs/postgresql.md, "Prepared
/// ad-hoc SQL"). Bounded: at most <see cref="Capacity"/> prepared texts (the least recently used one is unprepared on
/// the server to make room) and <see cref="Tracked"/> counted texts. Only a single statement that starts with a query
/// or DML keyword is prepared; DDL, session commands (<c>SET</c>, <c>DISCARD</c> ...) and multi-statement texts always
/// run unprepared.
/// </summary>
internal sealed class AdHocStatements : IDisposable
{
    /// <summary>Prepared texts kept per connection (Npgsql's own <c>Max Auto Prepare</c> warns above 256; its candidates are 100).</summary>
    public const int Capacity = 64;

    /// <summary>Texts counted (once-used ones among them) before the least recently used unprepared one is forgotten.</summary>
    public const int Tracked = 256;

    /// <summary>The use of a text that makes it prepared (Npgsql's auto-preparation default is 5; an explicit cache can afford 2).</summary>
    public const int UsesBeforePrepare = 2;

    private readonly Dictionary<string, AdHocStatement> _texts = new(StringComparer.Ordinal);
    private long _clock;
    private int _prepared;

    /// <summary>
    /// Counts a use of <paramref name="sql"/>; returns its entry when the text is to run prepared (a preparable text used
    /// at least <see cref="UsesBeforePrepare"/> times), else null (run it as a one-off command).
    /// </summary>
    public AdHocStatement? Use(string sql)
    {
        if (!_texts.TryGetValue(sql, out var entry))
        {
            if (!IsPreparable(sql))
            {
                return null;
            }

            if (_texts.Count >= Tracked)
            {
                ForgetLeastRecentUnprepared();
            }

            entry = new AdHocStatement(sql);
            _texts.Add(sql, entry);
        }

        entry.LastUsed = ++_clock;
        if (entry.Uses < int.MaxValue)
        {
            entry.Uses++;
        }

        return entry.Uses >= UsesBeforePrepare ? entry : null;
    }

    /// <summary>
    /// Gives <paramref name="entry"/> a command of its own, first unpreparing the least recently used prepared text when
    /// <see cref="Capacity"/> texts are already prepared; returns the evicted command (to unprepare and dispose) or null.
    /// </summary>
    public NpgsqlCommand? Adopt(AdHocStatement entry, NpgsqlConnection connection)
    {
        NpgsqlCommand? evicted = null;
        if (_prepared >= Capacity)
        {
            AdHocStatement? oldest = null;
            foreach (var candidate in _texts.Values)
            {
                if (candidate.Command is not null && !candidate.Busy && (oldest is null || candidate.LastUsed < oldest.LastUsed))
                {
                    oldest = candidate;
                }
            }

            if (oldest is not null)
            {
                evicted = oldest.Command;
                oldest.Release();
                oldest.Uses = 0;
                _prepared--;
            }
        }

        entry.Command = new NpgsqlCommand(entry.Sql, connection);
        _prepared++;
        return evicted;
    }

    /// <summary>The number of texts holding a command (prepared, or to be prepared on their next run).</summary>
    public int PreparedCount => _prepared;

    /// <summary>
    /// True for a text MicroDb may prepare: one statement (no <c>;</c> but a trailing one) whose first word is SELECT,
    /// INSERT, UPDATE, DELETE, WITH, VALUES, MERGE or TABLE.
    /// </summary>
    public static bool IsPreparable(string sql)
    {
        var span = sql.AsSpan().Trim();
        if (span.EndsWith(";"))
        {
            span = span[..^1].TrimEnd();
        }

        if (span.IsEmpty || span.Contains(';'))
        {
            return false;
        }

        var start = 0;
        while (start < span.Length && (span[start] == '(' || char.IsWhiteSpace(span[start])))
        {
            start++;
        }

        var end = start;
        while (end < span.Length && char.IsAsciiLetter(span[end]))
        {
            end++;
        }

        var word = span[start..end];
        return word.Equals("SELECT", StringComparison.OrdinalIgnoreCase)
            || word.Equals("INSERT", StringComparison.OrdinalIgnoreCase)
            || word.Equals("UPDATE", StringComparison.OrdinalIgnoreCase)
            || word.Equals("DELETE", StringComparison.OrdinalIgnoreCase)
            || word.Equals("WITH", StringComparison.OrdinalIgnoreCase)
            || word.Equals("VALUES", StringComparison.OrdinalIgnoreCase)
            || word.Equals("MERGE", StringComparison.OrdinalIgnoreCase)
            || word.Equals("TABLE", StringComparison.OrdinalIgnoreCase);
    }

    public void Dispose()
    {
        foreach (var entry in _texts.Values)
        {
            entry.Command?.Dispose();
            entry.Release();
        }

        _texts.Clear();
        _prepared = 0;
    }

    private void ForgetLeastRecentUnprepared()
    {
        AdHocStatement? oldest = null;
        foreach (var candidate in _texts.Values)
        {
            if (candidate.Command is null && (oldest is null || candidate.LastUsed < oldest.LastUsed))
            {
                oldest = candidate;
            }
        }

        if (oldest is not null)
        {
            _texts.Remove(oldest.Sql);
        }
    }
}
