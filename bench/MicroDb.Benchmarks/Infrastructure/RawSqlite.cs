using MicroDb.Mapping;
using SQLitePCL;

namespace MicroDb.Benchmarks.Infrastructure;

/// <summary>
/// Helpers for the hand-written SQLitePCLRaw baselines: open with the same flags and pragmas MicroDb uses,
/// prepare, execute, and check result codes. Everything the baselines do per row is written out in place.
/// </summary>
public static class RawSqlite
{
    private static int _initialized;

    /// <summary>Initializes SQLitePCLRaw once.</summary>
    public static void Init()
    {
        if (Interlocked.Exchange(ref _initialized, 1) == 0)
        {
            Batteries_V2.Init();
        }
    }

    /// <summary>Opens <paramref name="path"/> like MicroDbConnection does (NOMUTEX, busy timeout, the durability pragmas).</summary>
    /// <param name="path">The database file.</param>
    /// <param name="durability">The durability settings.</param>
    public static sqlite3 Open(string path, Durability durability)
    {
        Init();
        var rc = raw.sqlite3_open_v2(path, out var db, raw.SQLITE_OPEN_READWRITE | raw.SQLITE_OPEN_CREATE | raw.SQLITE_OPEN_NOMUTEX | raw.SQLITE_OPEN_URI, null);
        Check(db, rc, "open " + path);
        raw.sqlite3_extended_result_codes(db, 1);
        raw.sqlite3_busy_timeout(db, 5000);
        foreach (var pragma in Pragmas(durability))
        {
            Exec(db, pragma);
        }

        return db;
    }

    /// <summary>The pragmas MicroDb applies for <paramref name="durability"/> (none for Untuned).</summary>
    /// <param name="durability">The durability settings.</param>
    public static string[] Pragmas(Durability durability) => durability switch
    {
        Durability.Untuned => [],
        _ => ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=1", "PRAGMA foreign_keys=ON"],
    };

    /// <summary>MicroDb options with the same durability settings.</summary>
    /// <param name="path">The database file.</param>
    /// <param name="durability">The durability settings.</param>
    /// <param name="mode">Which mapping path.</param>
    public static MicroDbOptions Options(string path, Durability durability, MappingMode mode)
    {
        var options = new MicroDbOptions(path)
        {
            Preset = durability == Durability.Untuned ? MicroDbPreset.Untuned : MicroDbPreset.Default,
            Mapping = mode,
        };
        if (mode == MappingMode.Reflection)
        {
            options.ReflectionProvider = MicroDb.Runtime.Reflection.ReflectionMapProvider.Instance;
        }

        return options;
    }

    /// <summary>Runs SQL that returns no rows we need.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="sql">One or more statements.</param>
    public static void Exec(sqlite3 db, string sql) => Check(db, raw.sqlite3_exec(db, sql), sql);

    /// <summary>Prepares a statement to be reused.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="sql">One statement.</param>
    public static sqlite3_stmt Prepare(sqlite3 db, string sql)
    {
        Check(db, raw.sqlite3_prepare_v2(db, sql, out var stmt), sql);
        return stmt;
    }

    /// <summary>Throws when <paramref name="rc"/> is not OK, DONE or ROW.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="rc">The result code.</param>
    /// <param name="what">What was being done.</param>
    public static void Check(sqlite3 db, int rc, string what)
    {
        if (rc != raw.SQLITE_OK && rc != raw.SQLITE_DONE && rc != raw.SQLITE_ROW)
        {
            throw new InvalidOperationException($"SQLite error {rc} ({raw.sqlite3_errmsg(db).utf8_to_string()}) in: {what}");
        }
    }

    /// <summary>Steps a statement that must finish (INSERT/UPDATE/DELETE) and resets it.</summary>
    /// <param name="db">The connection.</param>
    /// <param name="stmt">The statement.</param>
    public static void StepDone(sqlite3 db, sqlite3_stmt stmt)
    {
        var rc = raw.sqlite3_step(stmt);
        raw.sqlite3_reset(stmt);
        if (rc != raw.SQLITE_DONE)
        {
            Check(db, rc, "step");
        }
    }

    /// <summary>The CREATE TABLE and CREATE INDEX statements MicroDb issues for <paramref name="map"/>, so every provider gets the same schema.</summary>
    /// <param name="map">The map.</param>
    public static string Schema(IEntityMap map)
    {
        var sql = map.Sql.CreateTable + ";";
        foreach (var index in map.Table.Indexes)
        {
            // Written out here (MicroDb's SQL builder is internal): the same text MicroDb issues.
            var columns = string.Join(", ", index.Columns.Select(Quote));
            sql += $"CREATE {(index.IsUnique ? "UNIQUE " : string.Empty)}INDEX IF NOT EXISTS {Quote(index.Name)} ON {Quote(map.Table.TableName)} ({columns});";
        }

        return sql;
    }

    /// <summary>Quotes an identifier the way SQLite expects ("name", inner quotes doubled).</summary>
    /// <param name="name">The identifier.</param>
    public static string Quote(string name) => "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    /// <summary>
    /// The hand-written reader of a study-002 row: the 11 columns in declaration order, one native call per column
    /// (<c>sqlite3_column_text</c> is a null pointer for NULL, so text needs no <c>sqlite3_column_type</c> first).
    /// </summary>
    /// <param name="stmt">A statement positioned on a row of <c>SELECT</c> of every column.</param>
    public static Models.TextRecord ReadTextRecord(sqlite3_stmt stmt) => new()
    {
        Id = raw.sqlite3_column_int(stmt, 0),
        Title = Text(stmt, 1),
        Author = Text(stmt, 2),
        Email = Text(stmt, 3),
        Street = Text(stmt, 4),
        City = Text(stmt, 5),
        Country = Text(stmt, 6),
        Summary = Text(stmt, 7),
        Notes = Text(stmt, 8),
        Rating = raw.sqlite3_column_int(stmt, 9),
        Price = raw.sqlite3_column_double(stmt, 10),
    };

    /// <summary>
    /// The earlier hand-written reader, kept as a second baseline row: each text column asks <c>sqlite3_column_type</c>
    /// before reading the text (two native calls per text column).
    /// </summary>
    /// <param name="stmt">A statement positioned on a row of <c>SELECT</c> of every column.</param>
    public static Models.TextRecord ReadTextRecordTypeChecked(sqlite3_stmt stmt) => new()
    {
        Id = raw.sqlite3_column_int(stmt, 0),
        Title = TypeCheckedText(stmt, 1),
        Author = TypeCheckedText(stmt, 2),
        Email = TypeCheckedText(stmt, 3),
        Street = TypeCheckedText(stmt, 4),
        City = TypeCheckedText(stmt, 5),
        Country = TypeCheckedText(stmt, 6),
        Summary = TypeCheckedText(stmt, 7),
        Notes = TypeCheckedText(stmt, 8),
        Rating = raw.sqlite3_column_int(stmt, 9),
        Price = raw.sqlite3_column_double(stmt, 10),
    };

    private static string? Text(sqlite3_stmt stmt, int i) => raw.sqlite3_column_text(stmt, i).utf8_to_string();

    private static string? TypeCheckedText(sqlite3_stmt stmt, int i) =>
        raw.sqlite3_column_type(stmt, i) == raw.SQLITE_NULL ? null : raw.sqlite3_column_text(stmt, i).utf8_to_string();
}
