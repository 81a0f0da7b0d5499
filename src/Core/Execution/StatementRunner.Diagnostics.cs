using System.Diagnostics;
using System.Runtime.CompilerServices;
using MicroDb.Mapping;
using MicroDb.Native;

namespace MicroDb;

// Seeing what runs: every statement the runner runs is reported to the connection's MicroDbOptions.OnStatement and to
// MicroDbDiagnostics' ActivitySource and Meter. When nobody listens, a call pays one null test and three field reads
// (ObserveStart returns 0): no Stopwatch, no allocation. When someone does, the start is taken before the connection's
// lock and the report is made after the statement's last step, still under the lock, or from an exception filter when
// it fails (the filter returns false, so the exception propagates untouched).
internal sealed partial class StatementRunner
{
    private readonly Action<ExecutedStatement>? _onStatement;
    private readonly bool _includeParameterValues;
    private readonly string _databaseName;

    /// <summary>A Stopwatch timestamp when someone listens, else 0 (report nothing).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public long ObserveStart() => _onStatement is not null || MicroDbDiagnostics.IsObserved ? Stopwatch.GetTimestamp() : 0;

    /// <summary>Reports ad-hoc or LINQ SQL; <paramref name="statement"/> (when still held) orders named parameters as the SQL does.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public void Report(long start, string sql, in StatementArguments args, SqliteStatement? statement, int rows, Exception? error = null) =>
        Publish(start, sql, _includeParameterValues ? args.Values(statement) : null, rows, args.Source, error);

    /// <summary>Exception filter: reports the failure and returns false, so the exception is not caught.</summary>
    public bool ReportFailed(long start, string sql, in StatementArguments args, Exception error)
    {
        Report(start, sql, args, null, 0, error);
        return false;
    }

    /// <summary>Reports a CRUD statement; the parameter values (when opted in) are read from the entity's columns.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReportCrud<T>(long start, EntityMap<T> map, string sql, CrudValues values, T entity, int rows, Exception? error = null) =>
        Publish(start, sql, _includeParameterValues ? CrudParameters(map, values, entity) : null, rows, StatementSource.Crud, error);

    private bool ReportCrudFailed<T>(long start, EntityMap<T> map, string sql, CrudValues values, T entity, Exception error)
    {
        ReportCrud(start, map, sql, values, entity, 0, error);
        return false;
    }

    /// <summary>Reports a CRUD statement by key (one value or a composite key's).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void ReportKeys<TKeys>(long start, string sql, TKeys keys, int rows, Exception? error = null)
        where TKeys : struct, ICompositeKey =>
        Publish(start, sql, _includeParameterValues ? keys.Values() : null, rows, StatementSource.Crud, error);

    private bool ReportKeysFailed<TKeys>(long start, string sql, TKeys keys, Exception error)
        where TKeys : struct, ICompositeKey
    {
        ReportKeys(start, sql, keys, 0, error);
        return false;
    }

    private static object?[] CrudParameters<T>(EntityMap<T> map, CrudValues values, T entity)
    {
        var table = map.Table;
        IReadOnlyList<ColumnMapping> columns = values switch
        {
            CrudValues.Insert => table.InsertColumns,
            CrudValues.All => table.Columns,
            CrudValues.Update => [.. table.UpdateColumns, .. table.PrimaryKeyColumns],
            _ => table.PrimaryKeyColumns,
        };
        var result = new object?[columns.Count];
        for (var i = 0; i < result.Length; i++)
        {
            result[i] = map.GetValue(entity, columns[i].Ordinal);
        }

        return result;
    }

    private void Publish(long start, string sql, IReadOnlyList<object?>? parameters, int rows, StatementSource source, Exception? error)
    {
        var elapsed = Stopwatch.GetElapsedTime(start);
        var operation = OperationName(sql);
        var tags = new TagList
        {
            { "db.system.name", "sqlite" },
            { "db.operation.name", operation },
            { "microdb.source", SourceName(source) },
        };
        if (error is not null)
        {
            tags.Add("error.type", error.GetType().FullName);
        }

        if (MicroDbDiagnostics.Duration.Enabled)
        {
            MicroDbDiagnostics.Duration.Record(elapsed.TotalSeconds, tags);
        }

        if (MicroDbDiagnostics.Statements.Enabled)
        {
            MicroDbDiagnostics.Statements.Add(1, tags);
        }

        if (MicroDbDiagnostics.Source.HasListeners())
        {
            StartAndStopActivity(sql, parameters, rows, source, error, elapsed, operation);
        }

        _onStatement?.Invoke(new ExecutedStatement(sql, parameters, rows, elapsed, source, error));
    }

    /// <summary>
    /// The statement's activity, created when the statement is over with its real start time and duration (a child of
    /// the caller's current activity). Created afterwards so a streamed query's activity never leaks into
    /// <see cref="Activity.Current"/> between rows.
    /// </summary>
    private void StartAndStopActivity(string sql, IReadOnlyList<object?>? parameters, int rows, StatementSource source, Exception? error, TimeSpan elapsed, string? operation)
    {
        var end = DateTime.UtcNow;
        using var activity = MicroDbDiagnostics.Source.StartActivity(
            operation ?? MicroDbDiagnostics.DefaultActivityName, ActivityKind.Client, parentContext: default, tags: null, links: null, startTime: end - elapsed);
        if (activity is null)
        {
            return;
        }

        if (activity.IsAllDataRequested)
        {
            activity.SetTag("db.system.name", "sqlite");
            activity.SetTag("db.system", "sqlite");
            activity.SetTag("db.namespace", _databaseName);
            activity.SetTag("db.operation.name", operation);
            activity.SetTag("db.query.text", sql);
            activity.SetTag("db.response.returned_rows", rows);
            activity.SetTag("microdb.rows", rows);
            activity.SetTag("microdb.source", SourceName(source));
            if (parameters is not null)
            {
                for (var i = 0; i < parameters.Count; i++)
                {
                    activity.SetTag(ParameterTag(i), parameters[i]);
                }
            }
        }

        if (error is not null)
        {
            activity.SetTag("error.type", error.GetType().FullName);
            activity.SetStatus(ActivityStatusCode.Error, error.Message);
        }

        activity.SetEndTime(end);
    }

    private static readonly string[] ParameterTags = [.. Enumerable.Range(1, 16).Select(i => "db.query.parameter." + i)];

    /// <summary>The tag of SQL parameter <paramref name="index"/> + 1 (1-based, as SQLite numbers parameters).</summary>
    private static string ParameterTag(int index) => index < ParameterTags.Length ? ParameterTags[index] : "db.query.parameter." + (index + 1);

    private static string SourceName(StatementSource source) => source switch
    {
        StatementSource.Sql => "sql",
        StatementSource.Linq => "linq",
        StatementSource.Crud => "crud",
        StatementSource.Intercepted => "intercepted",
        StatementSource.Compiled => "compiled",
        _ => "unknown",
    };

    private static readonly string[] KnownOperations =
    [
        "SELECT", "INSERT", "UPDATE", "DELETE", "REPLACE", "WITH", "CREATE", "DROP", "ALTER", "PRAGMA", "BEGIN", "COMMIT",
        "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "VACUUM", "ANALYZE", "ATTACH", "DETACH", "REINDEX", "EXPLAIN",
    ];

    /// <summary>The SQL's first keyword in upper case (<c>SELECT</c>, <c>INSERT</c>, ...), or null when it is not a known one.</summary>
    internal static string? OperationName(string sql)
    {
        var text = sql.AsSpan().TrimStart();
        var length = 0;
        while (length < text.Length && char.IsAsciiLetter(text[length]))
        {
            length++;
        }

        var word = text[..length];
        foreach (var known in KnownOperations)
        {
            if (word.Equals(known, StringComparison.OrdinalIgnoreCase))
            {
                return known;
            }
        }

        return null;
    }

    /// <summary>Which of the entity's columns a CRUD statement binds, in parameter order.</summary>
    private enum CrudValues
    {
        Insert,
        All,
        Update,
        Key,
    }
}
